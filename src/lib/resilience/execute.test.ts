import { http, HttpResponse } from 'msw';
import { server } from '@/mocks/node';
import { listErrors } from '@/db/error-log';
import { ApiError, httpError } from '@/lib/http/api-error';
import { transport } from '@/lib/http/transport';
import { breakerState, onBreakerChange, resetBreakers, VIDEO_BREAKER } from './breakers';
import { execute } from './execute';
import type { RetryableOperation } from './retry-registry';
import { isRetryable, retryDelay, setRetrySettings, DEFAULT_RETRY_SETTINGS } from './retry';

const serverError = () => httpError(503, 'down', 'http://x/api/thing', 'Service Unavailable');

/** A call that fails `failures` times with `error`, then resolves 'ok'; records when each attempt ran. */
function flaky(failures: number, error: () => unknown = serverError) {
  const calls: number[] = [];
  const fn = vi.fn(async () => {
    calls.push(Date.now());
    if (calls.length <= failures) throw error();
    return 'ok';
  });
  return { fn, calls };
}

describe('retry eligibility (SPEC §8)', () => {
  test.each([
    ['network error', new ApiError('Failed to fetch', { code: 'NETWORK_ERROR' }), true],
    ['time-out', new ApiError('Connection timeout', { code: 'TIMEOUT' }), true],
    ['fetch TypeError', new TypeError('Failed to fetch'), true],
    ['HTTP 500', httpError(500, '', 'u'), true],
    ['HTTP 599', httpError(599, '', 'u'), true],
    ['rate limit message', new Error('Rate limit exceeded'), true],
    ['temporarily unavailable message', new Error('Service temporarily unavailable'), true],
    ['HTTP 404', httpError(404, '', 'u'), false],
    ['HTTP 400', httpError(400, '', 'u'), false],
    ['plain error', new Error('Ungültige Eingabe'), false],
  ])('%s → %s', (_name, error, expected) => {
    expect(isRetryable(error)).toBe(expected);
  });

  test('an open circuit is never retried, although its message says temporarily unavailable', () => {
    expect(
      isRetryable(
        new ApiError('Circuit breaker is open for news. Service temporarily unavailable.', {
          code: 'CIRCUIT_OPEN',
          status: 503,
        }),
      ),
    ).toBe(false);
  });

  test('a 502 saying the provider may have acted is not retried; another 502 is', () => {
    const body = JSON.stringify({
      message: 'Telegram antwortet nicht (Zeitüberschreitung). Die Nachricht ist möglicherweise trotzdem angekommen …',
      code: 'provider_uncertain',
    });
    expect(isRetryable(httpError(502, body, 'u'))).toBe(false);
    expect(isRetryable(httpError(502, JSON.stringify({ message: 'x', code: 'provider_rejected' }), 'u'))).toBe(true);
  });

  test('the default delays are 2 s, 4 s, 8 s', () => {
    expect([1, 2, 3].map((n) => retryDelay(n, DEFAULT_RETRY_SETTINGS))).toEqual([2000, 4000, 8000]);
  });
});

describe('execute: retries with fake timers', () => {
  beforeEach(() => {
    vi.useFakeTimers();
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  test('3 retries after 2 s, 4 s and 8 s, then the last error with its retry count', async () => {
    const { fn, calls } = flaky(10);
    const start = Date.now();
    const outcome = execute(fn, { service: 'news', record: false }).catch((e: unknown) => e);
    await vi.advanceTimersByTimeAsync(0);
    expect(fn).toHaveBeenCalledTimes(1);
    await vi.advanceTimersByTimeAsync(1999);
    expect(fn).toHaveBeenCalledTimes(1);
    await vi.advanceTimersByTimeAsync(1);
    expect(fn).toHaveBeenCalledTimes(2);
    await vi.advanceTimersByTimeAsync(3999);
    expect(fn).toHaveBeenCalledTimes(2);
    await vi.advanceTimersByTimeAsync(1);
    expect(fn).toHaveBeenCalledTimes(3);
    await vi.advanceTimersByTimeAsync(8000);
    expect(fn).toHaveBeenCalledTimes(4);
    await vi.advanceTimersByTimeAsync(60_000);
    expect(fn).toHaveBeenCalledTimes(4);
    const error = (await outcome) as ApiError & { retryCount: number };
    expect(error.message).toBe('API request failed with status 503: down');
    expect(error.retryCount).toBe(3);
    expect(calls.map((t) => t - start)).toEqual([0, 2000, 6000, 14000]);
  });

  test('a success on a retry resolves', async () => {
    const { fn } = flaky(2);
    const outcome = execute(fn, { service: 'news', record: false });
    await vi.advanceTimersByTimeAsync(6000);
    await expect(outcome).resolves.toBe('ok');
    expect(fn).toHaveBeenCalledTimes(3);
  });

  test('a 4xx error stops at once', async () => {
    const { fn } = flaky(10, () => httpError(404, 'fehlt', 'u'));
    const outcome = execute(fn, { service: 'news', record: false }).catch((e: unknown) => e);
    await vi.advanceTimersByTimeAsync(30_000);
    expect(fn).toHaveBeenCalledTimes(1);
    expect(((await outcome) as Error).message).toBe('API request failed with status 404: fehlt');
  });

  test('a rate-limit message is retried', async () => {
    const { fn } = flaky(1, () => new Error('rate limit reached'));
    const outcome = execute(fn, { service: 'news', record: false });
    await vi.advanceTimersByTimeAsync(2000);
    await expect(outcome).resolves.toBe('ok');
  });

  test('retry settings changed in Admin apply to the next call', async () => {
    setRetrySettings({ maxRetries: 1, retryDelay: 1000, backoffMultiplier: 3, retryCondition: 'default' });
    const { fn, calls } = flaky(10);
    const start = Date.now();
    const outcome = execute(fn, { service: 'news', record: false }).catch((e: unknown) => e);
    await vi.advanceTimersByTimeAsync(20_000);
    await outcome;
    expect(calls.map((t) => t - start)).toEqual([0, 1000]);
  });

  test('the breaker opens after 5 failed attempts, logs it, and stops the retries without sending', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    const first = flaky(10);
    const a = execute(first.fn, { service: 'news', record: false }).catch((e: unknown) => e);
    await vi.advanceTimersByTimeAsync(14_000);
    await a;
    expect(first.fn).toHaveBeenCalledTimes(4);
    expect(breakerState('news').state).toBe('closed');
    expect(breakerState('news').failures).toBe(4);

    const second = flaky(10);
    const b = execute(second.fn, { service: 'news', record: false }).catch((e: unknown) => e);
    await vi.advanceTimersByTimeAsync(14_000);
    const error = (await b) as ApiError & { retryCount: number };
    // Attempt 5 failed and opened the breaker; the retry after 2 s met the open breaker and sent nothing.
    expect(second.fn).toHaveBeenCalledTimes(1);
    expect(error.message).toBe('Circuit breaker is open for news. Service temporarily unavailable.');
    expect(error.retryCount).toBe(1);
    expect(breakerState('news').state).toBe('open');
    expect(warn).toHaveBeenCalledWith(expect.stringContaining('Circuit breaker opened after 5 failures'));
  });
});

describe('execute: circuit breaker against the mock server', () => {
  const URL_ = 'http://localhost:3000/api/probe/thing';
  let hits = 0;
  let failing = true;

  beforeEach(() => {
    hits = 0;
    failing = true;
    // Only Date is faked: cockatiel's breaker reads Date.now(), MSW keeps its real timers.
    vi.useFakeTimers({ toFake: ['Date'] });
    server.use(
      http.get(URL_, () => {
        hits += 1;
        return failing
          ? new HttpResponse('kaputt', { status: 500, statusText: 'Internal Server Error' })
          : HttpResponse.json({ ok: true });
      }),
    );
    vi.spyOn(console, 'warn').mockImplementation(() => undefined);
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  const call = (service = 'probe', breaker?: typeof VIDEO_BREAKER) =>
    execute(() => transport(URL_), { service, retries: false, breaker });

  test('5 failures open it; an open breaker sends nothing; half-open after 60000 ms; a success closes it and resets the count', async () => {
    for (let i = 0; i < 5; i++) await expect(call()).rejects.toThrow('API request failed with status 500: kaputt');
    expect(hits).toBe(5);
    expect(breakerState('probe')).toMatchObject({ state: 'open', failures: 5 });

    await expect(call()).rejects.toThrow('Circuit breaker is open for probe. Service temporarily unavailable.');
    await expect(call()).rejects.toMatchObject({ code: 'CIRCUIT_OPEN' });
    expect(hits).toBe(5);

    vi.setSystemTime(Date.now() + 59_999);
    await expect(call()).rejects.toMatchObject({ code: 'CIRCUIT_OPEN' });
    expect(hits).toBe(5);
    vi.setSystemTime(Date.now() + 1);
    expect(breakerState('probe').state).toBe('half-open');

    failing = false;
    await expect(call()).resolves.toEqual({ ok: true });
    expect(hits).toBe(6);
    expect(breakerState('probe')).toMatchObject({ state: 'closed', failures: 0 });
  });

  test("the opening is logged to the console and recorded in the error log as 'Circuit breaker opened after 5 failures'", async () => {
    for (let i = 0; i < 5; i++) await call().catch(() => undefined);
    expect(console.warn).toHaveBeenCalledWith('[probe] Circuit breaker opened after 5 failures');
    await vi.waitFor(async () => {
      const entries = await listErrors();
      expect(entries.filter((e) => e.error === 'Circuit breaker opened after 5 failures')).toEqual([
        expect.objectContaining({
          service: 'probe',
          retryCount: 0,
          context: { action: 'circuit-breaker', threshold: 5, cooldownMs: 60_000 },
        }),
      ]);
    });
    // The five identical failures are folded into one entry that counts them.
    const failures = (await listErrors()).filter((e) => e.error.startsWith('API request failed'));
    expect(failures.map((e) => e.count)).toEqual([5]);
  });

  test('a failed half-open test opens it again for another cool-down', async () => {
    for (let i = 0; i < 5; i++) await call().catch(() => undefined);
    vi.setSystemTime(Date.now() + 60_000);
    await expect(call()).rejects.toThrow('API request failed with status 500: kaputt');
    expect(hits).toBe(6);
    expect(breakerState('probe').state).toBe('open');
    await expect(call()).rejects.toMatchObject({ code: 'CIRCUIT_OPEN' });
    expect(hits).toBe(6);
  });

  test('a success before the threshold resets the failure count', async () => {
    for (let i = 0; i < 4; i++) await call().catch(() => undefined);
    failing = false;
    await call();
    expect(breakerState('probe').failures).toBe(0);
    failing = true;
    for (let i = 0; i < 4; i++) await call().catch(() => undefined);
    expect(breakerState('probe').state).toBe('closed');
  });

  test('the video generation breaker opens after 3 failures for 300000 ms', async () => {
    for (let i = 0; i < 3; i++) await call('video-generation', VIDEO_BREAKER).catch(() => undefined);
    expect(breakerState('video-generation')).toMatchObject({
      state: 'open',
      failures: 3,
      threshold: 3,
      cooldownMs: 300_000,
    });
    vi.setSystemTime(Date.now() + 299_999);
    await expect(call('video-generation', VIDEO_BREAKER)).rejects.toThrow(
      'Circuit breaker is open for video-generation. Service temporarily unavailable.',
    );
    expect(hits).toBe(3);
    vi.setSystemTime(Date.now() + 1);
    failing = false;
    await expect(call('video-generation', VIDEO_BREAKER)).resolves.toEqual({ ok: true });
    expect(hits).toBe(4);
  });

  test('client errors (a wrong key) do not open the breaker', async () => {
    server.use(
      http.get(URL_, () => {
        hits += 1;
        return new HttpResponse('nein', { status: 401 });
      }),
    );
    for (let i = 0; i < 7; i++) await call().catch(() => undefined);
    expect(hits).toBe(7);
    expect(breakerState('probe').state).toBe('closed');
  });

  test('breakers are per service', async () => {
    for (let i = 0; i < 5; i++) await call('a').catch(() => undefined);
    expect(breakerState('a').state).toBe('open');
    failing = false;
    await expect(call('b')).resolves.toEqual({ ok: true });
    resetBreakers();
    expect(breakerState('a').state).toBe('closed');
  });

  test('the final failure is recorded in the error log with service, message, retry count and context', async () => {
    await expect(
      execute(() => transport(URL_), { service: 'probe', retries: false, context: { path: '/probe/thing' } }),
    ).rejects.toThrow();
    const [entry] = await listErrors();
    expect(entry).toMatchObject({
      service: 'probe',
      error: 'API request failed with status 500: kaputt',
      retryCount: 0,
      resolved: false,
      context: { path: '/probe/thing' },
    });
  });

  test('a call the provider may have carried out is logged without a Retry; another failure keeps its Retry', async () => {
    const operation: RetryableOperation = {
      kind: 'video.generate',
      args: { provider: 'heygen', body: { avatar: 'anna', script: 'Guten Abend.' } },
    };
    const uncertain = httpError(
      502,
      JSON.stringify({ message: 'HeyGen hat nicht rechtzeitig bestätigt.', code: 'provider_uncertain' }),
      'u',
    );
    await expect(
      execute(() => Promise.reject(uncertain), { service: 'heygen', retries: false, operation }),
    ).rejects.toBe(uncertain);
    const rejected = httpError(502, JSON.stringify({ message: 'abgelehnt', code: 'provider_rejected' }), 'u');
    await expect(execute(() => Promise.reject(rejected), { service: 'tavus', retries: false, operation })).rejects.toBe(
      rejected,
    );
    const entries = await listErrors();
    expect(entries.find((e) => e.service === 'heygen')?.operation).toBeUndefined();
    expect(entries.find((e) => e.service === 'tavus')?.operation).toEqual(operation);
  });
});

describe('breaker state and retry conditions', () => {
  test('the video generation breaker reads 3 / 300000 even before its first call; others 5 / 60000', () => {
    expect(breakerState('video-generation')).toMatchObject({
      state: 'closed',
      failures: 0,
      threshold: 3,
      cooldownMs: 300_000,
    });
    expect(breakerState('news')).toMatchObject({ state: 'closed', failures: 0, threshold: 5, cooldownMs: 60_000 });
  });

  test('listeners hear about failures and resets', async () => {
    const heard = vi.fn();
    const off = onBreakerChange(heard);
    await execute(
      async () => {
        throw serverError();
      },
      { service: 'x', retries: false, record: false },
    ).catch(() => undefined);
    expect(heard).toHaveBeenCalled();
    off();
  });

  test("retry condition 'network-only' retries no 5xx; 'server-only' retries no network error", () => {
    const network = new ApiError('Failed to fetch', { code: 'NETWORK_ERROR' });
    expect(isRetryable(serverError(), 'network-only')).toBe(false);
    expect(isRetryable(network, 'network-only')).toBe(true);
    expect(isRetryable(network, 'server-only')).toBe(false);
    expect(isRetryable(serverError(), 'server-only')).toBe(true);
    expect(isRetryable(new Error('rate limit'), 'server-only')).toBe(false);
  });

  test('an aborted call is neither retried nor recorded nor counted', async () => {
    const fn = vi.fn(async () => {
      throw new DOMException('Aborted', 'AbortError');
    });
    await expect(execute(fn, { service: 'abort' })).rejects.toMatchObject({ name: 'AbortError' });
    expect(fn).toHaveBeenCalledTimes(1);
    expect(await listErrors()).toEqual([]);
    expect(breakerState('abort').failures).toBe(0);
  });
});
