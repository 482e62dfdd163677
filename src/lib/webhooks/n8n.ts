import * as z from 'zod/mini';
import type { TriggerParameters, WorkflowConfig } from '@/db/settings';
import { ApiError } from '@/lib/http/api-error';
import { uploadWithProgress } from '@/lib/http/transport';
import { recordFailure } from '@/lib/resilience/execute';
import { registerSecret } from '@/lib/security/redact';

/** SPEC §9: pause between sequential tests. */
export const SEQUENTIAL_PAUSE_MS = 500;
/** SPEC §9: connection test time-out. */
export const CONNECTION_TEST_TIMEOUT_MS = 10_000;
/** The client-identifier header every call to the operator's n8n carries (SPEC §7). */
export const CLIENT_ID_HEADER = 'X-Client-Id';
export const CLIENT_ID = 'newsdesk-dashboard';
/** `source` and `version` sent with a trigger (SPEC §7). */
export const TRIGGER_SOURCE = 'newsdesk-dashboard';
export const TRIGGER_VERSION = '2.0';
/** Error-log service name of every webhook failure. */
export const N8N_SERVICE = 'n8n';

export type WebhookFailureKind = 'missing-url' | 'http' | 'network' | 'timeout';

/**
 * A failed call to a user-configured address. `kind` tells the screen which SPEC §8 toast to show;
 * a browser hides CORS refusals, so they arrive as 'network' like any unreachable host.
 */
export class WebhookError extends Error {
  readonly kind: WebhookFailureKind;
  readonly status: number;
  readonly statusText: string;
  constructor(message: string, kind: WebhookFailureKind, status = 0, statusText = '') {
    super(message);
    this.name = 'WebhookError';
    this.kind = kind;
    this.status = status;
    this.statusText = statusText;
  }
}

/** Headers of every call: JSON content type (when there is a body), client id, bearer only with a key. */
export function webhookHeaders(config: Pick<WorkflowConfig, 'apiKey'>, json = true): Record<string, string> {
  const headers: Record<string, string> = { Accept: 'application/json', [CLIENT_ID_HEADER]: CLIENT_ID };
  if (json) headers['Content-Type'] = 'application/json';
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
    signal?.addEventListener('abort', () => {
      clearTimeout(timer);
      reject(new DOMException('Aborted', 'AbortError'));
    }, { once: true });
  });

interface SendOptions {
  signal?: AbortSignal;
  timeoutMs?: number;
}

/** One fetch with an optional time-out; network failures and time-outs become WebhookError. */
async function send(url: string, init: RequestInit, { signal, timeoutMs }: SendOptions = {}): Promise<Response> {
  const controller = new AbortController();
  let timedOut = false;
  const timer = timeoutMs ? setTimeout(() => { timedOut = true; controller.abort(); }, timeoutMs) : undefined;
  const onAbort = () => controller.abort();
  signal?.addEventListener('abort', onAbort, { once: true });
  try {
    return await fetch(url, { ...init, signal: controller.signal });
  } catch (cause) {
    if (timedOut) throw new WebhookError('Connection timeout', 'timeout');
    if (signal?.aborted) throw cause;
    // fetch says no more than "Failed to fetch" for CORS refusals, DNS errors and refused connections alike.
    throw new WebhookError('Webhook konnte nicht erreicht werden.', 'network');
  } finally {
    if (timer) clearTimeout(timer);
    signal?.removeEventListener('abort', onAbort);
  }
}

/** SPEC §7: the body is read as JSON when the content type says JSON; anything else counts as success. */
async function readJson(response: Response): Promise<unknown> {
  if (!(response.headers.get('content-type') ?? '').toLowerCase().includes('json')) return undefined;
  try {
    const text = await response.text();
    return text ? (JSON.parse(text) as unknown) : undefined;
  } catch {
    return undefined;
  }
}

function httpFailure(response: Response): WebhookError {
  return new WebhookError(`n8n Webhook failed: ${response.status} ${response.statusText}`.trim(), 'http', response.status, response.statusText);
}

function missing(message: string): WebhookError {
  return new WebhookError(message, 'missing-url');
}

async function fail(error: unknown, operation: string, url: string): Promise<never> {
  if (!(error instanceof DOMException && error.name === 'AbortError')) {
    await recordFailure(N8N_SERVICE, error, 0, { context: { operation, url } });
  }
  throw error;
}

export interface TriggerResult {
  response: unknown;
  executionId?: string;
}

/** The body of a trigger: the parameters plus timestamp, source, workflowId, version (SPEC §7). */
export function triggerBody(config: Pick<WorkflowConfig, 'workflowId'>, params: TriggerParameters, extra: Record<string, unknown> = {}): Record<string, unknown> {
  return { ...params, ...extra, timestamp: new Date().toISOString(), source: TRIGGER_SOURCE, workflowId: config.workflowId, version: TRIGGER_VERSION };
}

/**
 * POSTs the trigger parameters to the configured webhook. Throws WebhookError ('Webhook URL ist nicht
 * konfiguriert' without an address, 'n8n Webhook failed: {status} {statusText}' on non-2xx, network,
 * timeout) and records it in the error log under 'n8n'. `extra` adds fields such as a manual action.
 */
export async function triggerWorkflow(config: WorkflowConfig, params: TriggerParameters, options: SendOptions & { extra?: Record<string, unknown> } = {}): Promise<TriggerResult> {
  const url = config.webhookUrl.trim();
  if (!url) throw missing('Webhook URL ist nicht konfiguriert');
  try {
    const response = await send(url, { method: 'POST', headers: webhookHeaders(config), body: JSON.stringify(triggerBody(config, params, options.extra)) }, options);
    if (!response.ok) throw httpFailure(response);
    const body = await readJson(response);
    const executionId = body && typeof body === 'object' && 'executionId' in body ? String((body as { executionId: unknown }).executionId) : undefined;
    return { response: body, executionId };
  } catch (error) {
    return fail(error, 'trigger', url);
  }
}

/** The body of a webhook test (SPEC §7). */
export function testBody(): { test: true; timestamp: string; source: string } {
  return { test: true, timestamp: new Date().toISOString(), source: TRIGGER_SOURCE };
}

/** POSTs {test, timestamp, source} to the webhook; resolves with the response time in ms. */
export async function testWebhook(config: WorkflowConfig, options: SendOptions = {}): Promise<{ responseTime: number }> {
  const url = config.webhookUrl.trim();
  if (!url) throw missing('Bitte geben Sie eine Webhook URL ein.');
  const started = performance.now();
  try {
    const response = await send(url, { method: 'POST', headers: webhookHeaders(config), body: JSON.stringify(testBody()) }, { timeoutMs: CONNECTION_TEST_TIMEOUT_MS, ...options });
    if (!response.ok) throw httpFailure(response);
    return { responseTime: Math.round(performance.now() - started) };
  } catch (error) {
    return fail(error, 'test', url);
  }
}

const statusSchema = z.looseObject({
  active: z.optional(z.unknown()),
  totalExecutions: z.optional(z.unknown()),
  successRate: z.optional(z.unknown()),
});

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
  const parsed = statusSchema.safeParse(body);
  const data = parsed.success ? parsed.data : {};
  return {
    active: data.active === true || data.active === 'true',
    totalExecutions: Math.max(0, Math.round(toNumber(data.totalExecutions))),
    successRate: Math.min(100, Math.max(0, toNumber(data.successRate))),
  };
}

/** GET on the status address (SPEC §7). */
export async function checkStatus(config: Pick<WorkflowConfig, 'statusUrl' | 'apiKey'>, options: SendOptions = {}): Promise<StatusResponse> {
  const url = config.statusUrl.trim();
  if (!url) throw missing('Status URL ist nicht konfiguriert');
  try {
    const response = await send(url, { method: 'GET', headers: webhookHeaders(config, false) }, { timeoutMs: CONNECTION_TEST_TIMEOUT_MS, ...options });
    if (!response.ok) throw httpFailure(response);
    return parseStatus(await readJson(response));
  } catch (error) {
    return fail(error, 'status', url);
  }
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

/**
 * Tests webhook, gateway, status and media one after another with 500 ms between them (SPEC §4/§9):
 * media by GET, the others by POST with a test body, each with a 10000 ms time-out. Every change is
 * reported through onChange; failures read 'HTTP {status}', 'Connection failed' or 'Connection timeout'.
 */
export async function runConnectionTests(config: WorkflowConfig, options: { onChange?: (items: ConnectionTestItem[]) => void; signal?: AbortSignal } = {}): Promise<ConnectionTestItem[]> {
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
    try {
      const isGet = endpoint.method === 'GET';
      const response = await send(url, { method: endpoint.method, headers: webhookHeaders(config, !isGet), body: isGet ? undefined : JSON.stringify(testBody()) }, { signal: options.signal, timeoutMs: CONNECTION_TEST_TIMEOUT_MS });
      if (response.ok) update(index, { status: 'success', responseTime: elapsed() });
      else {
        update(index, { status: 'error', responseTime: elapsed(), error: `HTTP ${response.status}` });
        await recordFailure(N8N_SERVICE, `HTTP ${response.status}`, 0, { context: { operation: 'connection-test', endpoint: endpoint.name, url } });
      }
    } catch (error) {
      if (options.signal?.aborted) throw error;
      const text = error instanceof WebhookError && error.kind === 'timeout' ? 'Connection timeout' : 'Connection failed';
      update(index, { status: 'error', responseTime: elapsed(), error: text });
      await recordFailure(N8N_SERVICE, text, 0, { context: { operation: 'connection-test', endpoint: endpoint.name, url } });
    }
  }
  return items;
}

/**
 * Multipart POST of `media` (+ optional `metadata` JSON text) to the media address with upload progress.
 * Errors: 'Media Upload URL ist nicht konfiguriert', 'Media Upload failed: {status}', 'Media Upload fehlgeschlagen'.
 */
export async function uploadMedia<T = unknown>(config: WorkflowConfig, file: Blob, options: { filename?: string; metadata?: Record<string, unknown>; onProgress?: (percent: number) => void; signal?: AbortSignal } = {}): Promise<T> {
  const url = config.mediaUrl.trim();
  if (!url) throw missing('Media Upload URL ist nicht konfiguriert');
  const form = new FormData();
  form.append('media', file, options.filename ?? (file instanceof File ? file.name : 'media'));
  if (options.metadata) form.append('metadata', JSON.stringify(options.metadata));
  try {
    // The operator's own n8n answers what its workflow says; the caller names the type it expects.
    return (await uploadWithProgress(url, form, { headers: webhookHeaders(config, false), onProgress: options.onProgress, signal: options.signal })) as T;
  } catch (error) {
    // A 2xx answer that is not JSON still means the file arrived.
    if (error instanceof ApiError && error.code === 'PARSE_ERROR') return undefined as T;
    const mapped = error instanceof ApiError && error.status > 0
      ? new WebhookError(`Media Upload failed: ${error.status}`, 'http', error.status, error.statusText)
      : error instanceof DOMException ? error : new WebhookError('Media Upload fehlgeschlagen', 'network');
    return fail(mapped, 'media-upload', url);
  }
}
