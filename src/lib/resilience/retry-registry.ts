import type { RETRYABLES } from '@/lib/retryables';

// Kinds and args derive from the table in lib/retryables.ts, so recording an undeclared kind fails to compile.
type Table = typeof RETRYABLES;
export type RetryableKind = keyof Table;
export type RetryableArgs<K extends RetryableKind> = Parameters<Table[K]>[0];
export type RetryableOperation = { [K in RetryableKind]: { kind: K; args: RetryableArgs<K> } }[RetryableKind];

/** What a re-run gets: typed arguments; it resolves when the operation succeeds. */
export type RetryFn<A> = (args: A) => Promise<unknown>;

/** Declares the retryable operations (an identity: it only checks the table's shape). */
export function defineRetryables<T extends Record<string, RetryFn<never>>>(table: T): T {
  return table;
}

/** What Retry says for an entry whose failure cannot be re-run (an upload's file, an OBS connection, a breaker notice). */
export const NOT_RETRYABLE_MESSAGE = 'Dieser Fehler kann nicht automatisch wiederholt werden.';

/** The error a Retry of such an entry gives; it does not count as a retry. */
export class NotRetryableError extends Error {
  constructor() {
    super(NOT_RETRYABLE_MESSAGE);
    this.name = 'NotRetryableError';
  }
}
