import type { ApiKeys } from '@/db/settings';
import { registerSecret } from '@/lib/security/redact';
import { callWebhook, toWebhookError, type WebhookError, type WebhookRequest } from './call';
import { CONNECTION_TEST_TIMEOUT_MS, sleep, SEQUENTIAL_PAUSE_MS } from './n8n';

export type ProviderServiceId =
  | 'tavus'
  | 'elevenlabs'
  | 'openai'
  | 'anthropic'
  | 'pexels'
  | 'unsplash'
  | 'azure-cognitive'
  | 'heygen'
  | 'telegram'
  | 'facebook';

export type ProviderRequest = Required<Pick<WebhookRequest, 'url' | 'method' | 'headers'>> &
  Pick<WebhookRequest, 'json'>;

/** One of the ten service cards of the workflow screen (SPEC §3 "Service card"). */
export interface ProviderService {
  id: ProviderServiceId;
  name: string;
  description: string;
  /** Settings 'apiKeys' ids to read the key from, first non-empty wins. */
  keyIds: readonly string[];
  request: (key: string) => ProviderRequest;
}

/** Graph API version of the social graph test (SPEC §9). */
export const GRAPH_API_VERSION = 'v23.0';
/** Page size of the image search tests (SPEC §9). */
export const IMAGE_TEST_PAGE_SIZE = 1;
/** The language-detection endpoint; the region is not part of the key, so it is fixed here. */
export const COGNITIVE_ENDPOINT = 'https://westeurope.api.cognitive.microsoft.com';

const get = (url: string, headers: Record<string, string> = {}): ProviderRequest => ({
  url,
  method: 'GET',
  headers: { Accept: 'application/json', ...headers },
});

/** The ten services and the exact test call of each (SPEC §7 "Service tests from the workflow screen"). */
export const PROVIDER_SERVICES: readonly ProviderService[] = [
  {
    id: 'tavus',
    name: 'Tavus',
    description: 'AI-Avatar-Video',
    keyIds: ['tavus'],
    request: (key) => get('https://tavusapi.com/v2/personas', { 'x-api-key': key }),
  },
  {
    id: 'elevenlabs',
    name: 'ElevenLabs',
    description: 'Sprachsynthese',
    keyIds: ['elevenlabs'],
    request: (key) => get('https://api.elevenlabs.io/v1/voices', { 'xi-api-key': key }),
  },
  {
    id: 'openai',
    name: 'OpenAI',
    description: 'LLM (GPT)',
    keyIds: ['openai'],
    request: (key) => get('https://api.openai.com/v1/models', { Authorization: `Bearer ${key}` }),
  },
  {
    id: 'anthropic',
    name: 'Anthropic',
    description: 'LLM (Claude)',
    keyIds: ['anthropic'],
    request: (key) =>
      get('https://api.anthropic.com/v1/models', {
        'x-api-key': key,
        'anthropic-version': '2023-06-01',
        'anthropic-dangerous-direct-browser-access': 'true',
      }),
  },
  {
    id: 'pexels',
    name: 'Pexels',
    description: 'Stockbilder',
    keyIds: ['pexels'],
    request: (key) =>
      get(`https://api.pexels.com/v1/search?query=news&per_page=${IMAGE_TEST_PAGE_SIZE}`, { Authorization: key }),
  },
  {
    id: 'unsplash',
    name: 'Unsplash',
    description: 'Stockbilder',
    keyIds: ['unsplash'],
    request: (key) =>
      get(`https://api.unsplash.com/search/photos?query=news&per_page=${IMAGE_TEST_PAGE_SIZE}`, {
        Authorization: `Client-ID ${key}`,
      }),
  },
  {
    id: 'azure-cognitive',
    name: 'Azure Cognitive Services',
    description: 'Sprache & Spracherkennung',
    keyIds: ['azure-cognitive', 'azure'],
    request: (key) => ({
      url: `${COGNITIVE_ENDPOINT}/text/analytics/v3.1/languages`,
      method: 'POST',
      headers: { Accept: 'application/json', 'Ocp-Apim-Subscription-Key': key },
      json: { documents: [{ id: '1', text: 'Guten Morgen, hier sind die Nachrichten.' }] },
    }),
  },
  {
    id: 'heygen',
    name: 'HeyGen',
    description: 'Video-Plattform',
    keyIds: ['heygen'],
    request: (key) => get('https://api.heygen.com/v2/user/remaining_quota', { 'X-Api-Key': key }),
  },
  // Telegram and the Graph API take the token in the address (SPEC §7); it is registered as a secret so logs redact it.
  {
    id: 'telegram',
    name: 'Telegram Bot',
    description: 'Messaging-Bot',
    keyIds: ['telegram'],
    request: (key) => get(`https://api.telegram.org/bot${encodeURIComponent(key)}/getMe`),
  },
  {
    id: 'facebook',
    name: 'Facebook Graph API',
    description: `Social Graph (${GRAPH_API_VERSION})`,
    keyIds: ['facebook'],
    request: (key) => get(`https://graph.facebook.com/${GRAPH_API_VERSION}/me?access_token=${encodeURIComponent(key)}`),
  },
];

/** The key of a service from the Admin settings (settings key 'apiKeys'). */
export function keyFor(service: ProviderService, keys: ApiKeys | undefined): string {
  for (const id of service.keyIds) {
    const value = keys?.[id]?.trim();
    if (value) return value;
  }
  return '';
}

export type ProviderTestResult =
  | { ok: true; responseTime: number; lastTested: string }
  | { ok: false; error: WebhookError; responseTime: number; lastTested: string };

/** SPEC §8: a failed service test reads 'HTTP {status}'; a dropped connection 'Connection failed'. */
const PROVIDER_WORDING = { http: (status: number) => `HTTP ${status}`, network: 'Connection failed' };

/** Runs one service's test call; throws only an abort, and a Retry re-reads the key rather than storing it. */
export async function testProvider(
  service: ProviderService,
  key: string,
  options: { signal?: AbortSignal; timeoutMs?: number; record?: boolean } = {},
): Promise<ProviderTestResult> {
  registerSecret(key);
  registerSecret(encodeURIComponent(key));
  const started = performance.now();
  const lastTested = () => new Date().toISOString();
  try {
    await callWebhook(
      { ...service.request(key), signal: options.signal, timeoutMs: options.timeoutMs ?? CONNECTION_TEST_TIMEOUT_MS },
      {
        service: service.id,
        record: options.record,
        context: { operation: 'api-test', service: service.name },
        operation: { kind: 'provider.test', args: service.id },
        wording: PROVIDER_WORDING,
      },
    );
    return { ok: true, responseTime: Math.round(performance.now() - started), lastTested: lastTested() };
  } catch (cause) {
    if (options.signal?.aborted) throw cause;
    const error = toWebhookError(cause, PROVIDER_WORDING) as WebhookError;
    return { ok: false, error, responseTime: Math.round(performance.now() - started), lastTested: lastTested() };
  }
}

/** Tests services one after another, 500 ms apart (SPEC §4); onStart/onResult report each step. */
export async function testProvidersSequentially(
  services: readonly ProviderService[],
  keys: ApiKeys | undefined,
  callbacks: {
    onStart?: (service: ProviderService) => void;
    onResult?: (service: ProviderService, result: ProviderTestResult) => void;
    signal?: AbortSignal;
  } = {},
): Promise<Map<ProviderServiceId, ProviderTestResult>> {
  const results = new Map<ProviderServiceId, ProviderTestResult>();
  for (const [index, service] of services.entries()) {
    if (index > 0) await sleep(SEQUENTIAL_PAUSE_MS, callbacks.signal);
    callbacks.onStart?.(service);
    const result = await testProvider(service, keyFor(service, keys), { signal: callbacks.signal });
    results.set(service.id, result);
    callbacks.onResult?.(service, result);
  }
  return results;
}
