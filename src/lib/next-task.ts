interface YieldingScheduler {
  yield(): Promise<void>;
}

/**
 * Resolves in a new task so the browser may paint and handle input: scheduler.yield() where present, else a message
 * to itself; not a timer, which nesting clamps and a faked clock (tests, Playwright) would hold.
 */
export function nextTask(): Promise<void> {
  const scheduler = (globalThis as { scheduler?: Partial<YieldingScheduler> }).scheduler;
  if (typeof scheduler?.yield === 'function') return scheduler.yield();
  return new Promise((resolve) => {
    const { port1, port2 } = new MessageChannel();
    port1.onmessage = () => {
      port1.close();
      resolve();
    };
    port2.postMessage(null);
  });
}
