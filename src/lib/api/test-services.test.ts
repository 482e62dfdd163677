import { http, HttpResponse } from 'msw';
import { server } from '@/mocks/node';
import { db } from '@/db/db';
import { clearSecrets } from '@/lib/security/redact';
import { testService } from './test-services';

afterEach(() => clearSecrets());

describe('testService (SPEC §7)', () => {
  const expected: Array<[string, string, string, string]> = [
    ['openai', 'POST', 'authorization', 'Bearer k-openai'],
    ['elevenlabs', 'GET', 'xi-api-key', 'k-elevenlabs'],
    ['azure', 'GET', 'ocp-apim-subscription-key', 'k-azure'],
    ['tavus', 'GET', 'x-api-key', 'k-tavus'],
    ['vidau', 'GET', 'x-api-key', 'k-vidau'],
    ['modelslab', 'GET', 'x-api-key', 'k-modelslab'],
    ['heygen', 'GET', 'x-api-key', 'k-heygen'],
    ['did', 'GET', 'authorization', 'Basic k-did'],
    ['pexels', 'GET', 'authorization', 'k-pexels'],
    ['unsplash', 'GET', 'authorization', 'Client-ID k-unsplash'],
  ];

  test.each(expected)('%s: %s /test/%s sends the key in its header', async (service, method, header, value) => {
    const seen: Array<{ method: string; path: string; value: string | null }> = [];
    server.use(
      http.all('*/api/test/:service', ({ request }) => {
        seen.push({ method: request.method, path: new URL(request.url).pathname, value: request.headers.get(header) });
        return undefined;
      }),
    );
    const result = await testService(service, `k-${service}`);
    expect(seen).toEqual([{ method, path: `/api/test/${service}`, value }]);
    expect(result).toMatchObject({ success: true, status: 'online' });
    expect(result.responseTime).toBeGreaterThanOrEqual(0);
  });

  test('an empty key gets 401 from the mock: success false with the SPEC message', async () => {
    const result = await testService('elevenlabs', '');
    expect(result.success).toBe(false);
    expect(result.status).toBe('offline');
    expect(result.error).toMatch(/^API request failed with status 401: /);
  });

  test("a test without an answer within 10000 ms fails with 'Connection timeout'", async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    server.use(http.get('*/api/test/heygen', () => new Promise<Response>(() => undefined)));
    const outcome = testService('heygen', 'k');
    await vi.advanceTimersByTimeAsync(9_999);
    let settled = false;
    void outcome.then(() => {
      settled = true;
    });
    await vi.advanceTimersByTimeAsync(0);
    expect(settled).toBe(false);
    await vi.advanceTimersByTimeAsync(1);
    vi.useRealTimers();
    expect(await outcome).toMatchObject({ success: false, status: 'offline', error: 'Connection timeout' });
  });

  test('an unknown service gives success false with Unknown service and sends nothing', async () => {
    let hits = 0;
    server.use(
      http.all('*', () => {
        hits += 1;
        return undefined;
      }),
    );
    const result = await testService('myspace', 'abc');
    expect(result).toMatchObject({ success: false, error: 'Unknown service' });
    expect(hits).toBe(0);
  });

  test('the key never reaches the error log, even when the server echoes it', async () => {
    server.use(
      http.get(
        '*/api/test/tavus',
        ({ request }) => new HttpResponse(`invalid key ${request.headers.get('x-api-key') ?? ''}`, { status: 403 }),
      ),
    );
    const result = await testService('tavus', 'tavus-secret-98765');
    expect(result.error).toContain('403');
    const stored = JSON.stringify(await db.errorLog.toArray());
    expect(stored).toContain('API request failed with status 403');
    expect(stored).not.toContain('tavus-secret-98765');
  });
});
