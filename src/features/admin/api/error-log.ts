import { useMutation } from '@tanstack/react-query';
import { useLiveQuery } from 'dexie-react-hooks';
import { useEffect, useState } from 'react';
import type { ErrorLogEntry } from '@/db/db';
import { clearErrors, countRetry, ERROR_LOG_CAPACITY, listErrors, resolveError } from '@/db/error-log';
import { getSetting } from '@/db/settings';
import { checkHealth, HEALTH_SERVICES } from '@/lib/api/health';
import { TESTABLE_SERVICES, testService } from '@/lib/api/test-services';
import { getTtsRoles } from '@/lib/api/tts';
import { errorMessage } from '@/lib/http/api-error';
import { allBreakerStates, breakerState, onBreakerChange, type BreakerState } from '@/lib/resilience/breakers';
import { isRetryableKind, runRetryable } from '@/lib/resilience/retry-registry';
import { registerApiRetryables } from '@/lib/settings-bootstrap';

/** The error log, newest first, at most 100 entries; live from IndexedDB. */
export function useErrorEntries(): ErrorLogEntry[] | undefined {
  return useLiveQuery(async () => (await listErrors()).slice(0, ERROR_LOG_CAPACITY));
}

async function rerunHealth(service: string): Promise<void> {
  if ((HEALTH_SERVICES as readonly string[]).includes(service)) {
    await checkHealth(service, undefined, { record: false });
    return;
  }
  if ((TESTABLE_SERVICES as readonly string[]).includes(service)) {
    // Stock image services have no health path; their key test is the check.
    const keys = await getSetting('apiKeys');
    const result = await testService(service, keys[service] ?? '', { record: false });
    if (!result.success) throw new Error(result.error ?? 'An error occurred');
    return;
  }
  if (service === 'TTS_SYSTEM') {
    const { primary, backup } = getTtsRoles();
    await Promise.any([checkHealth(primary, undefined, { record: false }), checkHealth(backup, undefined, { record: false })]).catch((e: AggregateError) => {
      throw e.errors[0];
    });
    return;
  }
  await checkHealth(service, undefined, { record: false });
}

/**
 * Re-runs what failed: the recorded operation through the same breaker and retry policy, or, for an entry
 * without one, the health check of its service. Success resolves the entry; failure counts one more retry.
 */
export async function retryErrorEntry(entry: ErrorLogEntry): Promise<void> {
  registerApiRetryables();
  try {
    if (entry.operation && isRetryableKind(entry.operation.kind)) await runRetryable(entry.operation);
    else await rerunHealth(entry.service);
  } catch (error) {
    await countRetry(entry.id, errorMessage(error));
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
