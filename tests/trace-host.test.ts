// @vitest-environment node
import { describeHost, hostFigures, type TraceEvent } from '../scripts/dev/trace-host';

// A trace in Chromium's format (ts and dur in µs), as Lighthouse records it: the page's renderer is pid 7, tid 1.
const MS = 1000;
const nav = (at = 0, url = 'https://127.0.0.1:4312/dashboard'): TraceEvent => ({
  name: 'navigationStart',
  ph: 'R',
  pid: 7,
  tid: 1,
  ts: at * MS,
  args: { data: { documentLoaderURL: url, isLoadingMainFrame: true, navigationId: 'N1' } },
});
const task = (
  at: number,
  wall: number,
  cpu: number | undefined,
  where: { pid?: number; tid?: number } = {},
): TraceEvent => ({
  name: 'RunTask',
  ph: 'X',
  pid: where.pid ?? 7,
  tid: where.tid ?? 1,
  ts: at * MS,
  dur: wall * MS,
  ...(cpu === undefined ? {} : { tdur: cpu * MS }),
});
const frame = (at: number): TraceEvent => ({ name: 'BeginMainThreadFrame', ph: 'I', pid: 7, tid: 1, ts: at * MS });
const invalidate = (at: number): TraceEvent => ({ name: 'InvalidateLayout', ph: 'I', pid: 7, tid: 1, ts: at * MS });
const fcp = (at: number, navigationId = 'N1'): TraceEvent => ({
  name: 'firstContentfulPaint',
  ph: 'R',
  pid: 7,
  tid: 1,
  ts: at * MS,
  args: { data: { navigationId } },
});

test('onCpu is CPU over wall time of the main thread in the first 5 s, cpuBlockingMs the 4× blocking of that CPU time; nested tasks, other threads, later tasks and tasks without CPU time do not count', () => {
  const figures = hostFigures([
    nav(),
    task(110, 10, 10), // nested in the next task, and written first (Chrome writes a complete event when it ends)
    task(100, 40, 10),
    task(200, 5, 5), // nested, starting with its parent below
    task(200, 60, 50), // 4 × 50 − 50: 150 ms of blocking; the 10 ms task gives none
    task(300, 100, 100, { tid: 2 }), // another thread of the renderer
    task(400, 30, undefined), // no CPU time recorded
    task(6000, 100, 0), // after the first 5 s
    fcp(450),
  ]);
  expect(figures).toEqual({ onCpu: 0.6, taskMs: 100, cpuMs: 60, cpuBlockingMs: 150, frameHole: 0 });
  expect(hostFigures([nav(), task(100, 40, undefined), fcp(200)])).toMatchObject({ onCpu: null, cpuBlockingMs: null });
});

test('a wait of over 500 ms for a frame the page needed, while its main thread idled, is a frame hole: from the need to the frame', () => {
  const figures = hostFigures([
    nav(),
    task(50, 30, 30),
    frame(100),
    task(180, 20, 20),
    invalidate(200),
    task(300, 40, 40),
    frame(1300),
    fcp(1350),
  ]);
  expect(figures?.frameHole).toBe(1100);
  // The wait between the last frame and FCP counts too.
  expect(hostFigures([nav(), frame(100), invalidate(150), fcp(800)])?.frameHole).toBe(650);
});

test('no hole: a stretch with nothing to draw, a wait the main thread spent computing, a wait after FCP', () => {
  expect(hostFigures([nav(), frame(100), frame(1300), fcp(1350)])?.frameHole).toBe(0);
  expect(
    hostFigures([nav(), frame(100), invalidate(110), task(120, 900, 900), frame(1200), fcp(1250)])?.frameHole,
  ).toBe(0);
  expect(hostFigures([nav(), frame(100), fcp(200), invalidate(300), frame(1500)])?.frameHole).toBe(0);
});

test('busy time counts top-level tasks once and at any time of the load, not only in the first 5 s', () => {
  // 450 ms of task time in a 1150 ms wait is a hole; with the nested 400 ms counted again it would not be.
  expect(
    hostFigures([nav(), frame(100), invalidate(150), task(210, 400, 400), task(200, 450, 450), frame(1300), fcp(1350)])
      ?.frameHole,
  ).toBe(1150);
  // After 5 s: a wait filled by a 700 ms task is no hole.
  expect(
    hostFigures([nav(), frame(5500), invalidate(5600), task(5700, 700, 700), frame(6700), fcp(6800)])?.frameHole,
  ).toBe(0);
});

test('FCP is the one of this navigation (null without it); the navigation is the earliest main-frame one; no such navigation gives null', () => {
  expect(hostFigures([nav(), frame(100), invalidate(110), fcp(900, 'OTHER')])?.frameHole).toBeNull();
  // The later navigation (another URL, 2 s on) must not be the one measured: from it, the wait would be 0.
  expect(
    hostFigures([nav(2000, 'https://127.0.0.1:4312/other'), nav(0), frame(100), invalidate(110), fcp(900)])?.frameHole,
  ).toBe(790);
  expect(hostFigures([task(0, 10, 10), fcp(100)])).toBeNull();
  expect(hostFigures([nav(0, ''), frame(100), fcp(900)])).toBeNull();
});

test('the bench line names the three figures per run', () => {
  const line = describeHost([
    { onCpu: 0.42, taskMs: 1, cpuMs: 1, cpuBlockingMs: 310, frameHole: 1013 },
    { onCpu: 0.5, taskMs: 1, cpuMs: 1, cpuBlockingMs: 0, frameHole: 0 },
    { onCpu: null, taskMs: 0, cpuMs: 0, cpuBlockingMs: null, frameHole: null },
    null,
  ]);
  expect(line).toBe(
    'host: main thread on the CPU for 42 %, 50 %, ?, ? of its task time (Lantern counts the rest 4× too); its CPU alone at 4× blocks 310 ms, 0 ms, ?, ? (first 5 s); frame hole before FCP: 1013 ms, none, ?, ?',
  );
});
