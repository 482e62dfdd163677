import { getConfig } from '@/lib/config';
import { buildUrl, transport, uploadWithProgress, type HttpMethod, type TransportOptions } from '@/lib/http/transport';
import { execute, type ExecuteOptions } from '@/lib/resilience/execute';

export type ApiOptions = TransportOptions & Partial<Omit<ExecuteOptions, 'service'>> & { service?: string };

/** The service name of a path for the breaker and the error log: its first segment ('/news/latest' → 'news'). */
export function serviceOf(path: string): string {
  return path.replace(/^\/+/, '').split(/[/?]/)[0] || 'api';
}

/** The absolute address of a path under the deployment's base API URL. */
export function apiUrl(path: string, query?: TransportOptions['query']): string {
  return buildUrl(getConfig().apiBaseUrl, path, query);
}

/**
 * What the error log's Retry re-sends when the caller named no operation: the same GET, PUT or DELETE
 * (idempotent by HTTP's rules). A POST is re-run only under a declared kind, and nothing is kept of a
 * call with its own headers (a key, an Idempotency-Key that the outbox owns) or a multipart body.
 */
function resendable(method: HttpMethod, path: string, query: TransportOptions['query'], rest: TransportOptions): ExecuteOptions['operation'] {
  if (method === 'POST' || method === 'PATCH' || rest.formData || rest.headers) return undefined;
  return { kind: 'api.request', args: { method, path, query, json: rest.json } };
}

/** A call under the base API path, behind the service's circuit breaker and retry policy (SPEC §7/§8). */
export function apiRequest<T>(path: string, options: ApiOptions = {}): Promise<T> {
  const { service = serviceOf(path), retries, breaker, context, operation, record, ...transportOptions } = options;
  const { query, ...rest } = transportOptions;
  const url = apiUrl(path, query);
  const method = transportOptions.method ?? 'GET';
  return execute(() => transport<T>(url, rest), {
    service,
    retries,
    breaker,
    record,
    operation: operation ?? resendable(method, path, query, rest),
    context: { method, path, ...context },
  });
}

/** Multipart POST under the base API path with upload progress; same breaker and error log, no automatic retry. */
export function apiUpload<T>(path: string, formData: FormData, options: { onProgress?: (p: number) => void; signal?: AbortSignal; service?: string } = {}): Promise<T> {
  return execute(() => uploadWithProgress<T>(apiUrl(path), formData, options), {
    service: options.service ?? serviceOf(path),
    retries: false,
    context: { method: 'POST', path },
  });
}
