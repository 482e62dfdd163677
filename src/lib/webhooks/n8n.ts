import type { TriggerParameters, WorkflowConfig } from '@/db/settings';
import { ApiError } from '@/lib/http/api-error';
import { uploadWithProgress } from '@/lib/http/transport';
import { registerSecret } from '@/lib/security/redact';
import {
  callWebhook,
  missingUrl,
  recordWebhookFailure,
  toWebhookError,
  WebhookError,
  type WebhookCallOptions,
} from './call';

/** SPEC §9: pause between sequential tests. */
export const SEQUENTIAL_PAUSE_MS = 500;
/** SPEC §9: connection test time-out. */
export const CONNECTION_TEST_TIMEOUT_MS = 10_000;
/** The client-identifier header every call to the operator's n8n carries (SPEC §7). */
const CLIENT_ID_HEADER = 'X-Client-Id';
export const CLIENT_ID = 'newsdesk-dashboard';
/** `source` and `version` sent with a trigger (SPEC §7). */
export const TRIGGER_SOURCE = 'newsdesk-dashboard';
export const TRIGGER_VERSION = '2.0';
export const N8N_SERVICE = 'n8n';

/** Headers of every call: client id, bearer only with a key (transport adds the JSON content type to a body). */
export function webhookHeaders(config: Pick<WorkflowConfig, 'apiKey'>): Record<string, string> {
  const headers: Record<string, string> = { Accept: 'application/json', [CLIENT_ID_HEADER]: CLIENT_ID };
  const key = config.apiKey?.trim();
  if (key) {
    registerSecret(key);
    headers.Authorization = `Bearer ${key}`;
  }
  return headers;
}

export const sleep = (ms: number, signal?: AbortSignal) =>
  new Promise<void>((resolve, reject) => {
    const timer = setTimeout(resolve, ms);
    signal?.addEventListener(
      'abort',
      () => {
        clearTimeout(timer);
        reject(new DOMException('Aborted', 'AbortError'));
      },
      { once: true },
    );
  });

interface SendOptions {
  signal?: AbortSignal;
  timeoutMs?: number;
}

/** Error-log service 'n8n'; a Retry re-reads the workflow key (never stored) and sends the same call again. */
function n8nCallOptions(
  url: string,
  method: 'GET' | 'POST',
  json: unknown,
  action: string,
  timeoutMs: number | undefined,
  context: Record<string, unknown> = {},
): WebhookCallOptions {
  return {
    service: N8N_SERVICE,
    context: { operation: action, url, ...context },
    operation: { kind: 'webhook.call', args: { service: N8N_SERVICE, url, method, json, auth: 'workflow', timeoutMs } },
  };
}

/** POSTs or GETs one of the workflow addresses through callWebhook, with the automation webhook failure text. */
function sendToN8n(
  url: string,
  method: 'GET' | 'POST',
  json: unknown,
  config: Pick<WorkflowConfig, 'apiKey'>,
  action: string,
  options: SendOptions,
) {
  return callWebhook(
    { url, method, json, headers: webhookHeaders(config), signal: options.signal, timeoutMs: options.timeoutMs },
    n8nCallOptions(url, method, json, action, options.timeoutMs),
  );
}

export interface TriggerResult {
  response: unknown;
  executionId?: string;
}

/** The body of a trigger: the parameters plus timestamp, source, workflowId, version (SPEC §7). */
export function triggerBody(
  config: Pick<WorkflowConfig, 'workflowId'>,
  params: TriggerParameters,
  extra: Record<string, unknown> = {},
): Record<string, unknown> {
  return {
    ...params,
    ...extra,
    timestamp: new Date().toISOString(),
    source: TRIGGER_SOURCE,
    workflowId: config.workflowId,
    version: TRIGGER_VERSION,
  };
}

/** POSTs the trigger parameters to the webhook; a failure throws WebhookError and goes to the error log as 'n8n'. */
export async function triggerWorkflow(
  config: WorkflowConfig,
  params: TriggerParameters,
  options: SendOptions & { extra?: Record<string, unknown> } = {},
): Promise<TriggerResult> {
  const url = config.webhookUrl.trim();
  if (!url) throw missingUrl('Webhook URL ist nicht konfiguriert');
  const { body } = await sendToN8n(url, 'POST', triggerBody(config, params, options.extra), config, 'trigger', options);
  const executionId =
    body && typeof body === 'object' && 'executionId' in body
      ? String((body as { executionId: unknown }).executionId)
      : undefined;
  return { response: body, executionId };
}

/** The body of a webhook test (SPEC §7). */
export function testBody(): { test: true; timestamp: string; source: string } {
  return { test: true, timestamp: new Date().toISOString(), source: TRIGGER_SOURCE };
}

/** POSTs {test, timestamp, source} to the webhook; resolves with the response time in ms. */
export async function testWebhook(
  config: WorkflowConfig,
  options: SendOptions = {},
): Promise<{ responseTime: number }> {
  const url = config.webhookUrl.trim();
  if (!url) throw missingUrl('Bitte geben Sie eine Webhook URL ein.');
  const { responseTime } = await sendToN8n(url, 'POST', testBody(), config, 'test', {
    timeoutMs: CONNECTION_TEST_TIMEOUT_MS,
    ...options,
  });
  return { responseTime };
}

/** SPEC §3 "Status endpoint response" (the fields read). */
export interface StatusResponse {
  active: boolean;
  totalExecutions: number;
  successRate: number;
}

function toNumber(value: unknown): number {
  const n = typeof value === 'number' ? value : typeof value === 'string' ? Number(value) : Number.NaN;
  return Number.isFinite(n) ? n : 0;
}

/** Reads active, totalExecutions and successRate from whatever the status address answered. */
export function parseStatus(body: unknown): StatusResponse {
  // A plain check, not a zod schema: zod would load before the Workflow screen's heading for three fields.
  const data: { active?: unknown; totalExecutions?: unknown; successRate?: unknown } =
    typeof body === 'object' && body !== null && !Array.isArray(body) ? body : {};
  return {
    active: data.active === true || data.active === 'true',
    totalExecutions: Math.max(0, Math.round(toNumber(data.totalExecutions))),
    successRate: Math.min(100, Math.max(0, toNumber(data.successRate))),
  };
}

/** GET on the status address (SPEC §7). */
export async function checkStatus(
  config: Pick<WorkflowConfig, 'statusUrl' | 'apiKey'>,
  options: SendOptions = {},
): Promise<StatusResponse> {
  const url = config.statusUrl.trim();
  if (!url) throw missingUrl('Status URL ist nicht konfiguriert');
  const { body } = await sendToN8n(url, 'GET', undefined, config, 'status', {
    timeoutMs: CONNECTION_TEST_TIMEOUT_MS,
    ...options,
  });
  return parseStatus(body);
}

/** SPEC §3 "Connection test item". */
export interface ConnectionTestItem {
  name: string;
  url: string;
  status: 'pending' | 'success' | 'error';
  responseTime?: number;
  error?: string;
}

const ENDPOINTS = [
  { name: 'Webhook', key: 'webhookUrl', method: 'POST' },
  { name: 'Gateway', key: 'gatewayUrl', method: 'POST' },
  { name: 'Status', key: 'statusUrl', method: 'POST' },
  { name: 'Media', key: 'mediaUrl', method: 'GET' },
] as const;

/** The four rows of the connection test, all pending. */
export function connectionTestItems(config: WorkflowConfig): ConnectionTestItem[] {
  return ENDPOINTS.map((e) => ({ name: e.name, url: config[e.key].trim(), status: 'pending' }));
}

/** Tests webhook, gateway, status and media in turn (SPEC §4/§9), reporting every row change through onChange. */
export async function runConnectionTests(
  config: WorkflowConfig,
  options: { onChange?: (items: ConnectionTestItem[]) => void; signal?: AbortSignal } = {},
): Promise<ConnectionTestItem[]> {
  let items = connectionTestItems(config);
  const update = (index: number, patch: Partial<ConnectionTestItem>) => {
    items = items.map((item, i) => (i === index ? { ...item, ...patch } : item));
    options.onChange?.(items);
  };
  options.onChange?.(items);
  for (const [index, endpoint] of ENDPOINTS.entries()) {
    if (index > 0) await sleep(SEQUENTIAL_PAUSE_MS, options.signal);
    const url = items[index].url;
    const started = performance.now();
    const elapsed = () => Math.round(performance.now() - started);
    if (!url) {
      update(index, { status: 'error', responseTime: 0, error: 'Connection failed' });
      continue;
    }
    const isGet = endpoint.method === 'GET';
    const json = isGet ? undefined : testBody();
    const call = n8nCallOptions(url, endpoint.method, json, 'connection-test', CONNECTION_TEST_TIMEOUT_MS, {
      endpoint: endpoint.name,
    });
    try {
      // Recorded after the row is updated, so the operator sees the result before IndexedDB is written.
      await callWebhook(
        {
          url,
          method: endpoint.method,
          json,
          headers: webhookHeaders(config),
          signal: options.signal,
          timeoutMs: CONNECTION_TEST_TIMEOUT_MS,
        },
        { ...call, record: false },
      );
      update(index, { status: 'success', responseTime: elapsed() });
    } catch (error) {
      if (options.signal?.aborted) throw error;
      const failure = toWebhookError(error);
      const kind = failure instanceof WebhookError ? failure.kind : 'network';
      // SPEC §8: a failed connection test reads 'HTTP {status}' or 'Connection failed' ('Connection timeout' on time-out).
      const text =
        kind === 'http'
          ? `HTTP ${(failure as WebhookError).status}`
          : kind === 'timeout'
            ? 'Connection timeout'
            : 'Connection failed';
      update(index, { status: 'error', responseTime: elapsed(), error: text });
      await recordWebhookFailure(failure, call);
    }
  }
  return items;
}

/** Multipart POST of `media` (and optional `metadata` JSON) to the media address, with upload progress. */
export async function uploadMedia(
  config: WorkflowConfig,
  file: Blob,
  options: {
    filename?: string;
    metadata?: Record<string, unknown>;
    onProgress?: (percent: number) => void;
    signal?: AbortSignal;
  } = {},
): Promise<unknown> {
  const url = config.mediaUrl.trim();
  if (!url) throw missingUrl('Media Upload URL ist nicht konfiguriert');
  const form = new FormData();
  form.append('media', file, options.filename ?? (file instanceof File ? file.name : 'media'));
  if (options.metadata) form.append('metadata', JSON.stringify(options.metadata));
  try {
    // The operator's own n8n answers what its workflow says: unchecked, so unknown to the caller.
    return await uploadWithProgress(url, form, {
      headers: webhookHeaders(config),
      onProgress: options.onProgress,
      signal: options.signal,
    });
  } catch (error) {
    // A 2xx answer that is not JSON still means the file arrived.
    if (error instanceof ApiError && error.code === 'PARSE_ERROR') return undefined;
    const failure = toWebhookError(error, {
      http: (status) => `Media Upload failed: ${status}`,
      network: 'Media Upload fehlgeschlagen',
    });
    // No operation: the file is not kept, so this entry cannot be re-run from the error log.
    await recordWebhookFailure(failure, { service: N8N_SERVICE, context: { operation: 'media-upload', url } });
    throw failure;
  }
}
