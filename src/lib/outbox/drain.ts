// Failed or offline posts wait in Dexie under one idempotency key; the tab holding the Web Lock sends them in order.
// Offline is navigator.onLine, not a failed fetch: the in-page mock network answers even when the browser has none.
import type { QueuedPost } from '@/db/db';
import { loadDatabase } from '@/db/lazy';
import { claimNext, markFailed, markSent, pruneOutbox, recoverStaleSending, requeue } from '@/db/outbox';
import { ApiError } from '@/lib/http/api-error';
import { getCsrf } from '@/lib/operator-token';
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

/**
 * A post refused for a stale csrf goes again once the session brought a fresh one: a cookie session's csrf is this
 * tab's, the cookie every tab's, so signing in again in another tab made every post here a final 403 (the outbox failed
 * them all). Only the post paths have it, loaded with the outbox: the screens' up-front code has no room for it.
 */
export async function withFreshCsrf<T>(send: () => Promise<T>): Promise<T> {
  try {
    return await send();
  } catch (error) {
    if (error instanceof ApiError && getCsrf() && (await (await import('@/lib/session-flow')).freshCsrf(error)))
      return send();
    throw error;
  }
}

/** Sends one outbox entry; its stored key goes out as the Idempotency-Key on every attempt, retry and drain. */
export const sendQueuedPost: SendQueued = async (entry) => {
  const { schemas } = await loadContract();
  const platform = schemas.Platform.safeParse(entry.platform);
  const body = schemas.SocialPostBody.safeParse(entry.payload);
  if (!platform.success || !body.success) throw new InvalidQueuedPostError();
  return withFreshCsrf(() => postToPlatform(platform.data, body.data, { idempotencyKey: entry.idempotencyKey }));
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
 * The server answered 2xx, but not as this console's contract says (a server newer than the console): it took the post,
 * so the post is done here; a resend would publish it twice.
 */
export const isContractBreak = (error: unknown): boolean => error instanceof ApiError && error.code === 'CONTRACT';
export const ACCEPTED_UNCONFIRMED =
  'Vom Server angenommen, aber mit einer unerwarteten Antwort bestätigt – bitte unter Posts prüfen, nicht noch einmal senden.';

/** Final when the operator must change something (a 4xx refusal, a contract break); 401, 408, 429, 409 in progress wait. */
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

/** How long to wait before asking again about a key still in progress. */
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
  /** When a key still in progress may be asked about again; the drainer comes back then. */
  retryAt?: number;
}

function browserOnline(): boolean {
  return typeof navigator === 'undefined' || navigator.onLine !== false;
}

/** Sends the queue in order if this tab holds the lock; a 4xx fails one entry, a network or 5xx error stops to keep order. */
export async function drainOutbox(options: DrainOptions = {}): Promise<DrainResult> {
  const { locks = defaultLockManager(), send = sendQueuedPost, isOnline = browserOnline, now = Date.now } = options;
  return locks.request(await outboxLockName(), { ifAvailable: true }, async (lock) => {
    const result: DrainResult = { leader: lock !== null, sent: 0, failed: 0, expired: 0 };
    if (!lock) return result;
    await recoverStaleSending(now());
    // Sent entries stay visible for a while, then are pruned so the list stays bounded.
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
        if (isContractBreak(error)) {
          await markSent(entry.id, now());
          result.sent += 1;
          continue;
        }
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
