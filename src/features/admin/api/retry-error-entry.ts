import { useMutation } from '@tanstack/react-query';
import type { ErrorLogEntry } from '@/db/db';
import { countRetry, resolveError } from '@/db/error-log';
import { errorMessage } from '@/lib/http/api-error';
import { NotRetryableError } from '@/lib/resilience/retry-registry';
import { runRetryable } from '@/lib/retryables';
import { redact } from '@/lib/security/redact';
import { messages } from '../messages';

/**
 * Re-runs what failed: the recorded operation, through the same breaker as the original. Success resolves
 * the entry; a failure counts one more retry. An entry without a re-runnable operation rejects with
 * 'Dieser Fehler kann nicht automatisch wiederholt werden.' and stays as it is.
 */
export async function retryErrorEntry(entry: ErrorLogEntry): Promise<void> {
  try {
    await runRetryable(entry.operation);
  } catch (error) {
    if (!(error instanceof NotRetryableError)) await countRetry(entry.id, errorMessage(error));
    throw error;
  }
  await resolveError(entry.id, entry.retryCount + 1);
}

export const useRetryErrorEntry = () =>
  useMutation({
    mutationFn: retryErrorEntry,
    meta: { error: messages.errors.retryFailed, reason: (error) => redact(errorMessage(error)) },
  });
