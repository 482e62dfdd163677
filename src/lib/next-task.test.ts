import { nextTask } from './next-task';

afterEach(() => {
  vi.unstubAllGlobals();
  vi.useRealTimers();
});

test('nextTask resolves after the microtasks queued with it: in a later task', async () => {
  vi.stubGlobal('scheduler', undefined);
  const seen: string[] = [];
  const done = nextTask().then(() => seen.push('next task'));
  let chain = Promise.resolve();
  for (let i = 0; i < 50; i++) chain = chain.then(() => void seen.push('microtask'));
  await done;
  expect(seen).toEqual([...Array.from({ length: 50 }, () => 'microtask'), 'next task']);
});

test('nextTask is not a timer: a faked clock that nobody advances does not hold it', async () => {
  vi.stubGlobal('scheduler', undefined);
  vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'setImmediate'] });
  await expect(nextTask()).resolves.toBeUndefined();
});

test("nextTask uses the browser's scheduler.yield where there is one", async () => {
  const yieldFn = vi.fn(() => Promise.resolve());
  vi.stubGlobal('scheduler', { yield: yieldFn });
  await nextTask();
  expect(yieldFn).toHaveBeenCalledTimes(1);
});
