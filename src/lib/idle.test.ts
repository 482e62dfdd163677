import { holdIdleUntil, whenIdle } from './idle';

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

test("idle work waits while the screen's first data is on its way and starts once it is in", async () => {
  vi.useFakeTimers({ toFake: [...TIMERS] });
  try {
    let dataIn: () => void = () => undefined;
    holdIdleUntil(new Promise<void>((resolve) => (dataIn = resolve)), 4000);
    const run = vi.fn();
    whenIdle(run);
    await vi.advanceTimersByTimeAsync(3000);
    expect(run).not.toHaveBeenCalled();
    dataIn();
    // A frame, the task after it, and the idle callback (at the latest at its 2 s time-out).
    await vi.advanceTimersByTimeAsync(2100);
    expect(run).toHaveBeenCalledTimes(1);
    // Released: later idle work no longer waits.
    const later = vi.fn();
    whenIdle(later);
    await vi.advanceTimersByTimeAsync(2100);
    expect(later).toHaveBeenCalledTimes(1);
  } finally {
    vi.useRealTimers();
  }
});

test('data that never comes holds the idle work only up to the cap', async () => {
  vi.useFakeTimers({ toFake: [...TIMERS] });
  try {
    holdIdleUntil(new Promise<void>(() => undefined), 4000);
    const run = vi.fn();
    whenIdle(run);
    await vi.advanceTimersByTimeAsync(3990);
    expect(run).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(2200);
    expect(run).toHaveBeenCalledTimes(1);
  } finally {
    vi.useRealTimers();
  }
});

test('a whenIdle cancelled while held never runs', async () => {
  vi.useFakeTimers({ toFake: [...TIMERS] });
  try {
    let dataIn: () => void = () => undefined;
    holdIdleUntil(new Promise<void>((resolve) => (dataIn = resolve)), 4000);
    const run = vi.fn();
    whenIdle(run)();
    dataIn();
    await vi.runAllTimersAsync();
    expect(run).not.toHaveBeenCalled();
  } finally {
    vi.useRealTimers();
  }
});
