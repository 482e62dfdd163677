import { http, HttpResponse } from 'msw';
import { server } from '@/mocks/node';
import { listErrors } from '@/db/error-log';
import { keyFor, PROVIDER_SERVICES, testProvider, testProvidersSequentially } from './provider-tests';

const byId = (id: string) => {
  const service = PROVIDER_SERVICES.find((s) => s.id === id);
  if (!service) throw new Error(id);
  return service;
};

describe('provider tests', () => {
  test('ten services with the exact calls of SPEC §7', () => {
    expect(PROVIDER_SERVICES).toHaveLength(10);
    const calls = PROVIDER_SERVICES.map((s) => {
      const r = s.request('KEY');
      return `${r.method} ${r.url}`;
    });
    expect(calls).toEqual([
      'GET https://tavusapi.com/v2/personas',
      'GET https://api.elevenlabs.io/v1/voices',
      'GET https://api.openai.com/v1/models',
      'GET https://api.anthropic.com/v1/models',
      'GET https://api.pexels.com/v1/search?query=news&per_page=1',
      'GET https://api.unsplash.com/search/photos?query=news&per_page=1',
      'POST https://westeurope.api.cognitive.microsoft.com/text/analytics/v3.1/languages',
      'GET https://api.heygen.com/v2/user/remaining_quota',
      'GET https://api.telegram.org/botKEY/getMe',
      'GET https://graph.facebook.com/v23.0/me?access_token=KEY',
    ]);
    expect(byId('azure-cognitive').request('K').json).toEqual({ documents: [{ id: '1', text: expect.any(String) }] });
  });

  test('keys come from the Admin settings record, azure-cognitive falls back to azure', () => {
    expect(keyFor(byId('openai'), { openai: ' sk-1 ' })).toBe('sk-1');
    expect(keyFor(byId('azure-cognitive'), { azure: 'az' })).toBe('az');
    expect(keyFor(byId('azure-cognitive'), { 'azure-cognitive': 'cog', azure: 'az' })).toBe('cog');
    expect(keyFor(byId('telegram'), undefined)).toBe('');
  });

  test('OK gives the response time, non-2xx HTTP {status}, network the message; failures are logged without the key', async () => {
    await expect(testProvider(byId('openai'), 'sk-good')).resolves.toMatchObject({
      ok: true,
      responseTime: expect.any(Number),
    });
    await expect(testProvider(byId('telegram'), '123:invalid-token')).resolves.toMatchObject({
      ok: false,
      error: { kind: 'http', status: 401, message: 'HTTP 401' },
    });
    server.use(http.get('https://api.pexels.com/v1/search', () => HttpResponse.error()));
    await expect(testProvider(byId('pexels'), 'px')).resolves.toMatchObject({
      ok: false,
      error: { kind: 'network', message: 'Connection failed' },
    });
    const log = await listErrors();
    expect(log.map((e) => e.service).sort()).toEqual(['pexels', 'telegram']);
    expect(JSON.stringify(log)).not.toContain('invalid-token');
  });

  test('a provider that does not answer in 10000 ms fails with Connection timeout', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    try {
      server.use(http.get('https://api.openai.com/v1/models', () => new Promise<Response>(() => undefined)));
      const pending = testProvider(byId('openai'), 'k');
      await vi.advanceTimersByTimeAsync(10_000);
      await expect(pending).resolves.toMatchObject({
        ok: false,
        error: { kind: 'timeout', message: 'Connection timeout' },
      });
    } finally {
      vi.useRealTimers();
    }
  });

  test('test-all runs the services one after another, 500 ms apart', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'Date'] });
    try {
      const starts: number[] = [];
      const run = testProvidersSequentially(
        PROVIDER_SERVICES.slice(0, 3),
        {},
        { onStart: () => starts.push(Date.now()) },
      );
      let done = false;
      void run.then(() => {
        done = true;
      });
      for (let i = 0; i < 5000 && !done; i += 1) await vi.advanceTimersByTimeAsync(1);
      const results = await run;
      expect(results.size).toBe(3);
      expect(starts[1] - starts[0]).toBeGreaterThanOrEqual(500);
      expect(starts[2] - starts[1]).toBeGreaterThanOrEqual(500);
      expect(starts[2] - starts[1]).toBeLessThan(560);
    } finally {
      vi.useRealTimers();
    }
  });
});
