import { http, HttpResponse } from 'msw';
import { server } from '@/mocks/node';
import { listErrors } from '@/db/error-log';
import { checkHealth } from './health';

describe('checkHealth (SPEC §7/§8)', () => {
  test('GET /health/{lowercase service} is online in the mock', async () => {
    const paths: string[] = [];
    server.use(
      http.get('*/api/health/:service', ({ request }) => {
        paths.push(new URL(request.url).pathname);
        return undefined;
      }),
    );
    const result = await checkHealth('ElevenLabs');
    expect(paths).toEqual(['/api/health/elevenlabs']);
    expect(result).toMatchObject({ success: true, status: 'online' });
  });

  test("a failed check says 'Health check failed: {statusText}' and is recorded", async () => {
    server.use(
      http.get('*/api/health/azure', () => new HttpResponse('x', { status: 503, statusText: 'Service Unavailable' })),
    );
    await expect(checkHealth('azure')).rejects.toThrow('Health check failed: Service Unavailable');
    expect((await listErrors())[0]).toMatchObject({
      service: 'azure',
      error: 'Health check failed: Service Unavailable',
      retryCount: 0,
    });
  });

  test('a check is not retried', async () => {
    let hits = 0;
    server.use(
      http.get('*/api/health/did', () => {
        hits += 1;
        return new HttpResponse(null, { status: 500, statusText: 'Internal Server Error' });
      }),
    );
    await expect(checkHealth('did')).rejects.toThrow('Health check failed: Internal Server Error');
    expect(hits).toBe(1);
  });

  test("a check that gets no answer within 10000 ms fails with 'Connection timeout'", async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    server.use(http.get('*/api/health/tavus', () => new Promise<Response>(() => undefined)));
    const outcome = checkHealth('tavus').catch((e: unknown) => e);
    await vi.advanceTimersByTimeAsync(10_000);
    vi.useRealTimers();
    expect(((await outcome) as Error).message).toBe('Health check failed: Connection timeout');
  });
});
