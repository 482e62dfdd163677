import { startTransition, useEffect, useState } from 'react';

function onIdle(run: () => void, timeout: number): () => void {
  if (typeof window.requestIdleCallback === 'function') {
    const id = window.requestIdleCallback(run, { timeout });
    return () => window.cancelIdleCallback(id);
  }
  const id = setTimeout(run, 300);
  return () => clearTimeout(id);
}

/** Runs `run` in the task after the next frame has painted (a hidden tab draws none: it waits until shown). */
export function afterPaint(run: () => void): () => void {
  let cancelTask: () => void = () => undefined;
  const frame = requestAnimationFrame(() => {
    // a task queued from a frame callback runs after that frame has painted
    const task = setTimeout(run, 0);
    cancelTask = () => clearTimeout(task);
  });
  return () => {
    cancelAnimationFrame(frame);
    cancelTask();
  };
}

/** Runs `run` once the screen has painted and the browser is idle; an idle callback alone can fire before the paint. */
export function whenIdle(run: () => void, timeout = 2000): () => void {
  let cancelIdle: () => void = () => undefined;
  const cancelPaint = afterPaint(() => {
    cancelIdle = onIdle(run, timeout);
  });
  return () => {
    cancelPaint();
    cancelIdle();
  };
}

const busySources = new Set<() => boolean>();

/** Adds a test of whether the screen still loads (its data calls, its stored settings); answers the removal. */
export function addBusySource(busy: () => boolean): () => void {
  busySources.add(busy);
  return () => busySources.delete(busy);
}

/** True while any source says the screen still loads what it draws. */
export function screenBusy(): boolean {
  for (const busy of busySources) if (busy()) return true;
  return false;
}

/** How often a settle check looks again while the screen is still busy. */
const SETTLE_POLL_MS = 100;

/** The longest extras wait for a busy screen. */
const SETTLE_CAP_MS = 5000;

/**
 * Runs `run` once the screen has painted and, at an idle moment, `busy()` answers false: its data and stored settings are
 * drawn, so extras do not compete with them for the network and the main thread. After `capMs` it runs all the same (a
 * call that hangs must not keep the extras away).
 */
export function whenSettled(run: () => void, busy = screenBusy, capMs = SETTLE_CAP_MS): () => void {
  const start = Date.now();
  let cancel: () => void = () => undefined;
  const check = () => {
    if (busy() && Date.now() - start < capMs) {
      const timer = setTimeout(() => {
        cancel = onIdle(check, 2000);
      }, SETTLE_POLL_MS);
      cancel = () => clearTimeout(timer);
      return;
    }
    run();
  };
  cancel = whenIdle(check);
  return () => cancel();
}

/** False until the screen has painted and settled (`whenSettled` over `screenBusy`), for extras; flips in a transition. */
export function useAfterSettled(): boolean {
  const [settled, setSettled] = useState(false);
  useEffect(() => whenSettled(() => startTransition(() => setSettled(true))), []);
  return settled;
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
