import { addBusySource, screenBusy, whenIdle, whenSettled } from './idle';

const TIMERS = [
  'setTimeout',
  'clearTimeout',
  'requestAnimationFrame',
  'cancelAnimationFrame',
  'requestIdleCallback',
  'cancelIdleCallback',
] as const;

test('whenIdle waits for a frame and the task after it before asking for idle time', () => {
  vi.useFakeTimers({
    toFake: [...TIMERS],
  });
  try {
    const run = vi.fn();
    whenIdle(run);
    expect(run).not.toHaveBeenCalled();
    vi.advanceTimersToNextFrame();
    expect(run).not.toHaveBeenCalled();
    vi.runAllTimers();
    expect(run).toHaveBeenCalledTimes(1);
  } finally {
    vi.useRealTimers();
  }
});

test('a cancelled whenIdle never runs', () => {
  vi.useFakeTimers({
    toFake: [...TIMERS],
  });
  try {
    const run = vi.fn();
    const cancel = whenIdle(run);
    vi.advanceTimersToNextFrame();
    cancel();
    vi.runAllTimers();
    expect(run).not.toHaveBeenCalled();
  } finally {
    vi.useRealTimers();
  }
});

test('whenSettled waits while the screen is busy, then runs at the next idle moment', () => {
  vi.useFakeTimers({ toFake: [...TIMERS, 'Date'] });
  try {
    let busy = true;
    const run = vi.fn();
    whenSettled(run, () => busy, 5000);
    vi.advanceTimersToNextFrame();
    vi.advanceTimersByTime(1000);
    expect(run).not.toHaveBeenCalled();
    busy = false;
    vi.advanceTimersByTime(500);
    expect(run).toHaveBeenCalledTimes(1);
  } finally {
    vi.useRealTimers();
  }
});

test('whenSettled runs after its cap even if the screen stays busy, and not when cancelled', () => {
  vi.useFakeTimers({ toFake: [...TIMERS, 'Date'] });
  try {
    const run = vi.fn();
    const cancelled = vi.fn();
    const cancel = whenSettled(cancelled, () => true, 5000);
    whenSettled(run, () => true, 5000);
    vi.advanceTimersToNextFrame();
    vi.advanceTimersByTime(4000);
    expect(run).not.toHaveBeenCalled();
    cancel();
    vi.advanceTimersByTime(2000);
    expect(run).toHaveBeenCalledTimes(1);
    expect(cancelled).not.toHaveBeenCalled();
  } finally {
    vi.useRealTimers();
  }
});

test('screenBusy is true while any source says so, and forgets a removed source', () => {
  let loading = true;
  const remove = addBusySource(() => loading);
  expect(screenBusy()).toBe(true);
  loading = false;
  expect(screenBusy()).toBe(false);
  loading = true;
  remove();
  expect(screenBusy()).toBe(false);
});
