import { useMutation } from '@tanstack/react-query';
import { useLiveQuery } from '@/db/live-query';
import { useEffect, useState } from 'react';
import type { ErrorLogEntry } from '@/db/db';
import { clearErrors, countRetry, ERROR_LOG_CAPACITY, listErrors, resolveError } from '@/db/error-log';
import { errorMessage } from '@/lib/http/api-error';
import { allBreakerStates, breakerState, onBreakerChange, type BreakerState } from '@/lib/resilience/breakers';
import { NotRetryableError } from '@/lib/resilience/retry-registry';
import { runRetryable } from '@/lib/retryables';

/** The error log, newest first, at most 100 entries; live from IndexedDB. */
export function useErrorEntries(): ErrorLogEntry[] | undefined {
  return useLiveQuery(async () => (await listErrors()).slice(0, ERROR_LOG_CAPACITY));
}

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

export const useRetryErrorEntry = () => useMutation({ mutationFn: retryErrorEntry });
export const useClearErrors = () => useMutation({ mutationFn: clearErrors });

function readBreakers(services: readonly string[]): BreakerState[] {
  const now = Date.now();
  const used = allBreakerStates(now);
  const listed = services.map((s) => used.find((b) => b.service === s) ?? breakerState(s, now));
  return [...listed, ...used.filter((b) => !services.includes(b.service))];
}

/**
 * The breaker of every listed service plus any other breaker in use, live: on every change and once a
 * second, because an open breaker turns half-open when its cool-down ends without an event.
 */
export function useBreakerStates(services: readonly string[]): BreakerState[] {
  const [states, setStates] = useState(() => readBreakers(services));
  useEffect(() => {
    const update = () => setStates(readBreakers(services));
    const off = onBreakerChange(update);
    const timer = setInterval(update, 1000);
    update();
    return () => {
      off();
      clearInterval(timer);
    };
  }, [services]);
  return states;
}
