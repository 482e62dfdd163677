import type { ErrorLogEntry } from '@/db/db';
import { ERROR_LOG_CAPACITY, listErrors } from '@/db/error-log';
import { useLiveQuery } from '@/db/live-query';

/** The error log, newest first, at most 100 entries; live from IndexedDB. */
export function useErrorEntries(): ErrorLogEntry[] | undefined {
  return useLiveQuery(async () => (await listErrors()).slice(0, ERROR_LOG_CAPACITY));
}
