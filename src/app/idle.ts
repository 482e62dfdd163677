import { useEffect, useState } from 'react';

/** Runs `run` once the browser is idle (after the current screen has painted); returns a cancel function. */
export function whenIdle(run: () => void, timeout = 2000): () => void {
  if (typeof window.requestIdleCallback === 'function') {
    const id = window.requestIdleCallback(run, { timeout });
    return () => window.cancelIdleCallback(id);
  }
  const id = setTimeout(run, 300);
  return () => clearTimeout(id);
}

/** False during the first render and paint, true once the browser is idle: for extras that must not delay a screen. */
export function useAfterIdle(): boolean {
  const [idle, setIdle] = useState(false);
  useEffect(() => whenIdle(() => setIdle(true)), []);
  return idle;
}
