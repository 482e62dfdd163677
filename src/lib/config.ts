/** The deployment setting: `mock` answers every call in the page, `live` talks to `apiBaseUrl`. */
export interface RuntimeConfig {
  apiMode: 'mock' | 'live';
  apiBaseUrl: string;
  /** How the Live screen reaches OBS by default: from the browser ('direct') or through the server's /obs/* ('server'). */
  obsMode?: 'direct' | 'server';
}

export const DEFAULT_API_BASE_URL = 'http://localhost:3000/api';

/** Build-time default, used when public/config.json is missing (never when it is malformed). */
export const buildTimeConfig: RuntimeConfig = {
  apiMode: import.meta.env.VITE_API_MODE === 'live' ? 'live' : 'mock',
  apiBaseUrl: import.meta.env.VITE_API_BASE_URL || DEFAULT_API_BASE_URL,
};

export class ConfigError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'ConfigError';
  }
}

let current: RuntimeConfig = buildTimeConfig;

export function getConfig(): RuntimeConfig {
  return current;
}

/** Replaces the setting in force (startup and tests). */
export function setConfig(config: RuntimeConfig): void {
  current = config;
}

/** Validates an unknown value as the deployment setting; throws ConfigError with a readable German reason. */
// Checked by hand, not with zod: main.tsx runs this before the first render, whose bundle zod would grow.
export function parseConfig(value: unknown): RuntimeConfig {
  const where: string[] = [];
  const record =
    value !== null && typeof value === 'object' && !Array.isArray(value) ? (value as Record<string, unknown>) : null;
  if (!record) where.push('(root)');
  else {
    if (record.apiMode !== 'mock' && record.apiMode !== 'live') where.push('apiMode');
    if (!isAbsoluteUrl(record.apiBaseUrl)) where.push('apiBaseUrl');
    if (record.obsMode !== undefined && record.obsMode !== 'direct' && record.obsMode !== 'server')
      where.push('obsMode');
  }
  if (!record || where.length > 0) {
    throw new ConfigError(
      `Die Einstellung config.json ist ungültig (${where.join(', ')}). Erwartet: apiMode "mock" oder "live" und eine gültige apiBaseUrl.`,
    );
  }
  const obsMode = record.obsMode as RuntimeConfig['obsMode'];
  return {
    apiMode: record.apiMode as RuntimeConfig['apiMode'],
    apiBaseUrl: record.apiBaseUrl as string,
    ...(obsMode ? { obsMode } : {}),
  };
}

function isAbsoluteUrl(value: unknown): value is string {
  if (typeof value !== 'string' || value.trim() === '') return false;
  try {
    return new URL(value).protocol.length > 1;
  } catch {
    return false;
  }
}

/** Where the last live setting is kept: a Cache Storage entry beside the service worker's copy of config.json. */
export interface LiveSettingMemory {
  read(): Promise<RuntimeConfig | null>;
  write(config: RuntimeConfig): Promise<void>;
}

// Cache Storage: SPEC §4 keeps only `theme` in localStorage and Dexie loads after the first render; main.tsx reads it.
const LIVE_CACHE = 'newsdesk-deployment';
const LIVE_KEY = '/newsdesk/last-live-config.json';

/** The browser's memory of the last live setting (Cache Storage; none where the page has no `caches`). */
export const cacheLiveMemory: LiveSettingMemory = {
  async read() {
    if (typeof caches === 'undefined') return null;
    try {
      const response = await (await caches.open(LIVE_CACHE)).match(LIVE_KEY);
      const config = response ? parseConfig(await response.json()) : null;
      return config?.apiMode === 'live' ? config : null;
    } catch {
      return null;
    }
  },
  async write(config) {
    if (typeof caches === 'undefined') return;
    const body = JSON.stringify({ apiMode: config.apiMode, apiBaseUrl: config.apiBaseUrl });
    await (
      await caches.open(LIVE_CACHE)
    ).put(LIVE_KEY, new Response(body, { headers: { 'Content-Type': 'application/json' } }));
  },
};

/** 'last-live': config.json could not be loaded, and the last live setting this browser used is in force. */
export type ConfigNotice = 'last-live' | null;

export interface LoadedConfig {
  config: RuntimeConfig;
  notice: ConfigNotice;
}

let notice: ConfigNotice = null;

/** Whether this page load runs on a remembered setting instead of config.json (the shell says so). */
export function getConfigNotice(): ConfigNotice {
  return notice;
}

/** Sets the notice in force (startup and tests). */
export function setConfigNotice(value: ConfigNotice): void {
  notice = value;
}

// null: the file is missing (404, the host's HTML fallback page) or cannot be reached.
async function fetchConfigFile(fetchImpl: typeof fetch): Promise<RuntimeConfig | null> {
  let response: Response;
  try {
    response = await fetchImpl('/config.json', { cache: 'no-cache' });
  } catch {
    return null;
  }
  if (response.status === 404) return null;
  // A host with a single-page fallback answers a missing file with the app's index.html: that is missing too.
  if (response.ok && (response.headers.get('content-type') ?? '').includes('text/html')) return null;
  if (!response.ok)
    throw new ConfigError(`Die Einstellung config.json konnte nicht geladen werden (HTTP ${response.status}).`);
  let json: unknown;
  try {
    json = await response.json();
  } catch {
    throw new ConfigError('Die Einstellung config.json ist kein gültiges JSON.');
  }
  return parseConfig(json);
}

/** Loads /config.json; when it is missing, a browser that ran live keeps its last live setting rather than the demo. */
export async function loadConfig(
  fetchImpl: typeof fetch = fetch,
  memory: LiveSettingMemory = cacheLiveMemory,
): Promise<LoadedConfig> {
  const file = await fetchConfigFile(fetchImpl);
  if (file) {
    // Not awaited: the start does not wait for the cache.
    if (file.apiMode === 'live') void memory.write(file).catch(() => undefined);
    return { config: file, notice: null };
  }
  const lastLive = await memory.read().catch(() => null);
  if (lastLive) return { config: lastLive, notice: 'last-live' };
  return { config: buildTimeConfig, notice: null };
}
