import { BrokenCircuitError, DelegateBackoff, handleWhen, IsolatedCircuitError, retry } from 'cockatiel';
import { ApiError, errorMessage } from '@/lib/http/api-error';
import { getBreaker, type BreakerOptions } from './breakers';
import { getRetrySettings, isRetryable, retryDelay } from './retry';

export interface ExecuteOptions {
  /** Service name: the breaker's and the error log's key (lowercase, e.g. 'news', 'elevenlabs'). */
  service: string;
  /** false: one attempt only; a number: that many retries; default: the retry settings in force. */
  retries?: false | number;
  breaker?: BreakerOptions;
  /** Extra facts for the error log entry (never secrets; they are redacted anyway). */
  context?: Record<string, unknown>;
  /** What Retry in the error log re-runs (see registerRetryable). */
  operation?: { kind: string; args: unknown };
  /** false: the caller records the failure itself (e.g. TTS, which records one TTS_SYSTEM entry). */
  record?: boolean;
}

export interface ExecuteFailure {
  error: unknown;
  retryCount: number;
}

function isAbort(error: unknown): boolean {
  return error instanceof DOMException && error.name === 'AbortError';
}

export function circuitOpenError(service: string): ApiError {
  return new ApiError(`Circuit breaker is open for ${service}. Service temporarily unavailable.`, { code: 'CIRCUIT_OPEN', status: 503 });
}

/** Lazily loads the error log so that Dexie is not part of the first render. */
export async function recordFailure(service: string, error: unknown, retryCount: number, options: Pick<ExecuteOptions, 'context' | 'operation'> = {}): Promise<void> {
  try {
    const { recordError } = await import('@/db/error-log');
    await recordError({ service, error: errorMessage(error), retryCount, context: options.context, operation: options.operation });
  } catch (cause) {
    // A full or blocked IndexedDB must not turn one failure into two; the caller still gets the first.
    console.warn('Fehlerprotokoll konnte nicht gespeichert werden.', errorMessage(cause));
  }
}

/**
 * Runs one logical call behind the service's circuit breaker (an open breaker sends nothing), retrying
 * eligible failures with the retry settings in force (SPEC §8/§9), and records the final failure in the
 * error log with its retry count. Throws the last error (or the SPEC §8 circuit-open error).
 */
export async function execute<T>(fn: (attempt: number) => Promise<T>, options: ExecuteOptions): Promise<T> {
  const settings = getRetrySettings();
  const maxRetries = options.retries === false ? 0 : (options.retries ?? settings.maxRetries);
  const policy = retry(handleWhen((e) => !isAbort(e) && isRetryable(e, settings.retryCondition)), {
    maxAttempts: maxRetries,
    backoff: new DelegateBackoff<{ attempt: number }>((ctx) => retryDelay(ctx.attempt, settings)),
  });
  let retryCount = 0;
  const sub = policy.onRetry(() => {
    retryCount += 1;
  });
  const breaker = getBreaker(options.service, options.breaker);
  try {
    return await breaker.policy.execute(() => policy.execute(({ attempt }) => fn(attempt)));
  } catch (error) {
    if (isAbort(error)) throw error;
    const final = error instanceof BrokenCircuitError || error instanceof IsolatedCircuitError ? circuitOpenError(options.service) : error;
    if (options.record !== false) await recordFailure(options.service, final, retryCount, options);
    throw Object.assign(final as object, { retryCount }) as unknown;
  } finally {
    sub.dispose();
  }
}
