import { isChunkLoadError } from '@/lib/chunk-error';

const KEY = 'newsdesk:chunk-reload';
// A reload older than this no longer blocks a new one (a later deploy may make another chunk stale).
const WINDOW_MS = 60_000;

function reloadedRecently(now: number): boolean {
  try {
    const at = Number(sessionStorage.getItem(KEY));
    return Number.isFinite(at) && at > 0 && now - at < WINDOW_MS;
  } catch {
    return true; // storage blocked: never risk a reload loop
  }
}

export interface ChunkReloadOptions {
  reload?: () => void;
  online?: () => boolean;
  now?: () => number;
}

/**
 * Imports a lazy chunk. When the chunk is gone after a deploy (stale index), reloads the page once to
 * fetch the new build; never twice within a minute (no loop) and never while offline.
 */
export async function loadChunk<T>(importer: () => Promise<T>, options: ChunkReloadOptions = {}): Promise<T> {
  // A snapshot at the moment a chunk fails to load, outside React: useOnline is for components.
  const { reload = () => window.location.reload(), online = () => navigator.onLine, now = Date.now } = options;
  try {
    const mod = await importer();
    return mod;
  } catch (error) {
    if (!isChunkLoadError(error) || !online() || reloadedRecently(now())) throw error;
    try {
      sessionStorage.setItem(KEY, String(now()));
    } catch {
      throw error;
    }
    reload();
    // Keep the route pending until the reload replaces the page.
    return new Promise<T>(() => {});
  }
}
