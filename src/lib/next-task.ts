interface YieldingScheduler {
  yield(): Promise<void>;
}

/**
 * Resolves in a task of its own: what follows an `await nextTask()` runs after the browser has had the chance to
 * paint and handle input. Splits work that would otherwise be one long task (a module's evaluation, then the work
 * it enables). `scheduler.yield()` where the browser has it (it resumes ahead of other queued tasks), else a message
 * to itself (React's scheduler does the same): not a timer, which nested timers clamp to 4 ms and a faked clock
 * (tests, Playwright's page.clock) would hold until it is advanced.
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
