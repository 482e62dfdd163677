import { drainOutbox, type DrainOptions, type DrainResult } from './drain';

/** How often a tab checks the outbox while the app is open (besides online and visibility events). */
export const OUTBOX_CHECK_INTERVAL_MS = 30_000;

let running: Promise<DrainResult | undefined> | null = null;
let again = false;
let trigger: (() => void) | null = null;

/** Drains the outbox now, when the network returns, when the tab shows and on an interval; returns a stop function. */
export function startOutboxDrainer(
  options: DrainOptions & { intervalMs?: number; onResult?: (result: DrainResult) => void; ready?: () => boolean } = {},
): () => void {
  // A snapshot at each drain, outside React: useOnline is for components.
  const isOnline = options.isOnline ?? (() => navigator.onLine !== false);
  // A post the server is still publishing is asked about again when it said (Retry-After), not only at the next check.
  let later: ReturnType<typeof setTimeout> | undefined;
  const comeBack = (result: DrainResult) => {
    if (result.retryAt === undefined) return;
    clearTimeout(later);
    later = setTimeout(run, Math.max(0, result.retryAt - (options.now ?? Date.now)()));
  };
  const run = () => {
    // A tab without the operator token (a new tab, a relaunched app) waits for it rather than sending into 401s.
    if (!isOnline() || options.ready?.() === false) return;
    if (running) {
      again = true;
      return;
    }
    running = drainOutbox(options)
      .then((result) => {
        comeBack(result);
        options.onResult?.(result);
        return result;
      })
      .catch((error: unknown) => {
        console.warn('Postausgang konnte nicht gesendet werden.', error instanceof Error ? error.message : error);
        return undefined;
      })
      .finally(() => {
        running = null;
        if (again) {
          again = false;
          run();
        }
      });
  };
  const onVisible = () => {
    if (document.visibilityState === 'visible') run();
  };
  window.addEventListener('online', run);
  document.addEventListener('visibilitychange', onVisible);
  const timer = setInterval(run, options.intervalMs ?? OUTBOX_CHECK_INTERVAL_MS);
  trigger = run;
  run();
  return () => {
    window.removeEventListener('online', run);
    document.removeEventListener('visibilitychange', onVisible);
    clearInterval(timer);
    clearTimeout(later);
    if (trigger === run) trigger = null;
  };
}

/** Asks the running drainer (if any) to look at the queue now, e.g. after "send again" or once the token is entered. */
export function requestOutboxDrain(): void {
  trigger?.();
}
