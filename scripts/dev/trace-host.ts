// What a Lighthouse trace says about the host rather than the page (npm run bench prints it beside each screen's scores).
// `onCpu`: CPU over wall time of early main-thread tasks; below 1, Lantern counted waiting for a core as the page's work.
// `cpuBlockingMs`: the blocking time the page's own CPU time gives at 4×; for comparing builds over runs, not a budget.
// `frameHole`: the longest wait before FCP for a frame headless Chromium did not offer (viz's ThrottleUnresponsiveClient).

const WINDOW_MS = 5000;
const HOLE_MS = 500;
// Events by which the page asks for a frame (devtools.timeline, in Lighthouse's trace categories).
const WANTS_FRAME = new Set(['InvalidateLayout', 'ScheduleStyleRecalculation', 'RequestAnimationFrame']);

/** The fields of a Chrome trace event this file reads. */
export interface TraceEvent {
  name?: string;
  ph?: string;
  pid?: number;
  tid?: number;
  ts?: number;
  dur?: number;
  tdur?: number;
  args?: { data?: { isLoadingMainFrame?: boolean; documentLoaderURL?: string; navigationId?: string } };
}
type Timed = TraceEvent & { ts: number };
type Task = Timed & { dur: number };

export interface HostFigures {
  /** CPU time over wall time of the main thread's top-level tasks in the first 5 s; null when no task carries its CPU time. */
  onCpu: number | null;
  taskMs: number;
  cpuMs: number;
  /** Σ max(0, 4 × task CPU time − 50 ms) over the same tasks; null when no task carries its CPU time. */
  cpuBlockingMs: number | null;
  /** The longest frame wait of ≥ 500 ms before FCP (ms); 0 when none; null when the trace has no FCP of this navigation. */
  frameHole: number | null;
}

const timed = (e: TraceEvent): e is Timed => e.ts !== undefined;
const byStart = (a: Timed, b: Timed) => a.ts - b.ts;

/** The figures of a trace's traceEvents; null when it holds no main-frame navigation. */
export function hostFigures(events: TraceEvent[]): HostFigures | null {
  const nav = events
    .filter(timed)
    .filter(
      (e) =>
        e.name === 'navigationStart' &&
        !!e.args?.data?.isLoadingMainFrame &&
        /^https?:/.test(e.args?.data?.documentLoaderURL ?? ''),
    )
    .sort(byStart)[0];
  if (!nav) return null;
  const { pid, tid, ts: t0 } = nav;
  const navigationId = nav.args?.data?.navigationId;
  const onMain = (e: TraceEvent): e is Timed => e.pid === pid && e.tid === tid && e.ts !== undefined;

  // Top-level tasks only: a nested RunTask (a nested run loop) is inside its parent's time already. Chrome writes a
  // complete event when it ends, so a nested task can come first in the file: by start, the longer first on a tie.
  const topLevel: Task[] = [];
  let end = -Infinity;
  for (const task of events
    .filter((e): e is Task => onMain(e) && e.name === 'RunTask' && e.ph === 'X' && typeof e.dur === 'number')
    .sort((a, b) => a.ts - b.ts || b.dur - a.dur)) {
    if (task.ts < end) continue;
    topLevel.push(task);
    end = task.ts + task.dur;
  }

  let wall = 0;
  let cpu = 0;
  let blocking = 0;
  let measured = 0;
  for (const task of topLevel) {
    if (task.ts < t0 || task.ts > t0 + WINDOW_MS * 1000 || typeof task.tdur !== 'number') continue;
    measured++;
    wall += task.dur;
    cpu += task.tdur;
    blocking += Math.max(0, (4 * task.tdur) / 1000 - 50);
  }

  return {
    onCpu: measured && wall > 0 ? cpu / wall : null,
    taskMs: Math.round(wall / 1000),
    cpuMs: Math.round(cpu / 1000),
    cpuBlockingMs: measured ? Math.round(blocking) : null,
    frameHole: frameHole(events, { onMain, pid, t0, navigationId, topLevel }),
  };
}

function frameHole(
  events: TraceEvent[],
  {
    onMain,
    pid,
    t0,
    navigationId,
    topLevel,
  }: {
    onMain: (e: TraceEvent) => e is Timed;
    pid: number | undefined;
    t0: number;
    navigationId: string | undefined;
    topLevel: Task[];
  },
): number | null {
  const fcp = events
    .filter(timed)
    .filter(
      (e) =>
        e.name === 'firstContentfulPaint' &&
        e.pid === pid &&
        e.ts >= t0 &&
        (!navigationId || e.args?.data?.navigationId === navigationId),
    )
    .sort(byStart)[0];
  if (!fcp) return null;
  const inLoad = (e: TraceEvent): e is Timed => onMain(e) && e.ts >= t0 && e.ts <= fcp.ts;
  const frames = events
    .filter((e) => inLoad(e) && e.name === 'BeginMainThreadFrame')
    .filter(timed)
    .map((e) => e.ts)
    .sort((a, b) => a - b);
  const wants = events
    .filter((e) => inLoad(e) && WANTS_FRAME.has(e.name ?? ''))
    .filter(timed)
    .map((e) => e.ts)
    .sort((a, b) => a - b);
  // Main-thread task time inside [from, to]: a wait the page spent computing is its own, not the compositor's.
  const busy = (from: number, to: number) =>
    topLevel.reduce((sum, t) => sum + Math.max(0, Math.min(to, t.ts + t.dur) - Math.max(from, t.ts)), 0);
  let longest = 0;
  for (let i = 0; i < frames.length; i++) {
    const from = frames[i];
    const to = frames[i + 1] ?? fcp.ts;
    const need = wants.find((ts) => ts > from && ts < to);
    if (need === undefined) continue; // nothing to draw: no wait
    if (busy(need, to) < (to - need) / 2) longest = Math.max(longest, to - need);
  }
  return longest / 1000 >= HOLE_MS ? Math.round(longest / 1000) : 0;
}

/** One line per run for the bench: the on-CPU share, the CPU-only blocking time at 4×, and any frame hole. */
export function describeHost(runs: (HostFigures | null)[]): string {
  const cpu = runs.map((r) => (r?.onCpu == null ? '?' : `${Math.round(r.onCpu * 100)} %`));
  const own = runs.map((r) => (r?.cpuBlockingMs == null ? '?' : `${r.cpuBlockingMs} ms`));
  const holes = runs.map((r) => (r?.frameHole == null ? '?' : r.frameHole === 0 ? 'none' : `${r.frameHole} ms`));
  return `host: main thread on the CPU for ${cpu.join(', ')} of its task time (Lantern counts the rest 4× too); its CPU alone at 4× blocks ${own.join(', ')} (first 5 s); frame hole before FCP: ${holes.join(', ')}`;
}
