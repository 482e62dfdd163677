/**
 * Keeps count of the timeouts and intervals started through a timer host (globalThis in tests/setup.ts) so that
 * tests/setup.ts can cancel, when a test file ends, those still pending. A timer that outlives its file fires after
 * jsdom's teardown, and e.g. sonner's 200 ms removal timer then throws "window is not defined" from React, an
 * unhandled error that failed a run whose tests all passed.
 */
type Host = Pick<typeof globalThis, 'setTimeout' | 'clearTimeout' | 'setInterval' | 'clearInterval'>;
type Handle = ReturnType<typeof setTimeout>;
type Callback = (...args: unknown[]) => void;

export interface TimerGuard {
  /** Timeouts not yet run or cleared, plus intervals not yet cleared. */
  pending(): number;
  /** Cancels every pending timeout and interval. */
  clearAll(): void;
  /** Not a leak: a timer standing in for one of the platform's own (AbortSignal.timeout's), cancelled with the file. */
  exempt(handle: ReturnType<typeof setTimeout>): void;
  /** Where the pending intervals and the pending timeouts of more than `longerThanMs` were started: leaks, not animations. */
  leaks(longerThanMs: number): string[];
}

export function installTimerGuard(host: Host): TimerGuard {
  const real = {
    setTimeout: host.setTimeout,
    clearTimeout: host.clearTimeout,
    setInterval: host.setInterval,
    clearInterval: host.clearInterval,
  };
  const timeouts = new Set<Handle>();
  const intervals = new Set<Handle>();
  // Where each long timer was started (a stack only for those: a short one is an animation frame pump, a debounce or a
  // toast's removal). A timeout of 2^31-1 ms is "never" (msw's infinite delay): cancelled with the file, it does nothing.
  const origins = new Map<Handle, { ms: number; stack: string }>();
  const LONG_MS = 1000;
  const note = (handle: Handle, ms: number | undefined, interval: boolean) => {
    if ((ms ?? 0) > LONG_MS && (ms ?? 0) < 2 ** 31 - 1)
      origins.set(handle, {
        ms: interval ? Infinity : (ms ?? 0),
        stack: new Error(interval ? `setInterval(${ms})` : `setTimeout(${ms})`).stack ?? '',
      });
  };

  host.setTimeout = ((callback: Callback, ms?: number, ...args: unknown[]) => {
    const handle: Handle = real.setTimeout(
      (...a: unknown[]) => {
        timeouts.delete(handle);
        origins.delete(handle);
        callback(...a);
      },
      ms,
      ...args,
    );
    timeouts.add(handle);
    note(handle, ms, false);
    return handle;
  }) as typeof host.setTimeout;
  host.clearTimeout = ((handle?: Handle) => {
    if (handle !== undefined) {
      timeouts.delete(handle);
      origins.delete(handle);
    }
    real.clearTimeout(handle);
  }) as typeof host.clearTimeout;
  host.setInterval = ((callback: Callback, ms?: number, ...args: unknown[]) => {
    const handle: Handle = real.setInterval(callback, ms, ...args);
    intervals.add(handle);
    note(handle, ms, true);
    return handle;
  }) as typeof host.setInterval;
  host.clearInterval = ((handle?: Handle) => {
    if (handle !== undefined) {
      intervals.delete(handle);
      origins.delete(handle);
    }
    real.clearInterval(handle);
  }) as typeof host.clearInterval;

  return {
    pending: () => timeouts.size + intervals.size,
    clearAll() {
      for (const handle of timeouts) real.clearTimeout(handle);
      for (const handle of intervals) real.clearInterval(handle);
      timeouts.clear();
      intervals.clear();
      origins.clear();
    },
    exempt(handle) {
      origins.delete(handle);
    },
    leaks(longerThanMs) {
      return [...origins.values()]
        .filter((o) => o.ms > longerThanMs)
        .map((o) => o.stack.split('\n').slice(0, 8).join('\n'));
    },
  };
}

/** The guard over the test environment's global timers (imported first by tests/setup.ts). */
export const fileTimers = installTimerGuard(globalThis);
