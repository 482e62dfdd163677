import { BrokenCircuitError, DelegateBackoff, handleWhen, IsolatedCircuitError, retry } from 'cockatiel';
import { ApiError } from '@/lib/http/api-error';
import { getBreaker, isAbort, type BreakerOptions } from './breakers';
import { recordFailure } from './record';
import type { RetryableOperation } from './retry-registry';
import { getRetrySettings, isRetryable, isUncertain, retryDelay } from './retry';

export { recordFailure };

export interface ExecuteOptions {
  /** Key of the breaker and the error log, lowercase. */
  service: string;
  /** false: one attempt only; a number: that many retries; default: the retry settings in force. */
  retries?: false | number;
  breaker?: BreakerOptions;
  /** Extra facts for the error log entry (never secrets; they are redacted anyway). */
  context?: Record<string, unknown>;
  /** What Retry in the error log re-runs; only a kind declared in lib/retryables.ts type-checks. */
  operation?: RetryableOperation;
  /** false: the caller records the failure itself (e.g. TTS, which words its own messages). */
  record?: boolean;
  /** A final failure the caller will act on instead of failing (a stale 401 it re-sends): not recorded. */
  handled?: (error: unknown) => boolean;
}

/** SPEC §8: the error an open breaker gives instead of sending anything. */
export function circuitOpenError(service: string): ApiError {
  return new ApiError(`Circuit breaker is open for ${service}. Service temporarily unavailable.`, {
    code: 'CIRCUIT_OPEN',
    status: 503,
  });
}

/** The retry count execute() attached to a final error (0 when none). */
export function retryCountOf(error: unknown): number {
  if (error && typeof error === 'object' && 'retryCount' in error && typeof error.retryCount === 'number')
    return error.retryCount;
  return 0;
}

/** Runs one call with SPEC §8 retries, each attempt through the breaker so an open one stops them; records the final failure. */
export async function execute<T>(fn: (attempt: number) => Promise<T>, options: ExecuteOptions): Promise<T> {
  const settings = getRetrySettings();
  const maxRetries = options.retries === false ? 0 : (options.retries ?? settings.maxRetries);
  // cockatiel's retry counts retries, not attempts; its backoff context's attempt starts at 1.
  const policy = retry(
    handleWhen((e) => !isAbort(e) && isRetryable(e, settings.retryCondition)),
    {
      maxAttempts: maxRetries,
      backoff: new DelegateBackoff<{ attempt: number }>((ctx) => retryDelay(ctx.attempt, settings)),
    },
  );
  let retryCount = 0;
  const sub = policy.onRetry(() => {
    retryCount += 1;
  });
  const breaker = getBreaker(options.service, options.breaker);
  const attemptOnce = async (attempt: number): Promise<T> => {
    try {
      return await breaker.policy.execute(() => fn(attempt));
    } catch (error) {
      if (error instanceof BrokenCircuitError || error instanceof IsolatedCircuitError)
        throw circuitOpenError(options.service);
      throw error;
    }
  };
  try {
    return await policy.execute(({ attempt }) => attemptOnce(attempt));
  } catch (error) {
    if (isAbort(error)) throw error;
    if (options.record !== false && !options.handled?.(error))
      // An uncertain call is not offered for Retry in the error log: a fresh send could make it happen twice.
      await recordFailure(
        options.service,
        error,
        retryCount,
        isUncertain(error) ? { context: options.context } : options,
      );
    if (error && typeof error === 'object') Object.assign(error, { retryCount });
    throw error;
  } finally {
    sub.dispose();
  }
}
