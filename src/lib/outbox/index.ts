// The outbox (DESIGN "Offline and PWA"): a post sent or scheduled while offline, or whose send fails on the
// network or with a 5xx after its retries, is stored in Dexie (db/outbox.ts) with an idempotency key that
// goes out as the Idempotency-Key header on every attempt. One tab, the holder of the 'newsdesk-outbox'
// Web Lock, sends the queue in order when the network returns (online event, tab visible, every 30 s); a
// 4xx is final (failed, the operator edits and resends or discards). "Offline" is decided by
// navigator.onLine and the online/offline events, because the in-page mock network answers even when the
// browser has no network; the mock for /social/post* fails like a dropped network while navigator.onLine is false.
export {
  drainOutbox,
  sendQueuedPost,
  isFinalFailure,
  failureReason,
  InvalidQueuedPostError,
  TIMEOUT_REASON,
  OUTBOX_LOCK,
  type DrainOptions,
  type DrainResult,
  type SendQueued,
} from './drain';
export { sendOrQueue, OFFLINE_REASON, type SendOutcome } from './send';
export { startOutboxDrainer, requestOutboxDrain, OUTBOX_CHECK_INTERVAL_MS } from './drainer';
export { createMemoryLockManager, defaultLockManager, type LockManagerLike } from './locks';
