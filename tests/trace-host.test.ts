// @vitest-environment node
import { describeHost, hostFigures, type TraceEvent } from '../scripts/trace-host.mjs';

// A trace in Chromium's format (ts and dur in µs), as Lighthouse records it: the page's renderer is pid 7, tid 1.
const MS = 1000;
const nav = (ts = 0): TraceEvent => ({ name: 'navigationStart', ph: 'R', pid: 7, tid: 1, ts, args: { data: { documentLoaderURL: 'https://127.0.0.1:4312/dashboard', isLoadingMainFrame: true, navigationId: 'N1' } } });
const task = (at: number, wall: number, cpu: number, where: { pid?: number; tid?: number } = {}): TraceEvent => ({ name: 'RunTask', ph: 'X', pid: where.pid ?? 7, tid: where.tid ?? 1, ts: at * MS, dur: wall * MS, tdur: cpu * MS });
const frame = (at: number): TraceEvent => ({ name: 'BeginMainThreadFrame', ph: 'I', pid: 7, tid: 1, ts: at * MS });
const fcp = (at: number, navigationId = 'N1'): TraceEvent => ({ name: 'firstContentfulPaint', ph: 'R', pid: 7, tid: 1, ts: at * MS, args: { data: { navigationId } } });

test('onCpu is the main thread CPU time over its task wall time in the first 5 s, cpuBlockingMs the 4× blocking of that CPU time; nested tasks, other threads and later tasks do not count', () => {
  const figures = hostFigures([
    nav(),
    task(100, 40, 10),
    task(110, 10, 10), // nested in the task above
    task(200, 60, 50), // 4 × 50 − 50: 150 ms of blocking from its CPU alone; the 10 ms task gives none
    task(300, 100, 100, { tid: 2 }), // another thread of the renderer
    task(6000, 100, 0), // after the first 5 s
    fcp(400),
  ]);
  expect(figures).toEqual({ onCpu: 0.6, taskMs: 100, cpuMs: 60, cpuBlockingMs: 150, frameHole: null });
});

test('a stretch of over 500 ms without a main frame before FCP while the main thread idles is a frame hole', () => {
  const figures = hostFigures([nav(), task(50, 30, 30), frame(100), task(300, 40, 40), frame(1300), task(1310, 20, 20), fcp(1350)]);
  expect(figures?.frameHole).toBe(1200);
});

test('a long stretch in which the main thread was computing is not a hole; neither is one after FCP', () => {
  expect(hostFigures([nav(), frame(100), task(120, 900, 900), frame(1200), fcp(1250)])?.frameHole).toBeNull();
  expect(hostFigures([nav(), frame(100), fcp(200), frame(1500)])?.frameHole).toBeNull();
  // The wait between the last frame and FCP counts too.
  expect(hostFigures([nav(), frame(100), fcp(800)])?.frameHole).toBe(700);
});

test('FCP is the one of this navigation; a trace without a main-frame navigation gives null', () => {
  expect(hostFigures([nav(), frame(100), fcp(300, 'OTHER')])?.frameHole).toBeNull();
  expect(hostFigures([task(0, 10, 10), fcp(100)])).toBeNull();
  const blank = nav();
  (blank.args as { data: { documentLoaderURL: string } }).data.documentLoaderURL = '';
  expect(hostFigures([blank, frame(100), fcp(900)])).toBeNull();
});

test('the bench line names the three figures per run', () => {
  const line = describeHost([{ onCpu: 0.42, taskMs: 1, cpuMs: 1, cpuBlockingMs: 310, frameHole: 1013 }, { onCpu: 0.5, taskMs: 1, cpuMs: 1, cpuBlockingMs: 0, frameHole: null }, null]);
  expect(line).toBe('host: main thread on the CPU for 42 %, 50 %, ? of its task time (Lantern counts the rest 4× too); its CPU alone at 4× blocks 310 ms, 0 ms, ? (first 5 s); frame hole before FCP: 1013 ms, none, ?');
});
