import { isChunkLoadError } from '@/lib/chunk-error';

const KEY = 'newsdesk:chunk-reload';
// A reload older than this no longer blocks a new one (a later deploy may make another chunk stale).
const WINDOW_MS = 60_000;
// How long the host may take to answer before it counts as unreachable.
const PROBE_TIMEOUT_MS = 5000;

function reloadedRecently(): boolean {
  try {
    const at = Number(sessionStorage.getItem(KEY));
    return Number.isFinite(at) && at > 0 && Date.now() - at < WINDOW_MS;
  } catch {
    return true; // storage blocked: never risk a reload loop
  }
}

/**
 * Whether the page's own host answers. A chunk that failed to load while it does is gone (a deploy replaced it); with no
 * answer the browser is offline or the connection has dropped (whatever navigator.onLine still says), and a reload would
 * show the browser's error page.
 */
function hostAnswers(): Promise<boolean> {
  return fetch(location.href, {
    method: 'HEAD',
    cache: 'no-store',
    signal: AbortSignal.timeout(PROBE_TIMEOUT_MS),
  }).then(
    () => true,
    () => false,
  );
}

/**
 * Imports a lazy chunk. When the chunk is gone after a deploy (stale index), reloads the page once to fetch the new
 * build; never twice within a minute (no loop), and never while offline or while the host does not answer.
 */
export async function loadChunk<T>(
  importer: () => Promise<T>,
  reload: () => void = () => window.location.reload(),
): Promise<T> {
  try {
    const mod = await importer();
    return mod;
  } catch (error) {
    if (!isChunkLoadError(error) || reloadedRecently() || !(await hostAnswers())) throw error;
    try {
      sessionStorage.setItem(KEY, String(Date.now()));
    } catch {
      throw error;
    }
    reload();
    // Keep the route pending until the reload replaces the page.
    return new Promise<T>(() => {});
  }
}
