import { startTransition, useEffect, useState } from 'react';

function onIdle(run: () => void, timeout: number): () => void {
  if (typeof window.requestIdleCallback === 'function') {
    const id = window.requestIdleCallback(run, { timeout });
    return () => window.cancelIdleCallback(id);
  }
  const id = setTimeout(run, 300);
  return () => clearTimeout(id);
}

/**
 * Runs `run` once the current screen has painted and the browser is idle; returns a cancel function.
 * An idle callback alone can fire before the first paint (the screen's commit is still pending), which
 * pulled the toaster into the landing page's first render.
 */
export function whenIdle(run: () => void, timeout = 2000): () => void {
  let cancelNext: () => void = () => undefined;
  const frame = requestAnimationFrame(() => {
    // a task queued from a frame callback runs after that frame has painted
    const task = setTimeout(() => {
      cancelNext = onIdle(run, timeout);
    }, 0);
    cancelNext = () => clearTimeout(task);
  });
  return () => {
    cancelAnimationFrame(frame);
    cancelNext();
  };
}

/**
 * False during the first render and paint, true once the browser is idle (after `delayMs` more, if given): for extras
 * that must not delay a screen. The switch renders as a transition, so React renders what it adds in slices that yield
 * to the browser (a sync render of the extras was one long task).
 */
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
