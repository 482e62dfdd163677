import type { BodyOf, OperationDef, OperationId, ParamsOf, QueryOf, ResponseOf, Role } from '@/contract';
import { getConfig } from '@/lib/config';
import { ApiError } from '@/lib/http/api-error';
import {
  buildUrl,
  transport,
  uploadWithProgress,
  UPLOAD_STALL_TIMEOUT_MS,
  type HttpMethod,
  type TransportOptions,
} from '@/lib/http/transport';
import {
  credentialMark,
  isSignedIn,
  operatorAuthHeaders,
  operatorTokenRejected,
  whenOperatorToken,
} from '@/lib/operator-token';
import type { BreakerOptions } from '@/lib/resilience/breakers';
import { execute, type ExecuteOptions } from '@/lib/resilience/execute';
import { nextTask } from '@/lib/next-task';
import { preloadContract } from './contract-files';
import { warmJsonReader } from '@/lib/http/json-reader';
import { accessOfId, ROLE_ORDER } from '@/lib/access';
import { fillListPath, LIST_READS } from './list-reads';

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
/**
 * What the error log's Retry re-sends when the caller named no operation: the same GET, PUT or DELETE
 * (idempotent by HTTP's rules). A POST is re-run only under a declared kind, and nothing is kept of a
 * call with its own headers (a key, an Idempotency-Key that the outbox owns) or a multipart body.
 */
function resendable(
  method: HttpMethod,
  path: string,
  query: TransportOptions['query'],
  rest: TransportOptions,
): ExecuteOptions['operation'] {
  if (method === 'POST' || method === 'PATCH' || rest.formData || rest.headers) return undefined;
  return { kind: 'api.request', args: { method, path, query, json: rest.json } };
}

/**
 * A raw call under the base API path that names no operation of the contract (diagnostics and tests); its answer is
 * unchecked, hence `unknown`. Screens use callApi.
 */
export function apiRequest(path: string, options: ApiOptions = {}): Promise<unknown> {
  const { service = serviceOf(path), retries, breaker, context, operation, record, ...transportOptions } = options;
  const { query, ...rest } = transportOptions;
  const url = apiUrl(path, query);
  const method = transportOptions.method ?? 'GET';
  // A call that brings its own Authorization (a provider key check) is not the operator's.
  const own = Object.keys(rest.headers ?? {}).some((name) => name.toLowerCase() === 'authorization');
  return withToken(!own, rest.signal, () =>
    watchAuth((stale) =>
      execute(() => transport(url, { ...rest, headers: { ...liveAuth(rest.headers, method), ...rest.headers } }), {
        service,
        retries,
        breaker,
        record,
        handled: stale,
        operation: operation ?? resendable(method, path, query, rest),
        context: { method, path, ...context },
      }),
    ),
  );
}

/**
 * A live desk's call that needs the operator token (or a session) waits for it instead of going out without one: it could only earn
 * a 401, and each unauthenticated call before sign-in is one more entry in the server's log.
 */
async function withToken<T>(needed: boolean, signal: AbortSignal | undefined, call: () => Promise<T>): Promise<T> {
  if (needed && getConfig().apiMode === 'live' && !isSignedIn()) await whenOperatorToken(signal);
  return call();
}

/** A live desk sends the operator token, or a cookie session's csrf with a change; the mock needs neither. */
export function liveAuth(callHeaders: Record<string, string> | undefined, method: string): Record<string, string> {
  return getConfig().apiMode === 'live' ? operatorAuthHeaders(callHeaders, method) : {};
}

/**
 * A 401 from a live backend brings the token dialog back, unless the operator entered a new token while the call was
 * under way: then the server refused the old one (or none), and the call is made again with the new token instead of
 * throwing away the token just entered.
 */
function watchAuth<T>(call: (stale: (error: unknown) => boolean) => Promise<T>): Promise<T> {
  const sent = credentialMark();
  const unauthorized = (error: unknown) =>
    getConfig().apiMode === 'live' && error instanceof ApiError && error.status === 401;
  // Such a 401 is not the call's failure: the error log is not told of it.
  const stale = (error: unknown) => {
    const current = credentialMark();
    return unauthorized(error) && current !== undefined && current !== sent;
  };
  return call(stale).catch((error: unknown) => {
    if (!unauthorized(error)) throw error;
    if (stale(error)) return watchAuth(call);
    operatorTokenRejected();
    throw error;
  });
}

type Contract = typeof import('@/contract');
// The entity schemas in the order the contract evaluates them (src/contract/entities.ts), each file in a task of its own.
const ENTITY_FILES = [
  () => import('@/contract/entities/content'),
  () => import('@/contract/entities/production'),
  () => import('@/contract/entities/admin'),
];
let contract: Promise<Contract> | undefined;
/**
 * The contract (zod/mini and every schema, ~13 KB gzip) is loaded with the first call, not with the screen: a screen's
 * heading renders without it, and the schemas are there by the time its data is. It is evaluated in four tasks (zod with
 * the first entity file, the other two, the operation table): as one module graph it was a single 30–40 ms task at
 * 1× CPU while the screen's first data was on its way.
 */
export function loadContract(): Promise<Contract> {
  contract ??= (async () => {
    void preloadContract();
    for (const load of ENTITY_FILES) {
      await load();
      await nextTask();
    }
    return import('@/contract');
  })();
  contract.catch(() => {
    contract = undefined; // a failed chunk load may be retried by the next call
  });
  return contract;
}

/** Time-outs per call kind: reads 15 s, writes 30 s, generation (news, AI text, speech, video) 120 s; uploads by progress. */
export const TIMEOUTS = {
  read: 15_000,
  write: 30_000,
  generation: 120_000,
  uploadStall: UPLOAD_STALL_TIMEOUT_MS,
} as const;
const GENERATION: ReadonlySet<OperationId> = new Set<OperationId>([
  'news.generate',
  'ai.prompt',
  'tts.generate',
  'video.generate',
  'video.providerGenerate',
  'video.tavusCreate',
  'video.heygenCreate',
  'video.didCreate',
  'video.modelslabGenerate',
  'video.vidauCreate',
]);

/** The time-out of an operation that the caller did not set. */
export function timeoutOf(id: OperationId, def: Pick<OperationDef, 'method'>): number {
  if (GENERATION.has(id)) return TIMEOUTS.generation;
  return def.method === 'GET' ? TIMEOUTS.read : TIMEOUTS.write;
}

/** What every call may add: cancellation, the operator action's key, headers, resilience overrides. */
export interface CallOptions {
  signal?: AbortSignal;
  /** The key of this operator action; a 'key' operation without one gets a fresh key for this call (and all its retries). */
  idempotencyKey?: string;
  headers?: Record<string, string>;
  /** Upload progress 0..100 (multipart operations). */
  onProgress?: (percent: number) => void;
  /** The headers of a successful answer (not for multipart operations). */
  onHeaders?: (headers: Headers) => void;
  timeoutMs?: number;
  service?: string;
  retries?: false | number;
  breaker?: BreakerOptions;
  context?: Record<string, unknown>;
  operation?: ExecuteOptions['operation'];
  record?: boolean;
}

type NoneOr<T, Key extends string, Required extends boolean> = [T] extends [undefined]
  ? { [P in Key]?: undefined }
  : Required extends true
    ? { [P in Key]: T }
    : { [P in Key]?: T };
type Request<K extends OperationId> = NoneOr<ParamsOf<K>, 'params', true> &
  NoneOr<QueryOf<K>, 'query', false> &
  NoneOr<BodyOf<K>, 'body', undefined extends BodyOf<K> ? false : true>;
/** The arguments of one operation: its params, query and body as the contract types them, plus the call options. */
export type CallInput<K extends OperationId> = Request<K> & CallOptions;
export type CallArgs<K extends OperationId> =
  object extends Request<K> ? [input?: CallInput<K>] : [input: CallInput<K>];

interface LooseInput extends CallOptions {
  params?: Record<string, string>;
  query?: Record<string, unknown>;
  body?: unknown;
}

/** The answer did not match the operation's schema: not retried, not rendered, recorded. */
export function contractError(method: string, path: string, detail: string, url: string): ApiError {
  return new ApiError(`Unerwartete Antwort von ${method} ${path}: ${detail}`, { code: 'CONTRACT', status: 0, url });
}

/** A Blob of any realm (in tests, fetch's Blob is not the page's). */
function isBlob(value: unknown): value is Blob {
  return (
    typeof value === 'object' &&
    value !== null &&
    typeof (value as Partial<Blob>).arrayBuffer === 'function' &&
    typeof (value as Partial<Blob>).size === 'number'
  );
}

type Problem = Parameters<(typeof import('./contract-problems'))['describeProblems']>[0][number];

/** Items checked in one task: a long list's check is many short tasks on a slow phone, not one long one. */
const CHECK_PART = 500;

async function checkList(
  def: OperationDef,
  path: string,
  url: string,
  item: NonNullable<ReturnType<Contract['listItem']>>,
  raw: unknown[],
): Promise<unknown[]> {
  const out: unknown[] = new Array<unknown>(raw.length);
  const issues: Problem[][] = [];
  for (let i = 0; i < raw.length; i += 1) {
    if (i > 0 && i % CHECK_PART === 0) await nextTask();
    const result = item.safeParse(raw[i]);
    if (result.success) out[i] = result.data;
    else issues.push(result.error.issues.map((issue) => ({ ...issue, path: [i, ...issue.path] })));
  }
  if (issues.length === 0) return out;
  // As the whole array's check words it: each problem under its item's index.
  const { describeProblems } = await import('./contract-problems');
  throw contractError(def.method, path, describeProblems(issues.flat(), raw), url);
}

async function checkResponse(
  { isSchema, listItem }: Contract,
  def: OperationDef,
  path: string,
  url: string,
  raw: unknown,
): Promise<unknown> {
  const { response } = def;
  const item = listItem(response);
  if (item && Array.isArray(raw) && raw.length > CHECK_PART) return checkList(def, path, url, item, raw);
  if (isSchema(response)) {
    const result = response.safeParse(raw);
    if (result.success) return result.data;
    // The wording of a mismatch loads with the first one: no screen's first load carries it.
    const { describeProblems } = await import('./contract-problems');
    throw contractError(def.method, path, describeProblems(result.error.issues, raw), url);
  }
  if (response.kind === 'binary') {
    if (isBlob(raw)) return raw;
    throw contractError(def.method, path, 'erwartet Datei', url);
  }
  return undefined;
}

function queryOf(query: Record<string, unknown> | undefined): TransportOptions['query'] {
  if (!query) return undefined;
  const out: Record<string, string> = {};
  for (const [k, v] of Object.entries(query)) if (v !== undefined && v !== null) out[k] = String(v);
  return out;
}

/** What sending an operation takes; a list read's is known without the contract. */
interface Sending {
  method: OperationDef['method'];
  path: string;
  idempotency: OperationDef['idempotency'];
  /** An operation open to all (health, signed files) needs no token; every other waits for one. */
  needsToken: boolean;
  multipart: boolean;
  binary: boolean;
  list: boolean;
  fillPath: (path: string, params: Record<string, string> | undefined) => string;
}

/**
 * A list read goes out while the contract still loads (four tasks behind the app's start-up on a slow phone): a deep
 * link's first list is on the wire as soon as the operator is known. Every other call waits for the contract.
 */
async function sendingOf(id: OperationId): Promise<Sending> {
  const listPath = LIST_READS[id];
  if (listPath !== undefined) {
    void loadContract().catch(() => undefined);
    const needsToken = ROLE_ORDER.includes(accessOfId(id) as Role);
    const common = { idempotency: 'natural', multipart: false, binary: false, list: true } as const;
    return { ...common, method: 'GET', path: listPath, needsToken, fillPath: fillListPath };
  }
  const c = await loadContract();
  const def: OperationDef = c.operations[id];
  const multipart = def.body !== undefined && !c.isSchema(def.body);
  return {
    method: def.method,
    path: def.path,
    idempotency: def.idempotency,
    needsToken: c.isRole(c.accessOf(def)),
    multipart,
    binary: !c.isSchema(def.response) && def.response.kind === 'binary',
    list: c.listItem(def.response) !== undefined,
    fillPath: c.fillPath,
  };
}

/**
 * One operation of the /api contract (src/contract): the path is filled from `params`, the body sent as JSON (or as
 * multipart with upload progress), the answer parsed with the operation's schema — a mismatch is an ApiError
 * 'CONTRACT' ("Unerwartete Antwort von GET /posts: [0].views: erwartet Zahl"), recorded and never retried. Behind the
 * service's breaker and retry policy; a 'key' operation carries an Idempotency-Key (the caller's, or one made here
 * for this call and all its retries) and only natural or keyed calls are retried.
 */
export function callApi<K extends OperationId>(id: K, ...args: CallArgs<K>): Promise<ResponseOf<K>>;
export async function callApi(id: OperationId, input: LooseInput = {}): Promise<unknown> {
  const live = getConfig().apiMode === 'live';
  // The list reader, if the page's start has not begun it (the landing page, say).
  if (live) warmJsonReader();
  const sending = await sendingOf(id);
  const path = sending.fillPath(sending.path, input.params);
  const url = apiUrl(path, queryOf(input.query));
  const key =
    sending.idempotency === 'key' ? (input.idempotencyKey ?? globalThis.crypto.randomUUID()) : input.idempotencyKey;
  // Made for each sending: a call re-sent after the operator entered a new token carries the new one.
  const headers = (): Record<string, string> => ({
    ...liveAuth(input.headers, sending.method),
    ...input.headers,
    ...(key ? { 'Idempotency-Key': key } : {}),
  });
  const { multipart, binary } = sending;
  // A list can be megabytes on a full desk: decoded and parsed off the page's thread. The demo's answers are made in
  // the page, and small.
  const offThread = live && sending.method === 'GET' && sending.list;
  const send = (): Promise<unknown> => {
    if (multipart) {
      if (!(input.body instanceof FormData))
        return Promise.reject(new TypeError(`${sending.method} ${sending.path} erwartet FormData`));
      return uploadWithProgress(url, input.body, {
        headers: headers(),
        signal: input.signal,
        onProgress: input.onProgress,
        stallTimeoutMs: input.timeoutMs ?? TIMEOUTS.uploadStall,
      });
    }
    return transport(url, {
      method: sending.method,
      json: input.body,
      headers: headers(),
      signal: input.signal,
      timeoutMs: input.timeoutMs ?? timeoutOf(id, sending),
      responseType: binary ? 'blob' : 'json',
      onHeaders: input.onHeaders,
      offThread,
    });
  };
  // A repeat of a call that is not idempotent by nature is safe only when the server can recognise it by its key.
  const mayRetry = sending.idempotency === 'natural' || key !== undefined;
  // Without a named operation the error log's Retry makes the same call again when that is safe by nature.
  const resend: ExecuteOptions['operation'] =
    sending.idempotency === 'natural' && !multipart && !input.headers
      ? { kind: 'api.call', args: { id, params: input.params, query: input.query, body: input.body } }
      : undefined;
  // An operation open to all (health, signed files) needs no token; every other waits for one.
  // The answer is checked against the contract, which a list read did not wait for.
  const check = async (raw: unknown) => {
    const c = await loadContract();
    return checkResponse(c, c.operations[id], path, url, raw);
  };
  return withToken(sending.needsToken, input.signal, () =>
    watchAuth((stale) =>
      execute(async () => check(await send()), {
        service: input.service ?? serviceOf(sending.path),
        retries: multipart || !mayRetry ? false : input.retries,
        breaker: input.breaker,
        record: input.record,
        handled: stale,
        operation: input.operation ?? resend,
        context: { method: sending.method, path, ...input.context },
      }),
    ),
  );
}
