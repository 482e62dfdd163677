import { http, HttpResponse } from 'msw';
import { server } from '@/mocks/node';
import { generateSpeech, SAVED_ROLES_WAIT_MS } from './tts';

// The saved settings never arrive (a database whose upgrade another tab blocks waits without end).
vi.mock('@/lib/settings-bootstrap', () => ({ settingsInRuntime: () => new Promise<void>(() => undefined) }));

test('a test speech does not wait without end for settings that cannot be read: it goes on with the roles in force', async () => {
  const asked: string[] = [];
  server.use(
    http.post('*/api/tts/generate', async ({ request }) => {
      asked.push(((await request.json()) as { provider: string }).provider);
      return HttpResponse.arrayBuffer(new Uint8Array([1, 2, 3]).buffer, { headers: { 'Content-Type': 'audio/wav' } });
    }),
  );
  const started = Date.now();
  const { provider } = await generateSpeech('Guten Abend');
  expect(provider).toBe('elevenlabs');
  expect(asked).toEqual(['elevenlabs']);
  expect(Date.now() - started).toBeGreaterThanOrEqual(SAVED_ROLES_WAIT_MS - 50);
});
