import { computeStatistics, type ErrorStatistics } from '@/db/error-log';
import type { ErrorLogEntry } from '@/db/db';
import type { BreakerState } from '@/lib/resilience/breakers';
import { redactValue } from '@/lib/security/redact';

export interface ErrorLogExport {
  date: string;
  statistics: ErrorStatistics & { circuitBreakers: BreakerState[] };
  logs: ErrorLogEntry[];
}

/** SPEC §8: the export holds the date, the statistics and the logs, every secret redacted. */
export function buildErrorExport(entries: ErrorLogEntry[], breakers: BreakerState[], now = new Date()): string {
  const value: ErrorLogExport = {
    date: now.toISOString(),
    statistics: { ...computeStatistics(entries, now.getTime()), circuitBreakers: breakers },
    logs: entries,
  };
  return JSON.stringify(redactValue(value), null, 2);
}
