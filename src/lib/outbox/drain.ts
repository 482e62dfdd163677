// The outbox (DESIGN "Offline and PWA"): a post sent or scheduled while offline, or whose send fails on the
// network or with a 5xx after its retries, is stored in Dexie (db/outbox.ts) with an idempotency key that
// goes out as the Idempotency-Key header on every attempt. One tab, the holder of the 'newsdesk-outbox'
// Web Lock, sends the queue in order when the network returns (online event, tab visible, every 30 s); a
// 4xx is final (failed, the operator edits and resends or discards). "Offline" is decided by
// navigator.onLine and the online/offline events, because the in-page mock network answers even when the
// browser has no network; the mock for /social/post* fails like a dropped network while navigator.onLine is false.
import type { QueuedPost } from '@/db/db';
import { loadDatabase } from '@/db/lazy';
import { claimNext, markFailed, markSent, pruneOutbox, recoverStaleSending, requeue } from '@/db/outbox';
import { ApiError } from '@/lib/http/api-error';
import { failureReason, IN_PROGRESS_REASON } from './failure';
import { loadContract } from '@/lib/api/client';
import { postToPlatform } from '@/lib/api/social';
import { defaultLockManager, type LockManagerLike } from './locks';

export { failureReason, IN_PROGRESS_REASON } from './failure';

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

/** The server's error code (ErrorBody.code), when its answer carried one. */
function codeOf(error: ApiError): string | undefined {
  try {
    const body: unknown = JSON.parse(error.body ?? '');
    return typeof body === 'object' && body !== null && 'code' in body && typeof body.code === 'string'
      ? body.code
      : undefined;
  } catch {
    return undefined;
  }
}

/**
 * Final (the operator has to change something): a refusal of the post itself — a validation error, a refused role, a
 * platform not connected, a revoked token — an answer that breaks the contract (the same key would only bring the same
 * answer back) and an entry that is no valid post. Not final, so the entry waits in the queue with its reason: missing
 * or expired credentials (401: the token is asked for, then it goes out), 408, 429, 5xx, network errors, time-outs and
 * a 409 saying the same key is still being worked on.
 */
export function isFinalFailure(error: unknown): boolean {
  if (error instanceof InvalidQueuedPostError) return true;
  if (!(error instanceof ApiError)) return false;
  if (error.code === 'CONTRACT') return true;
  if (error.code !== 'CLIENT_ERROR' || error.status < 400 || error.status >= 500) return false;
  if (error.status === 401 || error.status === 408 || error.status === 429) return false;
  return !isStillInProgress(error);
}

/** Waited for a 409 'in progress' that names no Retry-After. */
export const IN_PROGRESS_WAIT_MS = 5000;

/** A 409 saying the same key is still being worked on: the post is at the server, so it is asked again later, not resent. */
export function isStillInProgress(error: unknown): error is ApiError {
  return error instanceof ApiError && error.status === 409 && codeOf(error) === 'idempotency_in_progress';
}

/** A Retry-After header (delay in seconds, or an HTTP date) in ms from `now`; undefined when absent or unreadable. */
export function parseRetryAfter(value: string | undefined, now = Date.now()): number | undefined {
  const text = value?.trim();
  if (!text) return undefined;
  if (/^\d+$/.test(text)) return Number(text) * 1000;
  const at = Date.parse(text);
  return Number.isNaN(at) ? undefined : Math.max(0, at - now);
}

/** How long to wait before asking again about a key still in progress: the server's Retry-After (at least 1 s). */
export function inProgressWaitMs(error: ApiError, now = Date.now()): number {
  return Math.max(parseRetryAfter(error.retryAfter, now) ?? IN_PROGRESS_WAIT_MS, 1000);
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
  /** When an entry the server asked to wait for (a key still in progress) may be asked about again; the drainer comes back then. */
  retryAt?: number;
}

function browserOnline(): boolean {
  return typeof navigator === 'undefined' || navigator.onLine !== false;
}

/**
 * Sends the queue in order, if this tab gets the outbox lock (other tabs return at once with
 * leader: false and only show the queue). A 2xx — a 202 'accepted, publishing' too — marks it sent; a 4xx moves
 * the entry to 'failed' and the next one is sent; a network or server error puts the entry back in the queue
 * and stops, so that order is kept. A 409 saying its key is still in progress keeps it queued with the German
 * reason until the server's Retry-After (`retryAt`), and the next one is sent.
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
      const { entry, expired, waitUntil } = await claimNext(now());
      result.expired += expired;
      if (!entry) {
        if (waitUntil !== undefined) result.retryAt = waitUntil;
        break;
      }
      try {
        await send(entry);
        await markSent(entry.id, now());
        result.sent += 1;
      } catch (error) {
        if (isStillInProgress(error)) {
          await requeue(entry.id, IN_PROGRESS_REASON, now(), now() + inProgressWaitMs(error, now()));
          continue;
        }
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
