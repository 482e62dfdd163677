import { fireEvent, render, screen } from '@testing-library/react';
import { toast, Toaster } from 'sonner';
import { fileTimers, installTimerGuard } from './timer-guard';

// A timer host of its own so that clearAll below cannot touch the test runner's timers.
function host() {
  return { setTimeout, clearTimeout, setInterval, clearInterval } as Parameters<typeof installTimerGuard>[0];
}

test('clearAll cancels the timeouts and intervals still pending; those that ran or were cleared are not counted', async () => {
  const timers = host();
  const guard = installTimerGuard(timers);
  const ran: string[] = [];
  await new Promise<void>((resolve) => timers.setTimeout(() => resolve(), 0));
  timers.setTimeout(() => ran.push('late timeout'), 20);
  timers.clearTimeout(timers.setTimeout(() => ran.push('cleared timeout'), 10));
  timers.setInterval(() => ran.push('interval'), 10);
  expect(guard.pending()).toBe(2);
  guard.clearAll();
  expect(guard.pending()).toBe(0);
  // Timers fire in order of their due time: once this 60 ms one has, a live 10 or 20 ms one would have too.
  await new Promise((resolve) => setTimeout(resolve, 60));
  expect(ran).toEqual([]);
});

test("the setup's guard sees sonner's removal timer, the one that outlived update-prompt.test.tsx", async () => {
  render(<Toaster />);
  toast('Update verfügbar', { duration: Infinity, action: { label: 'Jetzt aktualisieren', onClick: () => undefined } });
  const button = await screen.findByRole('button', { name: 'Jetzt aktualisieren' });
  const before = fileTimers.pending();
  fireEvent.click(button);
  expect(fileTimers.pending()).toBeGreaterThan(before);
});

test('a poll or a long timeout still pending is a leak with where it was started; animations, "never" and exempted ones are not', () => {
  const timers = host();
  const guard = installTimerGuard(timers);
  function startPolling() {
    return timers.setInterval(() => undefined, 5000);
  }
  startPolling();
  timers.setTimeout(() => undefined, 30_000);
  timers.setTimeout(() => undefined, 200);
  timers.setInterval(() => undefined, 16);
  timers.setTimeout(() => undefined, 2 ** 31 - 1);
  guard.exempt(timers.setTimeout(() => undefined, 60_000));
  const leaks = guard.leaks(1000);
  expect(leaks).toHaveLength(2);
  expect(leaks[0]).toContain('setInterval(5000)');
  expect(leaks[0]).toContain('startPolling');
  expect(leaks[1]).toContain('setTimeout(30000)');
  guard.clearAll();
  expect(guard.leaks(1000)).toEqual([]);
});
