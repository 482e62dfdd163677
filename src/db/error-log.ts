import { redact, redactValue } from '@/lib/security/redact';
import { db, type ErrorLogEntry } from './db';

export const ERROR_LOG_CAPACITY = 100;

export type NewErrorLogEntry = Pick<ErrorLogEntry, 'service' | 'error'> &
  Partial<Pick<ErrorLogEntry, 'retryCount' | 'context' | 'operation'>>;

/** Records a failure, secrets redacted, keeping only the newest 100 in the same transaction (SPEC §9). */
export async function recordError(entry: NewErrorLogEntry): Promise<number> {
  return db.transaction('rw', db.errorLog, async () => {
    const id = await db.errorLog.add({
      service: redact(entry.service),
      error: redact(entry.error),
      retryCount: entry.retryCount ?? 0,
      context: redactValue(entry.context ?? {}),
      operation: entry.operation ? redactValue(entry.operation) : undefined,
      timestamp: Date.now(),
      resolved: false,
    } as ErrorLogEntry);
    const excess = (await db.errorLog.count()) - ERROR_LOG_CAPACITY;
    if (excess > 0) {
      // Auto-increment ids follow insertion order even when two entries share a millisecond.
      const oldest = await db.errorLog.toCollection().limit(excess).primaryKeys();
      await db.errorLog.bulkDelete(oldest);
    }
    return id;
  });
}

/** All entries, newest first (by insertion order, so entries of the same millisecond keep their order). */
export function listErrors(): Promise<ErrorLogEntry[]> {
  return db.errorLog.toCollection().reverse().toArray();
}

/** Marks an entry resolved (after a successful retry, or by hand). */
export async function resolveError(id: number, retryCount?: number): Promise<void> {
  await db.errorLog.update(id, retryCount === undefined ? { resolved: true } : { resolved: true, retryCount });
}

/** Counts one more retry on an entry that is still failing. */
export async function countRetry(id: number, error: string): Promise<void> {
  const entry = await db.errorLog.get(id);
  if (entry) await db.errorLog.update(id, { retryCount: entry.retryCount + 1, error: redact(error) });
}

/** Removes every entry. */
export function clearErrors(): Promise<void> {
  return db.errorLog.clear();
}

export interface ErrorStatistics {
  total: number;
  active: number;
  resolved: number;
  last24h: number;
  totalRetries: number;
  byService: Record<string, number>;
}

/** SPEC §9 error statistics: total, active, resolved, last 24 h, total retries, per-service breakdown. */
export function computeStatistics(entries: ErrorLogEntry[], now = Date.now()): ErrorStatistics {
  const byService: Record<string, number> = {};
  let active = 0;
  let last24h = 0;
  let totalRetries = 0;
  for (const e of entries) {
    if (!e.resolved) active += 1;
    if (now - e.timestamp <= 24 * 60 * 60 * 1000) last24h += 1;
    totalRetries += e.retryCount;
    byService[e.service] = (byService[e.service] ?? 0) + 1;
  }
  return { total: entries.length, active, resolved: entries.length - active, last24h, totalRetries, byService };
}
