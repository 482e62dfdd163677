/** The part of the Web Locks API the outbox uses; navigator.locks in browsers, a fake in tests. */
export interface LockManagerLike {
  request<T>(name: string, options: { ifAvailable: true }, callback: (lock: unknown) => Promise<T> | T): Promise<T>;
}

/** In-memory Web Locks, the fallback without navigator.locks; the outbox's transactional claim still prevents resends. */
export function createMemoryLockManager(): LockManagerLike {
  const held = new Set<string>();
  return {
    async request<T>(
      name: string,
      _options: { ifAvailable: true },
      callback: (lock: unknown) => Promise<T> | T,
    ): Promise<T> {
      if (held.has(name)) return callback(null);
      held.add(name);
      try {
        return await callback({ name });
      } finally {
        held.delete(name);
      }
    },
  };
}

let fallback: LockManagerLike | null = null;

/** navigator.locks when the browser has it, otherwise the in-memory fallback. */
export function defaultLockManager(): LockManagerLike {
  const locks =
    typeof navigator !== 'undefined' ? (navigator as Navigator & { locks?: LockManagerLike }).locks : undefined;
  if (locks && typeof locks.request === 'function') return locks;
  fallback ??= createMemoryLockManager();
  return fallback;
}
