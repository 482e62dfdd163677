import { ApiError } from '@/lib/http/api-error';
import { transport } from '@/lib/http/transport';
import { isAbort } from '@/lib/resilience/breakers';
import { execute } from '@/lib/resilience/execute';
import { recordFailure } from '@/lib/resilience/record';
import type { RetryableOperation } from '@/lib/resilience/retry-registry';

/** Why a call failed; a browser hides CORS refusals, so they arrive as 'network' like any unreachable host. */
export type WebhookFailureKind = 'missing-url' | 'http' | 'network' | 'timeout' | 'circuit-open';

/** The one error of every call to an operator-configured address; screens map `kind` to the SPEC §8 toast. */
export class WebhookError extends Error {
  readonly kind: WebhookFailureKind;
  readonly status: number;
  readonly statusText: string;
  constructor(message: string, kind: WebhookFailureKind, status = 0, statusText = '', options?: { cause?: unknown }) {
    super(message, options);
    this.name = 'WebhookError';
    this.kind = kind;
    this.status = status;
    this.statusText = statusText;
  }
}

/** SPEC §8 "Automation webhook failure": 'n8n Webhook failed: {status} {statusText}'. */
export const automationHttpMessage = (status: number, statusText: string) =>
  `n8n Webhook failed: ${status} ${statusText}`.trim();
/** The network text of the workflow screen (SPEC §8 'Verbindungsfehler'). */
export const WEBHOOK_UNREACHABLE = 'Webhook konnte nicht erreicht werden.';

export interface FailureWording {
  /** Message of a non-2xx answer; default: the automation webhook text. */
  http?: (status: number, statusText: string) => string;
  /** Message of a network failure; default 'Webhook konnte nicht erreicht werden.'. */
  network?: string;
}

/** Any failure of a call as a WebhookError (an abort passes through unchanged: it is no failure). */
export function toWebhookError(error: unknown, wording: FailureWording = {}): WebhookError | DOMException {
  if (error instanceof WebhookError) return error;
  if (isAbort(error)) return error as DOMException;
  if (error instanceof ApiError) {
    if (error.code === 'TIMEOUT') return new WebhookError('Connection timeout', 'timeout', 0, '', { cause: error });
    if (error.code === 'CIRCUIT_OPEN') return new WebhookError(error.message, 'circuit-open', 0, '', { cause: error });
    if (error.status > 0) {
      const text = (wording.http ?? automationHttpMessage)(error.status, error.statusText);
      return new WebhookError(text, 'http', error.status, error.statusText, { cause: error });
    }
  }
  // fetch says no more than "Failed to fetch" for CORS refusals, DNS errors and refused connections alike.
  return new WebhookError(wording.network ?? WEBHOOK_UNREACHABLE, 'network', 0, '', { cause: error });
}

export function missingUrl(message: string): WebhookError {
  return new WebhookError(message, 'missing-url');
}

export interface WebhookRequest {
  url: string;
  method?: 'GET' | 'POST';
  json?: unknown;
  headers?: Record<string, string>;
  /** 'no-cors' for Zapier (SPEC §7): the answer is opaque, only a network failure counts. */
  mode?: RequestMode;
  timeoutMs?: number;
  signal?: AbortSignal;
}

export interface WebhookCallOptions {
  /** The error log's service name (and the breaker's, when `breaker` is on). */
  service: string;
  /** Tests leave the breaker off: a test must always send. */
  breaker?: boolean;
  context?: Record<string, unknown>;
  /** What Retry in the error log re-runs; only declared kinds type-check. */
  operation?: RetryableOperation;
  /** false: a Retry from the error log, which updates its own entry instead of adding one. */
  record?: boolean;
  wording?: FailureWording;
}

export interface WebhookResponse {
  /** The answer read as JSON when it is JSON, else undefined (SPEC §7: then success is assumed). */
  body: unknown;
  responseTime: number;
}

function parseMaybeJson(text: unknown): unknown {
  if (typeof text !== 'string' || text === '') return undefined;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return undefined;
  }
}

/** Records a failure of an operator-configured address in the error log; aborts are not recorded. */
export async function recordWebhookFailure(
  error: unknown,
  options: Pick<WebhookCallOptions, 'service' | 'context' | 'operation' | 'record'>,
): Promise<void> {
  if (options.record === false || isAbort(error)) return;
  await recordFailure(options.service, error, 0, { context: options.context, operation: options.operation });
}

/** One attempt at an operator-configured address (the operator decides on a retry); throws WebhookError or the abort. */
export async function callWebhook(request: WebhookRequest, options: WebhookCallOptions): Promise<WebhookResponse> {
  const url = request.url.trim();
  const started = performance.now();
  const send = () =>
    transport(url, {
      method: request.method ?? 'POST',
      json: request.json,
      headers: request.headers,
      mode: request.mode,
      timeoutMs: request.timeoutMs,
      signal: request.signal,
      responseType: 'text',
    });
  try {
    const text = options.breaker
      ? await execute(send, { service: options.service, retries: false, record: false })
      : await send();
    return {
      body: parseMaybeJson(typeof text === 'string' ? text : undefined),
      responseTime: Math.round(performance.now() - started),
    };
  } catch (error) {
    const failure = toWebhookError(error, options.wording);
    await recordWebhookFailure(failure, options);
    throw failure;
  }
}
