import { http, HttpResponse } from 'msw';
import { server } from '@/mocks/node';
import { listErrors } from '@/db/error-log';
import type { ApiError } from '@/lib/http/api-error';
import { generateSpeech, getTtsRoles, lastTtsProvider, setTtsRoles } from './tts';

type Hit = { provider: string; at: number };

function failProviders(failing: Record<string, number>, hits: Hit[]) {
  server.use(
    http.post('*/api/tts/generate', async ({ request }) => {
      const { provider } = (await request.json()) as { provider: string };
      hits.push({ provider, at: Date.now() });
      if ((failing[provider] ?? 0) > 0) {
        failing[provider] = (failing[provider] ?? 0) - 1;
        return new HttpResponse('busy', { status: 503, statusText: 'Service Unavailable' });
      }
      return HttpResponse.arrayBuffer(new Uint8Array([1, 2, 3]).buffer, { headers: { 'Content-Type': 'audio/wav' } });
    }),
  );
}

/** Advances fake time in 100 ms steps, letting MSW and IndexedDB (real macrotasks) finish between steps. */
async function advance(ms: number) {
  for (let t = 0; t < ms; t += 100) {
    await vi.advanceTimersByTimeAsync(100);
    for (let i = 0; i < 5; i++) await new Promise((resolve) => setImmediate(resolve));
  }
}

afterEach(() => setTtsRoles({ primary: 'elevenlabs', backup: 'azure' }));

describe('TTS failover (SPEC §7/§8)', () => {
  test('defaults: elevenlabs primary, azure backup; the mock returns a WAV blob', async () => {
    expect(getTtsRoles()).toEqual({ primary: 'elevenlabs', backup: 'azure' });
    const { audio, provider } = await generateSpeech('Guten Abend');
    expect(provider).toBe('elevenlabs');
    expect(audio.type).toBe('audio/wav');
    const head = new TextDecoder().decode(new Uint8Array(await audio.arrayBuffer()).slice(0, 12));
    expect(head.slice(0, 4)).toBe('RIFF');
    expect(head.slice(8, 12)).toBe('WAVE');
    expect(lastTtsProvider()).toBe('elevenlabs');
  });

  describe('with fake timers', () => {
    beforeEach(() => vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'Date'] }));
    afterEach(() => vi.useRealTimers());

    test('primary gets one retry, then the backup answers; the primary failure is recorded', async () => {
      const hits: Hit[] = [];
      failProviders({ elevenlabs: 99 }, hits);
      const outcome = generateSpeech('Hallo');
      await advance(2500);
      await expect(outcome).resolves.toMatchObject({ provider: 'azure' });
      expect(hits.map((h) => h.provider)).toEqual(['elevenlabs', 'elevenlabs', 'azure']);
      const entries = await listErrors();
      expect(entries).toHaveLength(1);
      expect(entries[0]).toMatchObject({
        service: 'elevenlabs',
        error: 'TTS failed: Service Unavailable',
        retryCount: 1,
      });
    });

    test('both failing: primary 1 retry, backup 3 retries (2 s, 4 s, 8 s), one TTS_SYSTEM entry', async () => {
      const hits: Hit[] = [];
      failProviders({ elevenlabs: 99, azure: 99 }, hits);
      const start = Date.now();
      const outcome = generateSpeech('Hallo').catch((e: unknown) => e);
      await advance(2000 + 2000 + 4000 + 8000 + 500);
      const error = (await outcome) as ApiError;
      expect(hits.map((h) => [h.provider, h.at - start])).toEqual([
        ['elevenlabs', 0],
        ['elevenlabs', 2000],
        ['azure', 2000],
        ['azure', 4000],
        ['azure', 8000],
        ['azure', 16000],
      ]);
      expect(error.code).toBe('TTS_SYSTEM');
      expect(error.message).toBe(
        'Both TTS services failed: Primary (elevenlabs): TTS failed: Service Unavailable, Backup (azure): Backup TTS failed: Service Unavailable',
      );
      const entries = await listErrors();
      expect(entries.map((e) => [e.service, e.error, e.retryCount])).toEqual([
        [
          'TTS_SYSTEM',
          'Both TTS services failed: Primary (elevenlabs): TTS failed: Service Unavailable, Backup (azure): Backup TTS failed: Service Unavailable',
          0,
        ],
        ['azure', 'Backup TTS failed: Service Unavailable', 3],
        ['elevenlabs', 'TTS failed: Service Unavailable', 1],
      ]);
    });
  });

  test('Switch swaps the roles: azure first, elevenlabs as backup', async () => {
    setTtsRoles({ primary: 'azure', backup: 'elevenlabs' });
    const hits: Hit[] = [];
    failProviders({ azure: 99 }, hits);
    server.use(
      http.post('*/api/tts/generate', async ({ request }) => {
        const { provider } = (await request.clone().json()) as { provider: string };
        if (provider === 'azure') {
          hits.push({ provider, at: 0 });
          return new HttpResponse('nein', { status: 400, statusText: 'Bad Request' });
        }
        return undefined;
      }),
    );
    const result = await generateSpeech('Hallo');
    expect(result.provider).toBe('elevenlabs');
    // A 400 is not retried, so the primary got exactly one attempt.
    expect(hits.filter((h) => h.provider === 'azure')).toHaveLength(1);
    expect((await listErrors())[0]).toMatchObject({ service: 'azure', error: 'TTS failed: Bad Request' });
  });
});
