import { afterEach, expect, test, vi } from 'vitest';
import { onOperatorTokenNeeded, operatorTokenRejected } from './operator-token';
import { verifyOperatorToken } from './session-flow';

afterEach(() => {
  vi.useRealTimers();
  vi.restoreAllMocks();
});

/** A backend that accepts the connection and never answers; it honours the abort signal as fetch does. */
const hungFetch = vi.fn(
  (_url: string | URL | Request, init?: RequestInit) =>
    new Promise<Response>((_resolve, reject) => {
      init?.signal?.addEventListener('abort', () => reject(init.signal?.reason));
    }),
);

test('a backend that never answers the token check counts as unreachable after 15 s, not a dialog waiting for ever', async () => {
  vi.useFakeTimers();
  let outcome: string | undefined;
  vi.spyOn(globalThis, 'fetch').mockImplementation(hungFetch);
  void verifyOperatorToken('http://desk.test/api', 'token-0123456789abcdef').then((o) => (outcome = o));
  await vi.advanceTimersByTimeAsync(14_999);
  expect(outcome).toBeUndefined();
  await vi.advanceTimersByTimeAsync(1);
  expect(outcome).toBe('unreachable');
});

test('the answers of the token check: 2xx ok, 401 rejected, 429 throttled, anything else unreachable', async () => {
  const fetchSpy = vi.spyOn(globalThis, 'fetch');
  const answer = (status: number) =>
    fetchSpy.mockImplementationOnce(
      async () =>
        new Response(status === 201 ? '{"ticket":"t-1"}' : null, {
          status,
          headers: { 'Content-Type': 'application/json' },
        }),
    );
  answer(201);
  expect(await verifyOperatorToken('http://desk.test/api/', 't')).toBe('ok');
  expect(fetchSpy.mock.calls[0][0]).toBe('http://desk.test/api/events/ticket');
  expect(new Headers(fetchSpy.mock.calls[0][1]?.headers).get('Authorization')).toBe('Bearer t');
  answer(401);
  expect(await verifyOperatorToken('http://desk.test/api', 't')).toBe('rejected');
  answer(429);
  expect(await verifyOperatorToken('http://desk.test/api', 't')).toBe('throttled');
  answer(502);
  expect(await verifyOperatorToken('http://desk.test/api', 't')).toBe('unreachable');
});

test('a 401 that comes before anything listens (the token dialog loads after the first paint) reaches the first listener, once', () => {
  operatorTokenRejected();
  const first = vi.fn();
  const stop = onOperatorTokenNeeded(first);
  expect(first).toHaveBeenCalledWith({ reason: 'missing' });
  const second = vi.fn();
  const stopSecond = onOperatorTokenNeeded(second);
  expect(second).not.toHaveBeenCalled();
  stop();
  stopSecond();
});
