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
}

export function installTimerGuard(host: Host): TimerGuard {
  const real = { setTimeout: host.setTimeout, clearTimeout: host.clearTimeout, setInterval: host.setInterval, clearInterval: host.clearInterval };
  const timeouts = new Set<Handle>();
  const intervals = new Set<Handle>();

  host.setTimeout = ((callback: Callback, ms?: number, ...args: unknown[]) => {
    const handle: Handle = real.setTimeout(
      (...a: unknown[]) => {
        timeouts.delete(handle);
        callback(...a);
      },
      ms,
      ...args,
    );
    timeouts.add(handle);
    return handle;
  }) as typeof host.setTimeout;
  host.clearTimeout = ((handle?: Handle) => {
    if (handle !== undefined) timeouts.delete(handle);
    real.clearTimeout(handle);
  }) as typeof host.clearTimeout;
  host.setInterval = ((callback: Callback, ms?: number, ...args: unknown[]) => {
    const handle: Handle = real.setInterval(callback, ms, ...args);
    intervals.add(handle);
    return handle;
  }) as typeof host.setInterval;
  host.clearInterval = ((handle?: Handle) => {
    if (handle !== undefined) intervals.delete(handle);
    real.clearInterval(handle);
  }) as typeof host.clearInterval;

  return {
    pending: () => timeouts.size + intervals.size,
    clearAll() {
      for (const handle of timeouts) real.clearTimeout(handle);
      for (const handle of intervals) real.clearInterval(handle);
      timeouts.clear();
      intervals.clear();
    },
  };
}

/** The guard over the test environment's global timers (imported first by tests/setup.ts). */
export const fileTimers = installTimerGuard(globalThis);
