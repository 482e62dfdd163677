import { startTransition, useEffect, useState } from 'react';

function onIdle(run: () => void, timeout: number): () => void {
  if (typeof window.requestIdleCallback === 'function') {
    const id = window.requestIdleCallback(run, { timeout });
    return () => window.cancelIdleCallback(id);
  }
  const id = setTimeout(run, 300);
  return () => clearTimeout(id);
}

/** Runs `run` once the screen has painted and the browser is idle; an idle callback alone can fire before the paint. */
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
