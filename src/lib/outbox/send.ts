import type { QueuedPost } from '@/db/db';
import { enqueuePost } from '@/db/outbox';
import { postToPlatform, type SocialPostResult } from '@/lib/api/social';
import type { Platform, SocialPostBody } from '@/contract';
import {
  ACCEPTED_UNCONFIRMED,
  failureReason,
  IN_PROGRESS_REASON,
  inProgressWaitMs,
  isContractBreak,
  isFinalFailure,
  isStillInProgress,
  withFreshCsrf,
} from './drain';
import { requestOutboxDrain } from './drainer';

export type SendOutcome =
  | { state: 'sent'; platform: Platform; result: SocialPostResult }
  | { state: 'queued'; platform: Platform; entry: QueuedPost; reason: string }
  /** The server took the post (2xx) but its answer is not what this console expects: never sent again from here. */
  | { state: 'accepted'; platform: Platform; reason: string };

/** German reason stored with a post queued while the browser is offline. */
export const OFFLINE_REASON = 'Offline – wird gesendet, sobald die Verbindung zurück ist.';

/** Posts to one platform, or queues it under the same idempotency key when offline or the send fails on the network. */
export async function sendOrQueue(
  platform: Platform,
  payload: SocialPostBody,
  options: { isOnline?: () => boolean; idempotencyKey?: string } = {},
): Promise<SendOutcome> {
  // A snapshot at send time, outside React: useOnline is for components.
  const online = options.isOnline ?? (() => typeof navigator === 'undefined' || navigator.onLine !== false);
  // The post goes out (and into the outbox) exactly as the operator wrote it; redaction is for logs and exports.
  // One key per operator action and platform: the request, its retries and the outbox all send this one.
  const idempotencyKey = options.idempotencyKey ?? globalThis.crypto.randomUUID();
  if (!online()) {
    const entry = await enqueuePost({ platform, payload, idempotencyKey, error: OFFLINE_REASON });
    return { state: 'queued', platform, entry, reason: OFFLINE_REASON };
  }
  try {
    const result = await withFreshCsrf(() => postToPlatform(platform, payload, { idempotencyKey }));
    return { state: 'sent', platform, result };
  } catch (error) {
    if (isContractBreak(error)) return { state: 'accepted', platform, reason: ACCEPTED_UNCONFIRMED };
    if (isStillInProgress(error)) {
      const entry = await enqueuePost({
        platform,
        payload,
        idempotencyKey,
        error: IN_PROGRESS_REASON,
        notBefore: Date.now() + inProgressWaitMs(error),
      });
      requestOutboxDrain();
      return { state: 'queued', platform, entry, reason: IN_PROGRESS_REASON };
    }
    if (isFinalFailure(error) || (error instanceof DOMException && error.name === 'AbortError')) throw error;
    const reason = online() ? failureReason(error) : OFFLINE_REASON;
    const entry = await enqueuePost({ platform, payload, idempotencyKey, error: reason });
    return { state: 'queued', platform, entry, reason };
  }
}
