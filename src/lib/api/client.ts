import { getConfig } from '@/lib/config';
import { buildUrl, transport, uploadWithProgress, type TransportOptions } from '@/lib/http/transport';
import { ApiError } from '@/lib/http/api-error';
import { operatorAuthHeaders, operatorTokenRejected } from '@/lib/operator-token';
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

/** A call under the base API path, behind the service's circuit breaker and retry policy (SPEC §7/§8). */
export function apiRequest<T>(path: string, options: ApiOptions = {}): Promise<T> {
  const { service = serviceOf(path), retries, breaker, context, operation, record, ...transportOptions } = options;
  const { query, ...rest } = transportOptions;
  const url = apiUrl(path, query);
  return watchAuth(execute(() => transport<T>(url, { ...rest, headers: { ...liveAuth(), ...rest.headers } }), {
    service,
    retries,
    breaker,
    record,
    operation,
    context: { method: transportOptions.method ?? 'GET', path, ...context },
  }));
}

/** A live desk sends the operator token; the mock answers in the page and needs none. */
export function liveAuth(): Record<string, string> {
  return getConfig().apiMode === 'live' ? operatorAuthHeaders() : {};
}

/** A 401 from a live backend brings the token dialog back. */
function watchAuth<T>(call: Promise<T>): Promise<T> {
  return call.catch((error: unknown) => {
    if (getConfig().apiMode === 'live' && error instanceof ApiError && error.status === 401) operatorTokenRejected();
    throw error;
  });
}

/** Multipart POST under the base API path with upload progress; same breaker and error log, no automatic retry. */
export function apiUpload<T>(path: string, formData: FormData, options: { onProgress?: (p: number) => void; signal?: AbortSignal; service?: string } = {}): Promise<T> {
  return watchAuth(execute(() => uploadWithProgress<T>(apiUrl(path), formData, { ...options, headers: liveAuth() }), {
    service: options.service ?? serviceOf(path),
    retries: false,
    context: { method: 'POST', path },
  }));
}
