import { ApiError, httpError } from './api-error';
import { logRequest } from './debug';

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

export interface TransportOptions {
  method?: HttpMethod;
  query?: Record<string, string | number | boolean | undefined>;
  /** Sent as a JSON body with a JSON content type. */
  json?: unknown;
  /** Sent as multipart; the browser sets the boundary. */
  formData?: FormData;
  headers?: Record<string, string>;
  signal?: AbortSignal;
  /** Aborts with 'Connection timeout' (code TIMEOUT) after this many ms. */
  timeoutMs?: number;
  responseType?: 'json' | 'blob' | 'text';
  mode?: RequestMode;
}

/** Joins a base address and a path without doubling or dropping the slash, and appends the query. */
export function buildUrl(base: string, path: string, query?: TransportOptions['query']): string {
  const joined = path ? `${base.replace(/\/+$/, '')}/${path.replace(/^\/+/, '')}` : base;
  if (!query) return joined;
  const url = new URL(joined);
  for (const [k, v] of Object.entries(query)) if (v !== undefined) url.searchParams.set(k, String(v));
  return url.toString();
}

/**
 * One HTTP exchange: non-2xx throws ApiError with the SPEC §8 message; 204 gives undefined; a JSON
 * content type is parsed; any other body is parsed as JSON when it is JSON and otherwise rejected with
 * 'Non-JSON response with status {status} at {url}: {body}'. Network failures become NETWORK_ERROR,
 * time-outs 'Connection timeout' (TIMEOUT).
 */
export async function transport<T>(url: string, options: TransportOptions = {}): Promise<T> {
  const { method = 'GET', json, formData, headers = {}, signal, timeoutMs, responseType = 'json', mode } = options;
  const finalUrl = options.query ? buildUrl(url, '', options.query) : url;
  const accept: Record<string, string> = responseType === 'json' ? { Accept: 'application/json' } : {};
  const init: RequestInit = { method, headers: { ...accept, ...headers }, mode };
  if (json !== undefined) {
    init.body = JSON.stringify(json);
    (init.headers as Record<string, string>)['Content-Type'] = 'application/json';
  } else if (formData) {
    init.body = formData;
  }

  if (signal?.aborted) throw signal.reason ?? new DOMException('Aborted', 'AbortError');
  const timeoutController = new AbortController();
  let timedOut = false;
  const timer = timeoutMs
    ? setTimeout(() => {
        timedOut = true;
        timeoutController.abort();
      }, timeoutMs)
    : undefined;
  const onAbort = () => timeoutController.abort();
  signal?.addEventListener('abort', onAbort, { once: true });
  init.signal = timeoutController.signal;

  let response: Response;
  const started = performance.now();
  try {
    response = await fetch(finalUrl, init);
    logRequest(method, finalUrl, response.status, performance.now() - started);
  } catch (cause) {
    logRequest(method, finalUrl, timedOut ? 'timeout' : 'network error', performance.now() - started);
    if (timedOut) throw new ApiError('Connection timeout', { code: 'TIMEOUT', url: finalUrl, cause });
    if (signal?.aborted) throw cause;
    const message = cause instanceof Error && cause.message ? cause.message : 'An error occurred';
    throw new ApiError(message, { code: 'NETWORK_ERROR', url: finalUrl, cause });
  } finally {
    if (timer) clearTimeout(timer);
    signal?.removeEventListener('abort', onAbort);
  }

  if (mode === 'no-cors' && response.type === 'opaque') return undefined as T;
  if (!response.ok) {
    const body = await response.text().catch(() => '');
    throw httpError(response.status, body, finalUrl, response.statusText);
  }
  if (response.status === 204) return undefined as T;
  if (responseType === 'blob') return (await response.blob()) as T;
  const text = await response.text();
  if (responseType === 'text') return text as T;
  if (text === '') return undefined as T;
  try {
    return JSON.parse(text) as T;
  } catch (cause) {
    throw new ApiError(`Non-JSON response with status ${response.status} at ${finalUrl}: ${text}`, {
      code: 'PARSE_ERROR', status: response.status, url: finalUrl, body: text, cause,
    });
  }
}

export interface UploadOptions {
  headers?: Record<string, string>;
  signal?: AbortSignal;
  /** Called with 0..100 while the body is sent. */
  onProgress?: (percent: number) => void;
}

/** Multipart POST with upload progress (fetch cannot report it, XMLHttpRequest can). Same errors as transport(). */
export function uploadWithProgress<T>(url: string, formData: FormData, options: UploadOptions = {}): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open('POST', url);
    for (const [k, v] of Object.entries(options.headers ?? {})) xhr.setRequestHeader(k, v);
    xhr.upload.onprogress = (event) => {
      if (event.lengthComputable && options.onProgress) options.onProgress(Math.round((event.loaded / event.total) * 100));
    };
    xhr.onload = () => {
      const text = xhr.responseText ?? '';
      if (xhr.status < 200 || xhr.status >= 300) return reject(httpError(xhr.status, text, url, xhr.statusText));
      options.onProgress?.(100);
      if (xhr.status === 204 || text === '') return resolve(undefined as T);
      try {
        resolve(JSON.parse(text) as T);
      } catch (cause) {
        reject(new ApiError(`Non-JSON response with status ${xhr.status} at ${url}: ${text}`, { code: 'PARSE_ERROR', status: xhr.status, url, body: text, cause }));
      }
    };
    xhr.onerror = () => reject(new ApiError('An error occurred', { code: 'NETWORK_ERROR', url }));
    xhr.onabort = () => reject(new DOMException('Aborted', 'AbortError'));
    options.signal?.addEventListener('abort', () => xhr.abort(), { once: true });
    xhr.send(formData);
  });
}
