/** The deployment setting: `mock` answers every call in the page, `live` talks to `apiBaseUrl`. */
export interface RuntimeConfig {
  apiMode: 'mock' | 'live';
  apiBaseUrl: string;
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

/** The setting in force for this page load. */
export function getConfig(): RuntimeConfig {
  return current;
}

/** Replaces the setting in force (startup and tests). */
export function setConfig(config: RuntimeConfig): void {
  current = config;
}

/** Validates an unknown value as the deployment setting; throws ConfigError with a readable German reason. */
// Checked by hand, not with zod: main.tsx runs this before the first render, and zod/mini cost 5 KB gzip there.
export function parseConfig(value: unknown): RuntimeConfig {
  const where: string[] = [];
  const record = value !== null && typeof value === 'object' && !Array.isArray(value) ? (value as Record<string, unknown>) : null;
  if (!record) where.push('(root)');
  else {
    if (record.apiMode !== 'mock' && record.apiMode !== 'live') where.push('apiMode');
    if (!isAbsoluteUrl(record.apiBaseUrl)) where.push('apiBaseUrl');
  }
  if (!record || where.length > 0) {
    throw new ConfigError(`Die Einstellung config.json ist ungültig (${where.join(', ')}). Erwartet: apiMode "mock" oder "live" und eine gültige apiBaseUrl.`);
  }
  return { apiMode: record.apiMode as RuntimeConfig['apiMode'], apiBaseUrl: record.apiBaseUrl as string };
}

function isAbsoluteUrl(value: unknown): value is string {
  if (typeof value !== 'string' || value.trim() === '') return false;
  try {
    return new URL(value).protocol.length > 1;
  } catch {
    return false;
  }
}

/**
 * Loads /config.json; a missing file (404, the host's HTML fallback page, or no network) falls back to the
 * build-time default, a malformed one throws ConfigError with a German message.
 */
export async function loadConfig(fetchImpl: typeof fetch = fetch): Promise<RuntimeConfig> {
  let response: Response;
  try {
    response = await fetchImpl('/config.json', { cache: 'no-cache' });
  } catch {
    return buildTimeConfig;
  }
  if (response.status === 404) return buildTimeConfig;
  // A host with a single-page fallback answers a missing file with the app's index.html: that is missing too.
  if (response.ok && (response.headers.get('content-type') ?? '').includes('text/html')) return buildTimeConfig;
  if (!response.ok) throw new ConfigError(`Die Einstellung config.json konnte nicht geladen werden (HTTP ${response.status}).`);
  let json: unknown;
  try {
    json = await response.json();
  } catch {
    throw new ConfigError('Die Einstellung config.json ist kein gültiges JSON.');
  }
  return parseConfig(json);
}
