import { ApiError, httpError } from './api-error';
import { logRequest } from './debug';
import { noteGet, takeEarly } from './early-read';
import { parseJsonOffThread, ReaderUnavailable } from './json-reader';

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

export interface TransportOptions {
  method?: HttpMethod;
  query?: Record<string, string | number | boolean | undefined>;
  json?: unknown;
  /** Sent as multipart; the browser sets the boundary. */
  formData?: FormData;
  headers?: Record<string, string>;
  signal?: AbortSignal;
  /** Aborts with 'Connection timeout' (code TIMEOUT) after this many ms (default DEFAULT_TIMEOUT_MS; 0: none). */
  timeoutMs?: number;
  responseType?: 'json' | 'blob' | 'text';
  mode?: RequestMode;
  /** Told the headers of a successful answer (e.g. which engine spoke a TTS request). */
  onHeaders?: (headers: Headers) => void;
  /**
   * A JSON answer's body is decoded and parsed in a worker (the live desk's lists, megabytes on a full desk), where one
   * runs; the request, its errors and its headers are the page's as for any other call.
   */
  offThread?: boolean;
}

/** A backend that accepts the connection and never answers must not hold a caller forever. */
export const DEFAULT_TIMEOUT_MS = 30_000;
/** An upload is given up when no byte has moved (up or down) for this long; its total time is not limited. */
export const UPLOAD_STALL_TIMEOUT_MS = 30_000;

/** Joins a base address and a path without doubling or dropping the slash, and appends the query. */
export function buildUrl(base: string, path: string, query?: TransportOptions['query']): string {
  const joined = path ? `${base.replace(/\/+$/, '')}/${path.replace(/^\/+/, '')}` : base;
  if (!query) return joined;
  const url = new URL(joined);
  for (const [k, v] of Object.entries(query)) if (v !== undefined) url.searchParams.set(k, String(v));
  return url.toString();
}

/** One HTTP exchange; non-2xx, network failures, time-outs and non-JSON bodies throw ApiError (SPEC §8 messages). */
export async function transport(url: string, options: TransportOptions = {}): Promise<unknown> {
  const {
    method = 'GET',
    json,
    formData,
    headers = {},
    signal,
    timeoutMs = DEFAULT_TIMEOUT_MS,
    responseType = 'json',
    mode,
  } = options;
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
  // The caller's signal and the time-out as one: no timer of our own to clear, and the time-out covers the body too.
  const timeout = timeoutMs ? AbortSignal.timeout(timeoutMs) : undefined;
  const signals = [signal, timeout].filter((s): s is AbortSignal => s !== undefined);
  if (signals.length > 0) init.signal = signals.length === 1 ? signals[0] : AbortSignal.any(signals);
  const timedOut = () => timeout?.aborted === true && signal?.aborted !== true;

  const started = performance.now();
  const failed = (cause: unknown): unknown => {
    const late = timedOut();
    logRequest(method, finalUrl, late ? 'timeout' : 'network error', performance.now() - started);
    if (late) return new ApiError('Connection timeout', { code: 'TIMEOUT', url: finalUrl, cause });
    if (signal?.aborted) return cause;
    const message = cause instanceof Error && cause.message ? cause.message : 'An error occurred';
    return new ApiError(message, { code: 'NETWORK_ERROR', url: finalUrl, cause });
  };
  let response: Response;
  try {
    const taken = method === 'GET' && !mode ? takeEarly(finalUrl, init.headers as Record<string, string>) : undefined;
    if (method === 'GET') noteGet(finalUrl);
    response = await (taken ? whileSignalled(taken, init.signal) : fetch(finalUrl, init));
    logRequest(method, finalUrl, response.status, performance.now() - started);
  } catch (cause) {
    throw failed(cause);
  }
  const read = <R>(body: () => Promise<R>): Promise<R> =>
    body().catch((cause: unknown) => Promise.reject(failed(cause)));

  if (mode === 'no-cors' && response.type === 'opaque') return undefined;
  if (!response.ok) {
    const body = await read(() => response.text()).catch((error: unknown) => {
      if (error instanceof ApiError && error.code === 'TIMEOUT') throw error;
      return '';
    });
    throw httpError(response.status, body, finalUrl, response.statusText, response.headers.get('retry-after'));
  }
  options.onHeaders?.(response.headers);
  if (response.status === 204) return undefined;
  if (responseType === 'blob') return await read(() => response.blob());
  if (options.offThread && responseType === 'json') {
    // Taken as a Blob, not as bytes: Chromium copied a list of megabytes into the page in one long task (arrayBuffer).
    const body = await read(() => response.blob());
    if (body.size === 0) return undefined;
    const parsed = await parseJsonOffThread(body).catch((cause: unknown) => {
      if (!(cause instanceof ReaderUnavailable)) throw cause;
      return undefined;
    });
    if (parsed?.kind === 'json') return parsed.value;
    if (parsed) throw notJson(response.status, finalUrl, parsed.text);
    // No worker, or it broke: the page reads the same body itself.
    return parseHere(response.status, finalUrl, await read(() => body.text()));
  }
  const text = await read(() => response.text());
  if (responseType === 'text') return text;
  return parseHere(response.status, finalUrl, text);
}

/** An answer asked for before this call, given up as fetch gives up when the call is aborted or timed out. */
function whileSignalled(response: Promise<Response>, signal: AbortSignal | null | undefined): Promise<Response> {
  if (!signal) return response;
  if (signal.aborted) return Promise.reject(signal.reason);
  return new Promise<Response>((resolve, reject) => {
    const onAbort = () => reject(signal.reason);
    signal.addEventListener('abort', onAbort, { once: true });
    response.then(resolve, reject).finally(() => signal.removeEventListener('abort', onAbort));
  });
}

function parseHere(status: number, url: string, text: string): unknown {
  if (text === '') return undefined;
  try {
    return JSON.parse(text) as unknown;
  } catch (cause) {
    throw notJson(status, url, text, cause);
  }
}

function notJson(status: number, url: string, text: string, cause?: unknown): ApiError {
  return new ApiError(`Non-JSON response with status ${status} at ${url}: ${text}`, {
    code: 'PARSE_ERROR',
    status,
    url,
    body: text,
    cause,
  });
}

export interface UploadOptions {
  headers?: Record<string, string>;
  signal?: AbortSignal;
  /** Called with 0..100 while the body is sent. */
  onProgress?: (percent: number) => void;
  /** Gives up with 'Connection timeout' (TIMEOUT) when nothing moves for this long (default UPLOAD_STALL_TIMEOUT_MS; 0: never). */
  stallTimeoutMs?: number;
}

/** Multipart POST with progress (fetch cannot report it), timed by stalls so a slow line that keeps sending is not cut. */
export function uploadWithProgress(url: string, formData: FormData, options: UploadOptions = {}): Promise<unknown> {
  const stallMs = options.stallTimeoutMs ?? UPLOAD_STALL_TIMEOUT_MS;
  return new Promise<unknown>((resolve, reject) => {
    if (options.signal?.aborted) return reject(options.signal.reason ?? new DOMException('Aborted', 'AbortError'));
    const xhr = new XMLHttpRequest();
    let timer: ReturnType<typeof setTimeout> | undefined;
    const done = () => {
      if (timer) clearTimeout(timer);
      options.signal?.removeEventListener('abort', onAbortSignal);
    };
    // Settled here, not in onabort: not every XMLHttpRequest (msw's interceptor, for one) reports an abort while it waits.
    const giveUp = (error: unknown) => {
      done();
      reject(error);
      xhr.abort();
    };
    function onAbortSignal() {
      giveUp(new DOMException('Aborted', 'AbortError'));
    }
    const moved = () => {
      if (!stallMs) return;
      if (timer) clearTimeout(timer);
      timer = setTimeout(() => giveUp(new ApiError('Connection timeout', { code: 'TIMEOUT', url })), stallMs);
    };
    xhr.open('POST', url);
    for (const [k, v] of Object.entries(options.headers ?? {})) xhr.setRequestHeader(k, v);
    xhr.upload.onprogress = (event) => {
      moved();
      if (event.lengthComputable && options.onProgress)
        options.onProgress(Math.round((event.loaded / event.total) * 100));
    };
    xhr.upload.onload = moved;
    xhr.onprogress = moved;
    xhr.onreadystatechange = moved;
    xhr.onload = () => {
      done();
      const text = xhr.responseText ?? '';
      if (xhr.status < 200 || xhr.status >= 300) return reject(httpError(xhr.status, text, url, xhr.statusText));
      options.onProgress?.(100);
      if (xhr.status === 204 || text === '') return resolve(undefined);
      try {
        resolve(JSON.parse(text) as unknown);
      } catch (cause) {
        reject(
          new ApiError(`Non-JSON response with status ${xhr.status} at ${url}: ${text}`, {
            code: 'PARSE_ERROR',
            status: xhr.status,
            url,
            body: text,
            cause,
          }),
        );
      }
    };
    xhr.onerror = () => {
      done();
      reject(new ApiError('An error occurred', { code: 'NETWORK_ERROR', url }));
    };
    xhr.onabort = () => {
      done();
      reject(new DOMException('Aborted', 'AbortError'));
    };
    options.signal?.addEventListener('abort', onAbortSignal, { once: true });
    moved();
    xhr.send(formData);
  });
}
