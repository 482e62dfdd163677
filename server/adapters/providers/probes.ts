// Key tests and health: each provider's cheapest documented authenticated read, with a key from the request or the server.
import type { KeyService } from '../../../src/contract/entities';
import type { Credentials, ProviderName } from './credentials';
import { PROVIDER_NAMES, ProviderError, providerFetch } from './http';

interface Probe {
  /** Path under the provider's base URL (credentials.url). */
  path: string;
  /** The header that carries the key, as the provider documents it. */
  auth: (key: string) => Record<string, string>;
  /** A provider that takes the key in a JSON body (ModelsLab): POST with this body. */
  body?: (key: string) => Record<string, unknown>;
  /** A refusal the provider sends with HTTP 200 (ModelsLab `{status:'error', message}`): its German error, else undefined. */
  check?: (answer: unknown) => string | undefined;
}

/**
 * openai GET /models (platform.openai.com/docs/api-reference/models/list); elevenlabs GET /v1/user
 * (elevenlabs.io/docs/api-reference/user/get); azure GET /cognitiveservices/voices/list (learn.microsoft.com …
 * speech-service/rest-text-to-speech); heygen GET /v2/user/remaining_quota (docs.heygen.com); tavus GET /v2/replicas
 * (docs.tavus.io); did GET /credits (docs.d-id.com/reference/get-credits); pexels GET /v1/curated?per_page=1
 * (pexels.com/api/documentation); unsplash GET /photos?per_page=1 (unsplash.com/documentation).
 */
export const PROBES: Partial<Record<KeyService, Probe>> = {
  openai: { path: '/models', auth: (key) => ({ Authorization: `Bearer ${key}` }) },
  elevenlabs: { path: '/v1/user', auth: (key) => ({ 'xi-api-key': key }) },
  azure: { path: '/cognitiveservices/voices/list', auth: (key) => ({ 'Ocp-Apim-Subscription-Key': key }) },
  heygen: { path: '/v2/user/remaining_quota', auth: (key) => ({ 'X-Api-Key': key }) },
  tavus: { path: '/v2/replicas?limit=1', auth: (key) => ({ 'x-api-key': key }) },
  did: { path: '/credits', auth: (key) => ({ Authorization: `Basic ${key}` }) },
  pexels: { path: '/v1/curated?per_page=1', auth: (key) => ({ Authorization: key }) },
  unsplash: { path: '/photos?per_page=1', auth: (key) => ({ Authorization: `Client-ID ${key}` }) },
  // prov15: ModelsLab POST /wallet_balance {key} (docs.modelslab.com/general-api/wallet-balance): reads the balance, costs nothing.
  modelslab: {
    path: '/wallet_balance',
    auth: () => ({}),
    body: (key) => ({ key }),
    check: (answer) => {
      const a = (answer ?? {}) as { status?: unknown; message?: unknown; messege?: unknown };
      if (a.status === 'success') return undefined;
      const reason =
        typeof a.message === 'string' ? a.message : typeof a.messege === 'string' ? a.messege : 'unbekannte Antwort';
      return `ModelsLab hat den Schlüssel abgelehnt: ${reason}`;
    },
  },
};

/**
 * The key a console sent for a test in the provider's header (SPEC §7), or undefined. An Authorization header counts
 * only beside X-Newsdesk-Token: without it, Authorization carries the operator token, which must never go to a provider.
 */
export function keyFromRequest(service: KeyService, header: (name: string) => string | undefined): string | undefined {
  const moved = header('x-newsdesk-token') !== undefined;
  const authorization = moved ? header('authorization') : undefined;
  const strip = (value: string | undefined, prefix: RegExp) => {
    const match = value === undefined ? null : prefix.exec(value);
    return match && value ? value.slice(match[0].length).trim() || undefined : undefined;
  };
  switch (service) {
    case 'openai':
      return strip(authorization, /^Bearer\s+/i);
    case 'did':
      return strip(authorization, /^Basic\s+/i);
    case 'unsplash':
      return strip(authorization, /^Client-ID\s+/i);
    case 'pexels':
      return authorization?.trim() || undefined;
    case 'elevenlabs':
      return header('xi-api-key')?.trim() || undefined;
    case 'azure':
      return header('ocp-apim-subscription-key')?.trim() || undefined;
    default:
      return header('x-api-key')?.trim() || undefined;
  }
}

export interface ProbeResult {
  [extra: string]: unknown;
  success: boolean;
  service: string;
  status: 'online' | 'offline';
  responseTime: number;
  error?: string;
  lastTested: string;
}

/** Runs the provider's probe with `key` (else the server's key); never throws, never puts the key in the error. */
export async function probe(
  service: KeyService,
  credentials: Credentials,
  key: string | undefined,
  now: () => number = Date.now,
): Promise<ProbeResult> {
  const started = now();
  const name = PROVIDER_NAMES[service] ?? service;
  const done = (error?: string): ProbeResult => ({
    success: !error,
    service,
    status: error ? 'offline' : 'online',
    responseTime: Math.max(0, Math.round(now() - started)),
    lastTested: new Date().toISOString(),
    ...(error ? { error } : {}),
  });
  const spec = PROBES[service];
  if (!spec)
    return done(
      `Für ${name} gibt es keinen Schlüsseltest über eine kostenlose Abfrage; der Schlüssel wird beim ersten Auftrag geprüft.`,
    );
  const useKey = key ?? (await credentials.key(service as ProviderName));
  if (!useKey) return done(`Kein Schlüssel für ${name} hinterlegt.`);
  try {
    const init = spec.body
      ? {
          method: 'POST',
          headers: { Accept: 'application/json', 'Content-Type': 'application/json', ...spec.auth(useKey) },
          body: JSON.stringify(spec.body(useKey)),
        }
      : { method: 'GET', headers: { Accept: 'application/json', ...spec.auth(useKey) } };
    const response = await providerFetch(service, `${credentials.url(service as ProviderName)}${spec.path}`, {
      ...init,
      secret: useKey,
      timeoutMs: 10_000,
    });
    if (!spec.check) {
      await response.body?.cancel();
      return done();
    }
    const refused = spec.check(await response.json().catch(() => undefined));
    return done(refused?.split(useKey).join('***'));
  } catch (error) {
    return done(error instanceof ProviderError ? error.message : `${name}: Test fehlgeschlagen.`);
  }
}

// Health is public and polled every 30 s by every open console: one provider call per service and server per 25 s.
const HEALTH_CACHE_MS = 25_000;
const healthCache = new WeakMap<Credentials, Map<string, { at: number; result: Promise<ProbeResult> }>>();

/** The probe with the server's key, shared for 25 s. */
export function cachedHealth(credentials: Credentials, service: KeyService): Promise<ProbeResult> {
  const byService = healthCache.get(credentials) ?? new Map<string, { at: number; result: Promise<ProbeResult> }>();
  healthCache.set(credentials, byService);
  const hit = byService.get(service);
  if (hit && Date.now() - hit.at < HEALTH_CACHE_MS) return hit.result;
  const result = probe(service, credentials, undefined);
  byService.set(service, { at: Date.now(), result });
  return result;
}

/** A saved or deleted key makes the next health check ask the provider again. */
export function forgetHealth(credentials: Credentials, service: string): void {
  healthCache.get(credentials)?.delete(service);
}
