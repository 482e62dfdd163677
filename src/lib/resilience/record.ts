import { errorMessage } from '@/lib/http/api-error';
import type { RetryableOperation } from './retry-registry';

/** Records a failure in the error log (SPEC §8); loaded lazily to keep Dexie out of the first render. */
export async function recordFailure(
  service: string,
  error: unknown,
  retryCount: number,
  options: { context?: Record<string, unknown>; operation?: RetryableOperation } = {},
): Promise<void> {
  try {
    const { recordError } = await import('@/db/error-log');
    await recordError({
      service,
      error: errorMessage(error),
      retryCount,
      context: options.context,
      operation: options.operation,
    });
  } catch (cause) {
    // A full or blocked IndexedDB must not turn one failure into two; the caller still gets the first.
    console.warn('Fehlerprotokoll konnte nicht gespeichert werden.', errorMessage(cause));
  }
}
