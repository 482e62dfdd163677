import { nextTask } from './next-task';

afterEach(() => {
  vi.unstubAllGlobals();
});

test('nextTask resolves in a later task: a timer queued before it has run by then', async () => {
  vi.stubGlobal('scheduler', undefined);
  const seen: string[] = [];
  setTimeout(() => seen.push('queued task'), 0);
  void Promise.resolve().then(() => seen.push('microtask'));
  await nextTask();
  seen.push('after nextTask');
  expect(seen).toEqual(['microtask', 'queued task', 'after nextTask']);
});

test("nextTask uses the browser's scheduler.yield where there is one", async () => {
  const yieldFn = vi.fn(() => Promise.resolve());
  vi.stubGlobal('scheduler', { yield: yieldFn });
  await nextTask();
  expect(yieldFn).toHaveBeenCalledTimes(1);
});
