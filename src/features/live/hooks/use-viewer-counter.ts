import { useEffect, useState } from 'react';

/** SPEC §4/§9: the simulated viewer count changes every 5 s by -2 to +2 and never shows below 0. */
export const VIEWER_TICK_MS = 5_000;

/** One tick: -2..+2 (uniform over the five steps), never below 0. */
export function nextViewerCount(current: number, random: () => number = Math.random): number {
  const delta = Math.min(4, Math.floor(random() * 5)) - 2;
  return Math.max(0, current + delta);
}

/** YouTube 60 %, Facebook 30 %, Twitch 10 % of the total (whole viewers, rounded down). */
export function viewerSplit(total: number): { youtube: number; facebook: number; twitch: number } {
  return { youtube: Math.floor(total * 0.6), facebook: Math.floor(total * 0.3), twitch: Math.floor(total * 0.1) };
}

/** The simulated counter: 0 on every start and stop, ticking only while streaming. */
export function useViewerCounter(streaming: boolean): number {
  const [count, setCount] = useState(0);
  const [wasStreaming, setWasStreaming] = useState(streaming);
  if (wasStreaming !== streaming) {
    setWasStreaming(streaming);
    setCount(0);
  }
  useEffect(() => {
    if (!streaming) return;
    const timer = setInterval(() => setCount((c) => nextViewerCount(c)), VIEWER_TICK_MS);
    return () => clearInterval(timer);
  }, [streaming]);
  return count;
}
