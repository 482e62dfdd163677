import type { TtsProvider } from '@/db/settings';
import { getSetting } from '@/db/settings';
import type { OperationId } from '@/contract';
import { apiRequest, callApi } from '@/lib/api/client';
import { generateVideoWith, retryVideoProject, type VideoRetryArgs } from '@/lib/api/video';
import type { VideoPlatformId } from '@/contract';
import { checkHealth } from '@/lib/api/health';
import { testService } from '@/lib/api/test-services';
import type { HttpMethod, TransportOptions } from '@/lib/http/transport';
import { VIDEO_BREAKER, VIDEO_GENERATION_SERVICE } from '@/lib/resilience/breakers';
import { defineRetryables, NotRetryableError } from '@/lib/resilience/retry-registry';
import { callWebhook } from '@/lib/webhooks/call';
import { webhookHeaders } from '@/lib/webhooks/n8n';
import { keyFor, PROVIDER_SERVICES, testProvider, type ProviderServiceId } from '@/lib/webhooks/provider-tests';

const VIDEO_PLATFORMS: ReadonlySet<string> = new Set(['tavus', 'vidau', 'modelslab', 'heygen', 'did', 'local']);

/** A stored argument is read back from IndexedDB: never trust its shape. */
function text(value: unknown): string {
  if (typeof value !== 'string' || !value) throw new Error('Ungültige Operation');
  return value;
}
const object = (value: unknown): Record<string, unknown> =>
  value && typeof value === 'object' ? (value as Record<string, unknown>) : {};

/** A call under the base API path as recorded by lib/api's client (JSON or no body; never headers). */
export interface ApiRequestArgs {
  method: HttpMethod;
  path: string;
  query?: TransportOptions['query'];
  json?: unknown;
}

/** A natural (safe to repeat) operation of the /api contract, as callApi recorded it. */
export interface ApiCallArgs {
  id: OperationId;
  params?: Record<string, string>;
  query?: Record<string, unknown>;
  body?: unknown;
}

/** A call to an operator-configured address; `auth: 'workflow'` re-reads the workflow key instead of storing it. */
export interface WebhookCallArgs {
  service: string;
  url: string;
  method: 'GET' | 'POST';
  json?: unknown;
  mode?: RequestMode;
  auth?: 'workflow';
  timeoutMs?: number;
  breaker?: boolean;
}

/**
 * Every operation a Retry in the error log can re-run, declared once (kind → re-run). Each re-run makes the
 * same call through the same breaker as the original but records nothing: the Retry updates its own entry.
 */
export const RETRYABLES = defineRetryables({
  'api.request': (args: ApiRequestArgs): Promise<unknown> => {
    const { method, path, query, json } = object(args);
    return apiRequest(text(path), {
      method: text(method) as HttpMethod,
      query: query as ApiRequestArgs['query'],
      json,
      record: false,
    });
  },
  'api.call': (args: ApiCallArgs): Promise<unknown> => {
    const { id: opId, params, query, body } = object(args);
    // A loosely typed re-run of a recorded call: the table entry's own schemas check the answer again.
    const call = callApi as (id: OperationId, input: Record<string, unknown>) => Promise<unknown>;
    return call(text(opId) as OperationId, { params: object(params), query: object(query), body, record: false });
  },
  'video.generate': (args: { provider: string; body: Record<string, unknown> }): Promise<unknown> => {
    const { provider, body } = object(args);
    const platform = typeof provider === 'string' ? provider : object(body).platform;
    return generateVideoWith(text(platform), object(body), { record: false });
  },
  'video.retry': (args: VideoRetryArgs | string): Promise<unknown> => {
    // Older entries kept the project id alone: the server's retry route still serves them.
    if (typeof args === 'string')
      return callApi('video.retryProject', {
        params: { id: text(args) },
        service: VIDEO_GENERATION_SERVICE,
        breaker: VIDEO_BREAKER,
        record: false,
      });
    const { id, platform } = object(args);
    if (!VIDEO_PLATFORMS.has(text(platform))) throw new NotRetryableError();
    return retryVideoProject({ id: text(id), platform: platform as VideoPlatformId }, { record: false });
  },
  'tts.generate': (args: {
    text: string;
    provider: TtsProvider;
    options?: Record<string, unknown>;
  }): Promise<unknown> => {
    const { text: speech, provider, options } = object(args);
    const name = text(provider);
    if (name !== 'elevenlabs' && name !== 'azure') throw new NotRetryableError();
    return callApi('tts.generate', {
      body: { ...object(options), text: text(speech), provider: name },
      service: name,
      retries: false,
      record: false,
    });
  },
  'health.check': (service: string): Promise<unknown> => checkHealth(text(service), undefined, { record: false }),
  'service.test': async (service: string): Promise<unknown> => {
    const keys = await getSetting('apiKeys');
    const result = await testService(text(service), keys[text(service)] ?? '', { record: false });
    if (!result.success) throw new Error(result.error ?? 'An error occurred');
    return result;
  },
  'provider.test': async (serviceId: ProviderServiceId): Promise<unknown> => {
    const service = PROVIDER_SERVICES.find((s) => s.id === serviceId);
    if (!service) throw new NotRetryableError();
    const result = await testProvider(service, keyFor(service, await getSetting('apiKeys')), { record: false });
    if (!result.ok) throw result.error;
    return result;
  },
  'webhook.call': async (args: WebhookCallArgs): Promise<unknown> => {
    const a = object(args);
    const headers = a.auth === 'workflow' ? webhookHeaders(await getSetting('workflowConfig')) : undefined;
    return callWebhook(
      {
        url: text(a.url),
        method: a.method === 'GET' ? 'GET' : 'POST',
        json: a.json,
        mode: a.mode as RequestMode | undefined,
        headers,
        timeoutMs: typeof a.timeoutMs === 'number' ? a.timeoutMs : undefined,
      },
      { service: text(a.service), breaker: a.breaker === true, record: false },
    );
  },
});

/** The error log in IndexedDB may hold these calls under their operation's id, the story's id as args: an 'api.call'. */
const STORED_BY_ID: ReadonlySet<string> = new Set<OperationId>(['news.publish', 'news.reject', 'news.retry']);

/** Whether an error-log entry's recorded operation can be re-run. */
export function canRetry(operation: { kind: string } | undefined): boolean {
  return operation !== undefined && (Object.hasOwn(RETRYABLES, operation.kind) || STORED_BY_ID.has(operation.kind));
}

/** The contract operation a Retry re-runs, whose least role it needs; none for a webhook, a health check or a raw path. */
export function retryOperationId(operation: { kind: string; args: unknown } | undefined): OperationId | undefined {
  if (!operation) return undefined;
  if (STORED_BY_ID.has(operation.kind)) return operation.kind as OperationId;
  const byKind: Partial<Record<string, OperationId>> = {
    'video.generate': 'video.generate',
    'video.retry': 'video.retryProject',
    'tts.generate': 'tts.generate',
    'service.test': 'test.service',
  };
  if (operation.kind === 'api.call') {
    const id = object(operation.args).id;
    return typeof id === 'string' ? (id as OperationId) : undefined;
  }
  return byKind[operation.kind];
}

/** Re-runs a recorded operation; an entry without a declared one gives NotRetryableError ('Dieser Fehler kann …'). */
export function runRetryable(operation: { kind: string; args: unknown } | undefined): Promise<unknown> {
  if (!operation || !canRetry(operation)) return Promise.reject(new NotRetryableError());
  if (STORED_BY_ID.has(operation.kind))
    return RETRYABLES['api.call']({ id: operation.kind as OperationId, params: { id: text(operation.args) } });
  const fn = RETRYABLES[operation.kind as keyof typeof RETRYABLES] as (args: unknown) => Promise<unknown>;
  return fn(operation.args);
}
