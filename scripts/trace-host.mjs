// What a Lighthouse trace says about the host rather than the page (npm run bench prints it beside each screen's scores).
//
// Lighthouse's default throttling is simulated: Lantern takes each main-thread task's observed wall time and multiplies
// it by the CPU slowdown (4×). Wall time includes every moment the renderer's main thread was runnable but off the CPU,
// because the browser process, the compositor, the worker threads and Lighthouse itself shared the host's cores with it.
// The trace records both: a task's `dur` (wall) and `tdur` (its thread's own CPU time). `onCpu` is their ratio over the
// main thread's tasks in the first seconds of the load: 1 on an idle many-core host, well below it on a busy 2-core one,
// where Lantern counts the waiting 4× as if the page had computed it.
//
// `cpuBlockingMs` is the blocking time the page's own CPU work would give at 4× on a host that left the main thread the
// CPU to itself: Σ max(0, 4 × task CPU time − 50 ms) over the same tasks (navigation to +5 s, so it also counts what
// precedes FCP, which Lighthouse's TBT leaves out). It moves with the page's code, not with the host's load.
//
// `frameHole` is the longest stretch before the first contentful paint in which the renderer got no main frame while it
// had already drawn one and its main thread was mostly idle (≥ 500 ms, else null): headless Chromium's compositor may stop offering frames to a page for up to a second during
// the load (Lighthouse issue 17148, viz's ThrottleUnresponsiveClient), which moves FCP, LCP and Speed Index by that much.

/** @typedef {{ name?: string, ph?: string, pid?: number, tid?: number, ts?: number, dur?: number, tdur?: number, args?: any }} TraceEvent */

const WINDOW_MS = 5000;
const HOLE_MS = 500;

/**
 * @param {TraceEvent[]} events a trace's traceEvents
 * @returns {{ onCpu: number | null, taskMs: number, cpuMs: number, cpuBlockingMs: number, frameHole: number | null } | null} null when the
 *   trace holds no navigation of a main frame
 */
export function hostFigures(events) {
  const nav = events.find(
    (e) => e.name === 'navigationStart' && e.args?.data?.isLoadingMainFrame && /^https?:/.test(e.args?.data?.documentLoaderURL ?? ''),
  );
  if (!nav || nav.ts === undefined) return null;
  const { pid, tid, ts: t0 } = nav;
  const navigationId = nav.args.data.navigationId;
  const onMain = (e) => e.pid === pid && e.tid === tid && e.ts !== undefined;

  // Top-level tasks only: a nested RunTask (a nested run loop) is inside its parent's time already.
  const tasks = events
    .filter((e) => onMain(e) && e.name === 'RunTask' && e.ph === 'X' && e.ts >= t0 && e.ts <= t0 + WINDOW_MS * 1000)
    .sort((a, b) => a.ts - b.ts);
  let end = -Infinity;
  let wall = 0;
  let cpu = 0;
  let blocking = 0;
  for (const task of tasks) {
    if (task.ts < end) continue;
    wall += task.dur ?? 0;
    cpu += task.tdur ?? 0;
    blocking += Math.max(0, (4 * (task.tdur ?? 0)) / 1000 - 50);
    end = task.ts + (task.dur ?? 0);
  }

  const fcp = events.find((e) => e.name === 'firstContentfulPaint' && e.pid === pid && e.ts !== undefined && (!navigationId || e.args?.data?.navigationId === navigationId));
  let frameHole = null;
  if (fcp) {
    const frames = events
      .filter((e) => onMain(e) && e.name === 'BeginMainThreadFrame' && e.ts >= t0 && e.ts <= fcp.ts)
      .map((e) => e.ts)
      .sort((a, b) => a - b);
    // Main-thread task time inside [from, to]: a stretch the page spent computing is no hole, it simply had no frame to give.
    const busy = (from, to) => tasks.reduce((sum, t) => sum + Math.max(0, Math.min(to, t.ts + (t.dur ?? 0)) - Math.max(from, t.ts)), 0);
    let longest = 0;
    const stretches = frames.slice(1).map((ts, i) => [frames[i], ts]);
    if (frames.length) stretches.push([frames[frames.length - 1], fcp.ts]);
    for (const [from, to] of stretches) if (busy(from, to) < (to - from) / 2) longest = Math.max(longest, to - from);
    frameHole = longest / 1000 >= HOLE_MS ? Math.round(longest / 1000) : null;
  }

  return { onCpu: wall > 0 ? cpu / wall : null, taskMs: Math.round(wall / 1000), cpuMs: Math.round(cpu / 1000), cpuBlockingMs: Math.round(blocking), frameHole };
}

/**
 * One line for the bench: the main thread's share of its task time on the CPU, and any frame hole, per run.
 * @param {ReturnType<typeof hostFigures>[]} runs
 */
export function describeHost(runs) {
  const cpu = runs.map((r) => (r?.onCpu == null ? '?' : `${Math.round(r.onCpu * 100)} %`));
  const holes = runs.map((r) => (r == null ? '?' : r.frameHole == null ? 'none' : `${r.frameHole} ms`));
  const own = runs.map((r) => (r == null ? '?' : `${r.cpuBlockingMs} ms`));
  return `host: main thread on the CPU for ${cpu.join(', ')} of its task time (Lantern counts the rest 4× too); its CPU alone at 4× blocks ${own.join(', ')} (first 5 s); frame hole before FCP: ${holes.join(', ')}`;
}
