import { redact } from '@/lib/security/redact';
import type { QueuedPost } from './db';
import { withDatabase } from './lazy';
import { isQuotaError } from './storage-errors';

/** How long a queued post may wait before it is marked expired instead of being sent late. */
export const OUTBOX_TTL_MS = 24 * 60 * 60 * 1000;

/** IndexedDB is full: the caller keeps the draft in its form and says so. */
export class OutboxQuotaError extends Error {
  constructor(cause: unknown) {
    super(
      'Speicher voll: Der Post konnte nicht im Postausgang gespeichert werden. Ihr Entwurf bleibt im Formular erhalten.',
      { cause },
    );
    this.name = 'OutboxQuotaError';
  }
}

function newId(): string {
  return globalThis.crypto.randomUUID();
}

let lastCreated = 0;
/** Strictly increasing creation times within a tab, so that the queue order is the order of enqueueing. */
function monotonicNow(now: number): number {
  lastCreated = Math.max(now, lastCreated + 1);
  return lastCreated;
}

export interface NewQueuedPost {
  platform: string;
  payload: Record<string, unknown>;
  /** Reuse the key of an attempt that already went out, so the server can drop a duplicate. */
  idempotencyKey?: string;
  /** Why it is queued (offline, the last network or server error). */
  error?: string;
  /** Not to be sent before this time (the server asked to wait). */
  notBefore?: number;
  now?: number;
}

/**
 * Puts a post into the outbox as 'queued' with an idempotency key. The payload is stored as written: it is what
 * the operator publishes (it never holds a credential; the transport adds those when it sends).
 * Throws OutboxQuotaError when the browser's storage is full.
 */
export async function enqueuePost(input: NewQueuedPost): Promise<QueuedPost> {
  const now = input.now ?? Date.now();
  const createdAt = monotonicNow(now);
  const entry: QueuedPost = {
    id: newId(),
    idempotencyKey: input.idempotencyKey ?? newId(),
    platform: input.platform,
    payload: input.payload,
    status: 'queued',
    createdAt,
    updatedAt: createdAt,
    attempts: 0,
    error: input.error ? redact(input.error) : undefined,
    expiresAt: now + OUTBOX_TTL_MS,
    ...(input.notBefore !== undefined ? { notBefore: input.notBefore } : {}),
  };
  try {
    await withDatabase((db) => db.outbox.add(entry));
  } catch (error) {
    if (isQuotaError(error)) throw new OutboxQuotaError(error);
    throw error;
  }
  return entry;
}

/** Every outbox entry, oldest first (the sending order). */
export function listOutbox(): Promise<QueuedPost[]> {
  return withDatabase((db) => db.outbox.orderBy('createdAt').toArray());
}

/** Posts that need something: queued, being sent, failed or expired (both wait for the operator). */
export function waitingCount(): Promise<number> {
  return withDatabase((db) => db.outbox.where('status').anyOf('queued', 'sending', 'failed', 'expired').count());
}

/** German reason kept with a post that waited longer than OUTBOX_TTL_MS. */
export const EXPIRED_REASON = 'Abgelaufen: Der Post wurde nicht rechtzeitig gesendet.';

export interface Claim {
  /** The entry now 'sending', or undefined when nothing is queued. */
  entry: QueuedPost | undefined;
  /** How many queued entries were found past their expiry on the way and marked 'expired'. */
  expired: number;
  /** The earliest time a queued entry that must still wait (`notBefore`) may be sent, when there is one. */
  waitUntil?: number;
}

/**
 * Claims the oldest queued entry for sending (queued → sending, attempts + 1) in one transaction, so two
 * tabs can never claim the same entry. Entries past their expiry on the way are marked 'expired' (and counted,
 * so that the operator is told; they stay listed until resent or discarded). An entry the server asked to wait
 * (`notBefore`) is passed over until then: it is already at the server, so the ones after it need not wait.
 */
export async function claimNext(now = Date.now()): Promise<Claim> {
  const db = await withDatabase((d) => d);
  return db.transaction('rw', db.outbox, async () => {
    const queued = await db.outbox.where('status').equals('queued').sortBy('createdAt');
    let expired = 0;
    let waitUntil: number | undefined;
    for (const entry of queued) {
      if (entry.expiresAt !== undefined && entry.expiresAt <= now) {
        await db.outbox.update(entry.id, { status: 'expired', updatedAt: now, error: EXPIRED_REASON });
        expired += 1;
        continue;
      }
      if (entry.notBefore !== undefined && entry.notBefore > now) {
        waitUntil = Math.min(waitUntil ?? entry.notBefore, entry.notBefore);
        continue;
      }
      const claimed: QueuedPost = {
        ...entry,
        status: 'sending',
        attempts: entry.attempts + 1,
        updatedAt: now,
        notBefore: undefined,
      };
      await db.outbox.put(claimed);
      return { entry: claimed, expired, waitUntil };
    }
    return { entry: undefined, expired, waitUntil };
  });
}

export async function markSent(id: string, now = Date.now()): Promise<void> {
  await withDatabase((db) => db.outbox.update(id, { status: 'sent', updatedAt: now, error: undefined }));
}

/** Not retried (a 4xx): the operator edits and resends, or discards. */
export async function markFailed(id: string, reason: string, now = Date.now()): Promise<void> {
  await withDatabase((db) => db.outbox.update(id, { status: 'failed', updatedAt: now, error: redact(reason) }));
}

/**
 * Back in the queue with the same idempotency key after a network or server failure, or — with `notBefore` — after the
 * server said it is still working on that key (not sent again before then).
 */
export async function requeue(id: string, reason: string, now = Date.now(), notBefore?: number): Promise<void> {
  await withDatabase((db) =>
    db.outbox.update(id, { status: 'queued', updatedAt: now, error: redact(reason), notBefore }),
  );
}

/** Longer than any send takes (its time-out and retries): a 'sending' entry this old was left by a tab that went away. */
export const SENDING_STALE_MS = 3 * 60_000;

/**
 * A 'sending' entry left by a tab that went away is queued again (its key stays). One still being sent by another tab
 * (a drainer without the shared lock, started meanwhile) is left alone: queued again, it would go out twice.
 */
export async function recoverStaleSending(now = Date.now()): Promise<number> {
  return withDatabase((db) =>
    db.outbox
      .where('status')
      .equals('sending')
      .filter((entry) => now - entry.updatedAt >= SENDING_STALE_MS)
      .modify({ status: 'queued', updatedAt: now }),
  );
}

/** The operator changed a failed post: it is queued again as a new post (new key, fresh expiry). */
export async function editAndResend(id: string, payload: Record<string, unknown>, now = Date.now()): Promise<void> {
  await withDatabase((db) =>
    db.outbox.update(id, {
      payload,
      status: 'queued',
      idempotencyKey: newId(),
      attempts: 0,
      error: undefined,
      notBefore: undefined,
      updatedAt: now,
      expiresAt: now + OUTBOX_TTL_MS,
    }),
  );
}

/**
 * The operator sends an expired post after all: queued again with a fresh expiry. Its idempotency key stays, so a
 * request of an earlier attempt that did reach the server is not posted twice.
 */
export async function resendExpired(id: string, now = Date.now()): Promise<void> {
  await withDatabase((db) =>
    db.outbox.update(id, {
      status: 'queued',
      attempts: 0,
      error: undefined,
      updatedAt: now,
      expiresAt: now + OUTBOX_TTL_MS,
    }),
  );
}

export async function discardEntry(id: string): Promise<void> {
  await withDatabase((db) => db.outbox.delete(id));
}

/** How long a sent entry stays listed before it is pruned. */
export const SENT_RETENTION_MS = 7 * 24 * 60 * 60 * 1000;

/** Removes sent entries older than `olderThanMs` (expired ones stay until the operator resends or discards them). */
export async function pruneOutbox(olderThanMs = SENT_RETENTION_MS, now = Date.now()): Promise<number> {
  return withDatabase((db) =>
    db.outbox
      .where('status')
      .equals('sent')
      .filter((e) => e.updatedAt < now - olderThanMs)
      .delete(),
  );
}
