// First: every timer a library starts from here on goes through the guard.
import { fileTimers } from './timer-guard';
import 'fake-indexeddb/auto';
import '@testing-library/jest-dom/vitest';
import { cleanup, configure } from '@testing-library/react';
import { toast } from 'sonner';
import { afterAll, afterEach, beforeAll, beforeEach, vi } from 'vitest';
import { server } from '@/mocks/node';
import { resetStore } from '@/mocks/store';
import { resetBreakers } from '@/lib/resilience/breakers';
import { setRetrySettings, DEFAULT_RETRY_SETTINGS } from '@/lib/resilience/retry';

// findBy*/waitFor: 1 s is too short for lazy chunks and Dexie on a loaded 2-core CI machine.
configure({ asyncUtilTimeout: 5000 });

// No unhandled promise rejection anywhere. Vitest reports one only for the whole run; this fails the test
// during which it happened (a save that the database refuses must be caught and said, not dropped).
const unhandled: unknown[] = [];
// Captured before any test installs fake timers.
const realSetTimeout = globalThis.setTimeout;
const onUnhandled = (reason: unknown) => void unhandled.push(reason);
// AbortSignal.timeout runs on jsdom's own clock, out of reach of vi.useFakeTimers: in tests it runs on the global
// setTimeout, so a test's clock decides when a call times out (transport.test.ts also checks the native one).
function timeoutOnTestClock(ms: number): AbortSignal {
  const controller = new AbortController();
  // Like the platform's, this timer is never cleared: it is no leak of the code under test.
  fileTimers.exempt(
    setTimeout(() => controller.abort(new DOMException('The operation timed out.', 'TimeoutError')), ms),
  );
  return controller.signal;
}
beforeEach(() => {
  vi.spyOn(AbortSignal, 'timeout').mockImplementation(timeoutOnTestClock);
});
afterEach(() => {
  vi.mocked(AbortSignal.timeout).mockRestore?.();
});
beforeAll(() => {
  process.on('unhandledRejection', onUnhandled);
  server.listen({ onUnhandledRequest: 'error' });
});
afterEach(async () => {
  // Node reports an unhandled rejection after the microtask queue has drained; one macrotask lets it arrive.
  await new Promise((resolve) => realSetTimeout(resolve, 0));
  const reasons = unhandled.splice(0);
  if (reasons.length > 0) {
    throw new Error(
      `Unhandled promise rejection: ${reasons.map((r) => (r instanceof Error ? `${r.name}: ${r.message}` : String(r))).join('; ')}`,
    );
  }
});
afterEach(async () => {
  // sonner keeps toasts in a module-level store; without this a toast shows again in the next test's Toaster.
  toast.dismiss();
  cleanup();
  server.resetHandlers();
  resetStore('default');
  resetBreakers();
  setRetrySettings(DEFAULT_RETRY_SETTINGS);
  const { db } = await import('@/db/db');
  await Promise.all(db.tables.map((t) => t.clear()));
});
afterAll(() => {
  process.off('unhandledRejection', onUnhandled);
  server.close();
  // A poll or a long timer still running when the file ends is a leak of the code under test: it fails the file.
  const leaks = fileTimers.leaks(5000);
  // Nothing may fire after this file's jsdom is gone (sonner's removal timer did, failing a green run).
  fileTimers.clearAll();
  if (leaks.length > 0) throw new Error(`Timer liefen nach dem letzten Test weiter:\n${leaks.join('\n---\n')}`);
});
