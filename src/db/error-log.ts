import { redact, redactValue } from '@/lib/security/redact';
import type { ErrorLogEntry, NewsdeskDb } from './db';
import { withDatabase } from './lazy';

export const ERROR_LOG_CAPACITY = 100;

export type NewErrorLogEntry = Pick<ErrorLogEntry, 'service' | 'error'> &
  Partial<Pick<ErrorLogEntry, 'retryCount' | 'context' | 'operation'>>;

function sameOperation(a: ErrorLogEntry['operation'], b: ErrorLogEntry['operation']): boolean {
  return JSON.stringify(a ?? null) === JSON.stringify(b ?? null);
}

/**
 * Records a failure, secrets redacted, keeping only the newest 100 in the same transaction (SPEC §9). A failure
 * identical to an unresolved entry (service, message and operation) is folded into it: its count goes up, its time
 * becomes now and it moves to the top, so a backend that is down for an hour does not push every other error out.
 */
export async function recordError(entry: NewErrorLogEntry, target?: NewsdeskDb): Promise<number> {
  const into = target ?? (await withDatabase((db) => db));
  const service = redact(entry.service);
  const error = redact(entry.error);
  const operation = entry.operation ? redactValue(entry.operation) : undefined;
  return into.transaction('rw', into.errorLog, async () => {
    const now = Date.now();
    const same = await into.errorLog
      .where('service')
      .equals(service)
      .filter((e) => !e.resolved && e.error === error && sameOperation(e.operation, operation))
      .last();
    // Re-added under a new id: ids follow insertion order, which is the list's order and decides what is dropped.
    if (same) await into.errorLog.delete(same.id);
    const id = await into.errorLog.add({
      service,
      error,
      retryCount: (same?.retryCount ?? 0) + (entry.retryCount ?? 0),
      context: redactValue(entry.context ?? {}),
      operation,
      timestamp: now,
      count: (same?.count ?? (same ? 1 : 0)) + 1,
      firstTimestamp: same ? (same.firstTimestamp ?? same.timestamp) : now,
      resolved: false,
    } as ErrorLogEntry);
    // Counted and trimmed in the same transaction: IndexedDB runs two tabs' read-write transactions one after the other.
    const excess = (await into.errorLog.count()) - ERROR_LOG_CAPACITY;
    if (excess > 0) {
      // Auto-increment ids follow insertion order even when two entries share a millisecond.
      const oldest = await into.errorLog.toCollection().limit(excess).primaryKeys();
      await into.errorLog.bulkDelete(oldest);
    }
    return id;
  });
}

/** All entries, newest first (by insertion order, so entries of the same millisecond keep their order). */
export function listErrors(): Promise<ErrorLogEntry[]> {
  return withDatabase((db) => db.errorLog.toCollection().reverse().toArray());
}

/** Marks an entry resolved (after a successful retry, or by hand). */
export async function resolveError(id: number, retryCount?: number): Promise<void> {
  await withDatabase((db) =>
    db.errorLog.update(id, retryCount === undefined ? { resolved: true } : { resolved: true, retryCount }),
  );
}

/** Counts one more retry on an entry that is still failing. */
export async function countRetry(id: number, error: string): Promise<void> {
  const db = await withDatabase((d) => d);
  const entry = await db.errorLog.get(id);
  if (entry) await db.errorLog.update(id, { retryCount: entry.retryCount + 1, error: redact(error) });
}

/** Removes every entry. */
export function clearErrors(): Promise<void> {
  return withDatabase((db) => db.errorLog.clear());
}

export interface ErrorStatistics {
  /** Entries in the log (a folded entry counts once). */
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
