// The server's one way to try a call again: a cockatiel retry policy (the library the browser's resilience uses too),
// given the call's own rule for which failures are retried, how often, and how long to wait before each retry.
import { DelegateBackoff, handleWhen, retry, type IRetryBackoffContext } from 'cockatiel';

/** Waits out a delay; tests pass one that records the delays instead of waiting. */
export type Sleep = (ms: number) => Promise<void>;

export interface RetryRule {
  /** Retries after the first attempt (0: the call is made once). */
  retries: number;
  /** Whether a failure is tried again; any other failure is thrown at once. */
  retryable: (error: unknown) => boolean;
  /** The wait before retry `retry` (from 1) after `error`, the failure that asked for it. */
  delayMs: (retry: number, error: unknown) => number;
  /** Waits out each delay in place of cockatiel's timer. */
  sleep?: Sleep;
}

/** The list's delay for retry `retry` (from 1); the last one for every retry after it. */
export const delayList =
  (delays: readonly number[]) =>
  (retry: number): number =>
    delays[Math.min(retry, delays.length) - 1] ?? 0;

/** `baseMs`, then `multiplier` times the one before: base × multiplier^(retry − 1). */
export const exponentialDelay =
  (baseMs: number, multiplier: number) =>
  (retry: number): number =>
    baseMs * multiplier ** (retry - 1);

const failureOf = (context: IRetryBackoffContext<unknown>): unknown =>
  'error' in context.result ? context.result.error : undefined;

/** Runs `call` (given its attempt, from 0) under `rule`: its value, or the last failure (or the first not retried). */
export async function withRetry<T>(rule: RetryRule, call: (attempt: number) => Promise<T>): Promise<T> {
  const { sleep } = rule;
  // With an injected sleep cockatiel waits 0 ms and the next attempt first waits out the delay the backoff chose.
  let owed = 0;
  const policy = retry(handleWhen(rule.retryable), {
    maxAttempts: rule.retries,
    backoff: new DelegateBackoff<IRetryBackoffContext<unknown>>((context) => {
      const ms = rule.delayMs(context.attempt, failureOf(context));
      if (!sleep) return ms;
      owed = ms;
      return 0;
    }),
  });
  return policy.execute(async ({ attempt }) => {
    if (sleep && attempt > 0) await sleep(owed);
    return call(attempt);
  });
}
