import { startTransition, useEffect, useState } from 'react';

function onIdle(run: () => void, timeout: number): () => void {
  if (typeof window.requestIdleCallback === 'function') {
    const id = window.requestIdleCallback(run, { timeout });
    return () => window.cancelIdleCallback(id);
  }
  const id = setTimeout(run, 300);
  return () => clearTimeout(id);
}

// Set while the opened screen's first data is on its way (holdIdleUntil): the idle work waits for it.
let held: Promise<unknown> | undefined;

/**
 * Holds every `whenIdle` callback until `until` settles, at most `capMs`: on a slow line the chunks that idle work
 * fetches (toaster, update prompt, offline code paths, Dexie) would share the connection with the screen's first data.
 */
export function holdIdleUntil(until: Promise<unknown>, capMs = 4000): void {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const capped = new Promise<void>((resolve) => {
    timer = setTimeout(resolve, capMs);
  });
  const released: Promise<unknown> = Promise.race([until.catch(() => undefined), capped]).finally(() => {
    clearTimeout(timer);
    if (held === released) held = undefined;
  });
  held = released;
}

/** Runs `run` once the screen has painted and the browser is idle; an idle callback alone can fire before the paint. */
export function whenIdle(run: () => void, timeout = 2000): () => void {
  let cancelled = false;
  let cancelNext: () => void = () => undefined;
  const start = () => {
    if (cancelled) return;
    const frame = requestAnimationFrame(() => {
      // a task queued from a frame callback runs after that frame has painted
      const task = setTimeout(() => {
        cancelNext = onIdle(run, timeout);
      }, 0);
      cancelNext = () => clearTimeout(task);
    });
    cancelNext = () => cancelAnimationFrame(frame);
  };
  if (held) void held.then(start);
  else start();
  return () => {
    cancelled = true;
    cancelNext();
  };
}

/** False until the first paint and an idle moment (plus `delayMs`), for extras; it flips in a transition to yield. */
export function useAfterIdle(delayMs = 0): boolean {
  const [idle, setIdle] = useState(false);
  useEffect(() => {
    const run = () => startTransition(() => setIdle(true));
    if (delayMs <= 0) return whenIdle(run);
    let cancelIdle: () => void = () => undefined;
    const timer = setTimeout(() => {
      cancelIdle = whenIdle(run);
    }, delayMs);
    return () => {
      clearTimeout(timer);
      cancelIdle();
    };
  }, [delayMs]);
  return idle;
}
