import { afterEach, expect, test, vi } from 'vitest';
import { delayList, exponentialDelay, withRetry } from './retry';

class Transient extends Error {}

afterEach(() => {
  vi.useRealTimers();
});

/** A call failing with each of `failures` in turn, then answering 'done'; it counts its attempts. */
function flaky(...failures: Error[]) {
  const attempts: number[] = [];
  const call = async (attempt: number) => {
    attempts.push(attempt);
    const failure = failures[attempts.length - 1];
    if (failure) throw failure;
    return 'done';
  };
  return { attempts, call };
}

const rule = (retries: number, waits: number[]) => ({
  retries,
  retryable: (error: unknown) => error instanceof Transient,
  delayMs: delayList([2000, 4000, 8000]),
  sleep: async (ms: number) => void waits.push(ms),
});

test('a retryable failure is tried again with the delays in order, and the answer that comes counts', async () => {
  const waits: number[] = [];
  const { attempts, call } = flaky(new Transient('1'), new Transient('2'));
  await expect(withRetry(rule(3, waits), call)).resolves.toBe('done');
  expect(attempts).toEqual([0, 1, 2]);
  expect(waits).toEqual([2000, 4000]);
});

test('after its retries the last failure is thrown: retries + 1 attempts in all', async () => {
  const waits: number[] = [];
  const failures = [1, 2, 3, 4, 5].map((n) => new Transient(String(n)));
  const { attempts, call } = flaky(...failures);
  await expect(withRetry(rule(3, waits), call)).rejects.toBe(failures[3]);
  expect(attempts).toHaveLength(4);
  expect(waits).toEqual([2000, 4000, 8000]);
});

test('a failure the rule does not retry is thrown at once', async () => {
  const waits: number[] = [];
  const refused = new Error('400');
  const { attempts, call } = flaky(new Transient('1'), refused);
  await expect(withRetry(rule(3, waits), call)).rejects.toBe(refused);
  expect(attempts).toHaveLength(2);
  expect(waits).toEqual([2000]);
});

test('no retries: one attempt, no wait', async () => {
  const waits: number[] = [];
  const failure = new Transient('1');
  const { attempts, call } = flaky(failure);
  await expect(withRetry(rule(0, waits), call)).rejects.toBe(failure);
  expect(attempts).toHaveLength(1);
  expect(waits).toEqual([]);
});

test('the delay may depend on the failure that asked for it', async () => {
  const waits: number[] = [];
  const { call } = flaky(Object.assign(new Transient('1'), { waitMs: 30 }), new Transient('2'));
  const delayMs = (retry: number, error: unknown) => (error as { waitMs?: number }).waitMs ?? retry;
  await withRetry({ ...rule(3, waits), delayMs }, call);
  expect(waits).toEqual([30, 2]);
});

test("without an injected sleep cockatiel's own timer waits each delay out", async () => {
  vi.useFakeTimers();
  const { attempts, call } = flaky(new Transient('1'), new Transient('2'));
  const done = withRetry({ ...rule(3, []), sleep: undefined, delayMs: exponentialDelay(100, 2) }, call);
  await vi.advanceTimersByTimeAsync(99);
  expect(attempts).toHaveLength(1);
  await vi.advanceTimersByTimeAsync(1);
  expect(attempts).toHaveLength(2);
  await vi.advanceTimersByTimeAsync(199);
  expect(attempts).toHaveLength(2);
  await vi.advanceTimersByTimeAsync(1);
  await expect(done).resolves.toBe('done');
  expect(attempts).toHaveLength(3);
});

test('the delay helpers: a list whose last entry repeats, and an exponential back-off', () => {
  expect([1, 2, 3, 4, 5].map(delayList([2000, 4000, 8000]))).toEqual([2000, 4000, 8000, 8000, 8000]);
  expect([1, 2, 3].map(exponentialDelay(2000, 2))).toEqual([2000, 4000, 8000]);
});
