export { drainOutbox, sendQueuedPost, isFinalFailure, failureReason, OUTBOX_LOCK, type DrainOptions, type DrainResult, type SendQueued } from './drain';
export { sendOrQueue, OFFLINE_REASON, type SendOutcome } from './send';
export { startOutboxDrainer, requestOutboxDrain, OUTBOX_CHECK_INTERVAL_MS } from './drainer';
export { createMemoryLockManager, defaultLockManager, type LockManagerLike } from './locks';
