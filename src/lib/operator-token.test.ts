import { afterEach, expect, test, vi } from 'vitest';
import { verifyOperatorToken } from './operator-token';

afterEach(() => {
  vi.useRealTimers();
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
  void verifyOperatorToken('http://desk.test/api', 'token-0123456789abcdef', hungFetch).then((o) => (outcome = o));
  await vi.advanceTimersByTimeAsync(14_999);
  expect(outcome).toBeUndefined();
  await vi.advanceTimersByTimeAsync(1);
  expect(outcome).toBe('unreachable');
});

test('the answers of the token check: 2xx ok, 401 rejected, 429 throttled, anything else unreachable', async () => {
  const answer = (status: number) => vi.fn(async () => new Response(null, { status }));
  expect(await verifyOperatorToken('http://desk.test/api/', 't', answer(201))).toBe('ok');
  expect(await verifyOperatorToken('http://desk.test/api', 't', answer(401))).toBe('rejected');
  expect(await verifyOperatorToken('http://desk.test/api', 't', answer(429))).toBe('throttled');
  expect(await verifyOperatorToken('http://desk.test/api', 't', answer(502))).toBe('unreachable');
});
