import type { QueuedPost } from '@/db/db';
import { loadDatabase } from '@/db/lazy';
import { claimNext, markFailed, markSent, pruneOutbox, recoverStaleSending, requeue } from '@/db/outbox';
import { ApiError } from '@/lib/http/api-error';
import { failureReason } from './failure';
import { loadContract } from '@/lib/api/client';
import { postToPlatform } from '@/lib/api/social';
import { defaultLockManager, type LockManagerLike } from './locks';

export { failureReason, TIMEOUT_REASON } from './failure';

/** The Web Lock whose holder is the one tab that sends the outbox. */
export const OUTBOX_LOCK = 'newsdesk-outbox';

/** One lock per database: a mock scenario's tab (a database of its own) never holds the operator's outbox's lock. */
const outboxLockName = async () => {
  const { db } = await loadDatabase();
  return db.name === 'newsdesk' ? OUTBOX_LOCK : `${db.name}-outbox`;
};

export type SendQueued = (entry: QueuedPost) => Promise<unknown>;

/** A stored entry that is no post any more (an older version's payload, a platform that is gone): the operator decides. */
export class InvalidQueuedPostError extends Error {
  constructor() {
    super('Ungültiger Post im Postausgang: Plattform oder Inhalt fehlt.');
    this.name = 'InvalidQueuedPostError';
  }
}

/** Sends one outbox entry; its stored key goes out as the Idempotency-Key on every attempt, retry and drain. */
export const sendQueuedPost: SendQueued = async (entry) => {
  const { schemas } = await loadContract();
  const platform = schemas.Platform.safeParse(entry.platform);
  const body = schemas.SocialPostBody.safeParse(entry.payload);
  if (!platform.success || !body.success) throw new InvalidQueuedPostError();
  return postToPlatform(platform.data, body.data, { idempotencyKey: entry.idempotencyKey });
};

/**
 * Final (the operator has to change something): a 4xx, an answer that breaks the contract (the same key would only
 * bring the same answer back) and an entry that is no valid post. Network errors, time-outs and 5xx are not.
 */
export function isFinalFailure(error: unknown): boolean {
  if (error instanceof InvalidQueuedPostError) return true;
  if (error instanceof ApiError && error.code === 'CONTRACT') return true;
  return error instanceof ApiError && error.code === 'CLIENT_ERROR' && error.status >= 400 && error.status < 500;
}

export interface DrainOptions {
  locks?: LockManagerLike;
  send?: SendQueued;
  isOnline?: () => boolean;
  now?: () => number;
}

export interface DrainResult {
  leader: boolean;
  sent: number;
  failed: number;
  /** Queued posts found past their expiry and marked 'expired' in this run. */
  expired: number;
  /** Why draining stopped early (network or server error); the entry stays queued with this reason. */
  stopped?: string;
}

function browserOnline(): boolean {
  return typeof navigator === 'undefined' || navigator.onLine !== false;
}

/**
 * Sends the queue in order, if this tab gets the outbox lock (other tabs return at once with
 * leader: false and only show the queue). A 4xx moves the entry to 'failed' and the next one is sent;
 * a network or server error puts the entry back in the queue and stops, so that order is kept.
 */
export async function drainOutbox(options: DrainOptions = {}): Promise<DrainResult> {
  const { locks = defaultLockManager(), send = sendQueuedPost, isOnline = browserOnline, now = Date.now } = options;
  return locks.request(await outboxLockName(), { ifAvailable: true }, async (lock) => {
    const result: DrainResult = { leader: lock !== null, sent: 0, failed: 0, expired: 0 };
    if (!lock) return result;
    await recoverStaleSending(now());
    // Sent entries are kept a week for the operator to see, then pruned, so the list does not grow without bound.
    await pruneOutbox(undefined, now());
    while (isOnline()) {
      const { entry, expired } = await claimNext(now());
      result.expired += expired;
      if (!entry) break;
      try {
        await send(entry);
        await markSent(entry.id, now());
        result.sent += 1;
      } catch (error) {
        if (isFinalFailure(error)) {
          await markFailed(entry.id, failureReason(error), now());
          result.failed += 1;
          continue;
        }
        result.stopped = failureReason(error);
        await requeue(entry.id, result.stopped, now());
        break;
      }
    }
    return result;
  });
}
