import { whenIdle } from './idle';

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
