import { isChunkLoadError } from '@/lib/chunk-error';

const KEY = 'newsdesk:chunk-reload';
// A reload older than this no longer blocks a new one (a later deploy may make another chunk stale).
const WINDOW_MS = 60_000;
// How long the look at a failed chunk's address may take before the host counts as unreachable.
const PROBE_TIMEOUT_MS = 5000;

function reloadedRecently(now: number): boolean {
  try {
    const at = Number(sessionStorage.getItem(KEY));
    return Number.isFinite(at) && at > 0 && now - at < WINDOW_MS;
  } catch {
    return true; // storage blocked: never risk a reload loop
  }
}

/** What the host answers for a chunk that failed to load: still there, gone (a deploy replaced it), or no answer. */
export type ChunkState = 'present' | 'gone' | 'unreachable';

/** The script or style sheet a chunk load error names; browsers that name none (Safari) leave it undefined. */
export function failedChunkUrl(error: unknown): string | undefined {
  const text = error instanceof Error ? error.message : String(error);
  return /(?:https?:\/\/[^\s'"]+|\/[^\s'"]*)\.(?:m?js|css)\b/.exec(text)?.[0];
}

/**
 * Asks the host for the chunk itself. A host whose index answers every unknown address (SPA fallback) sends HTML for a
 * chunk it no longer has: only a script or style sheet counts as present. Without an address, an answer of the page's
 * own host means the host is there and the chunk is not.
 */
export async function probeChunk(url: string | undefined): Promise<ChunkState> {
  try {
    const response = await fetch(url ?? window.location.href, {
      cache: 'no-store',
      signal: AbortSignal.timeout(PROBE_TIMEOUT_MS),
    });
    void response.body?.cancel().catch(() => undefined);
    if (!url) return 'gone';
    const type = response.headers.get('content-type') ?? '';
    return response.ok && /javascript|css/.test(type) ? 'present' : 'gone';
  } catch {
    return 'unreachable';
  }
}

export interface ChunkReloadOptions {
  reload?: () => void;
  online?: () => boolean;
  now?: () => number;
  probe?: (url: string | undefined) => Promise<ChunkState>;
}

/**
 * Imports a lazy chunk. When the chunk is gone after a deploy (stale index), reloads the page once to fetch the new
 * build; never twice within a minute (no loop), never while offline, and only when the host answers that the chunk is
 * no longer there: a dropped connection that the browser has not yet called offline must not swap the page for the
 * browser's error page.
 */
export async function loadChunk<T>(importer: () => Promise<T>, options: ChunkReloadOptions = {}): Promise<T> {
  // A snapshot at the moment a chunk fails to load, outside React: useOnline is for components.
  const {
    reload = () => window.location.reload(),
    online = () => navigator.onLine,
    now = Date.now,
    probe = probeChunk,
  } = options;
  try {
    const mod = await importer();
    return mod;
  } catch (error) {
    if (!isChunkLoadError(error) || !online() || reloadedRecently(now())) throw error;
    if ((await probe(failedChunkUrl(error))) !== 'gone' || reloadedRecently(now())) throw error;
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
