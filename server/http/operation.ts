// Registers a contract operation on the app: its method and path from the table, the caller's role checked against its
// access (403 in German), params/query/body parsed with its zod/mini schemas (400 with German issues), the answer
// checked against the response schema, Idempotency-Key honoured, and every change appended to the audit trail.
import type { Context, Hono } from 'hono';
import * as z from 'zod/mini';
import {
  accessOf,
  answersWithRecord,
  colonPath,
  isRole,
  roleAllows,
  isSchema,
  operations,
  type MultipartBody,
  type OperationId,
  type Operations,
} from '../../src/contract';
import type { AppEnv } from '../context';
import { HttpError } from './errors';
import { checkIdempotencyKey, withIdempotency } from '../data/idempotency';
import { idleLimited } from './multipart';
import { recordAudit, summarize } from '../identity/audit';
import type { Actor } from '../identity/identity';

z.config(z.locales.de());

type Out<T> = T extends z.ZodMiniType ? z.output<T> : undefined;
type Def<K extends OperationId> = Operations[K];

export interface Input<K extends OperationId> {
  params: Def<K> extends { params: infer P } ? Out<P> : Record<string, never>;
  query: Def<K> extends { query: infer Q } ? Out<Q> : Record<string, never>;
  body: Def<K> extends { body: infer B } ? (B extends MultipartBody ? undefined : Out<B>) : undefined;
  c: Context<AppEnv>;
  /** The request's Idempotency-Key, for an operation that finds its own record by it (`answersWithRecord`). */
  idempotencyKey?: string;
  /** Who calls: a user or their token for a role's operation, n8n for a run token's; undefined for an open one. */
  actor?: Actor;
}

/** What a handler gives back: the JSON value (checked against the schema), a Response (files), or nothing (204). */
export type Reply<K extends OperationId> = Def<K>['response'] extends infer R
  ? R extends z.ZodMiniType
    ? z.input<R> | Response
    : Response | void
  : never;

export type Handler<K extends OperationId> = (input: Input<K>) => Promise<Reply<K>> | Reply<K>;

const MAX_JSON_BYTES = 1024 * 1024;
const JSON_IDLE_MS = 30_000;
/** Keyed operations that change only this database commit key, change and answer together; others record per job. */
const DATABASE_ONLY: ReadonlySet<OperationId> = new Set([
  'posts.create',
  'news.retry',
  'sources.create',
  'users.create',
]);

export function issuesOf(error: z.core.$ZodError): { path: string; message: string }[] {
  return error.issues.map((issue) => ({ path: issue.path.map(String).join('.') || '(root)', message: issue.message }));
}

function parseOrThrow<T extends z.ZodMiniType>(schema: T, value: unknown, where: string): z.output<T> {
  const result = z.safeParse(schema, value);
  if (!result.success) {
    const issues = issuesOf(result.error).map((i) => ({
      ...i,
      path: i.path === '(root)' ? where : `${where}.${i.path}`,
    }));
    throw new HttpError(
      400,
      `Die Anfrage ist ungültig: ${issues.map((i) => `${i.path} – ${i.message}`).join('; ')}`,
      'validation',
      issues,
    );
  }
  return result.data;
}

const tooLarge = () => new HttpError(413, 'Die Anfrage ist zu groß.', 'too_large');

/** The body as text, read no further than the cap: a chunked body has no length to check beforehand. */
async function readCapped(c: Context<AppEnv>, max: number): Promise<string> {
  const raw = c.req.raw.body;
  if (!raw) return '';
  // The server has no total request time-out (uploads may be slow): a JSON body that stalls is ended here.
  const body = idleLimited(
    raw,
    JSON_IDLE_MS,
    () => new HttpError(408, 'Die Anfrage kam nicht vollständig an (Zeitüberschreitung).', 'request_stalled'),
  );
  const reader = body.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.byteLength;
    if (size > max) {
      await reader.cancel().catch(() => undefined);
      throw tooLarge();
    }
    chunks.push(value);
  }
  return Buffer.concat(chunks).toString('utf8');
}

async function readJson(c: Context<AppEnv>): Promise<{ value: unknown; text: string }> {
  const length = Number(c.req.header('content-length') ?? 0);
  if (length > MAX_JSON_BYTES) throw tooLarge();
  const text = await readCapped(c, MAX_JSON_BYTES);
  if (text.trim() === '') return { value: undefined, text };
  try {
    return { value: JSON.parse(text) as unknown, text };
  } catch {
    throw new HttpError(400, 'Der Anfragetext ist kein gültiges JSON.', 'invalid_json');
  }
}

const N8N: Actor = { kind: 'system', userId: null, name: 'n8n', role: 'Viewer' };

/** The German refusal of a role that is not enough. */
export function forbidden(role: string, needed: string): HttpError {
  return new HttpError(
    403,
    `Keine Berechtigung: Ihre Rolle „${role}“ darf das nicht – dafür ist die Rolle „${needed}“ nötig.`,
    'forbidden',
  );
}

const targetOf = (params: object, reply: unknown): string | null => {
  const p = params as Record<string, unknown>;
  const named = p.id ?? p.service ?? p.platform ?? p.provider ?? p.instance;
  if (typeof named === 'string') return named;
  const answer = reply as { id?: unknown; user?: { id?: unknown } } | undefined;
  if (typeof answer?.id === 'string') return answer.id;
  return typeof answer?.user?.id === 'string' ? answer.user.id : null;
};

export function register<K extends OperationId>(app: Hono<AppEnv>, id: K, handler: Handler<K>): void {
  const def = operations[id] as Operations[K] & {
    params?: z.ZodMiniObject;
    query?: z.ZodMiniObject;
    body?: z.ZodMiniType | MultipartBody;
  };
  const method = def.method.toLowerCase() as 'get' | 'post' | 'put' | 'patch' | 'delete';
  const access = accessOf(def);
  // Sign-ins record themselves (the actor is known only inside); reads are not changes.
  const audited = def.method !== 'GET' && access !== 'public';
  app[method](`/api${colonPath(def.path)}`, async (c) => {
    const actor = access === 'run-token' ? N8N : c.get('actor');
    if (isRole(access) && actor && !roleAllows(actor.role, access)) {
      if (audited)
        await recordAudit(c.get('deps').database, {
          actor,
          action: id,
          targetId: targetOf(c.req.param(), undefined),
          address: c.get('address'),
          status: 403,
        });
      throw forbidden(actor.role, access);
    }
    if (!audited) return answer(c, actor);
    let status = 500;
    let reply: Response | undefined;
    let body: unknown;
    try {
      const result = await answer(c, actor, (parsed) => (body = parsed));
      reply = result;
      status = result.status;
      return result;
    } catch (error) {
      status = error instanceof HttpError ? error.status : 500;
      throw error;
    } finally {
      // A 401 of a run token that does not hold is nobody's action; everything else that reached here is.
      if (actor && status !== 401) {
        let answered: unknown;
        if (reply && reply.headers.get('content-type')?.includes('json'))
          answered = await reply
            .clone()
            .json()
            .catch(() => undefined);
        await recordAudit(c.get('deps').database, {
          actor,
          action: id,
          targetId: targetOf(c.req.param(), answered),
          summary: summarize(body),
          address: c.get('address'),
          status,
        });
      }
    }
  });

  async function answer(
    c: Context<AppEnv>,
    actor: Actor | undefined,
    onBody?: (body: unknown) => void,
  ): Promise<Response> {
    const params = def.params ? parseOrThrow(def.params, c.req.param(), 'params') : {};
    const query = def.query ? parseOrThrow(def.query, c.req.query(), 'query') : {};
    let body: unknown;
    let bodyText = '';
    if (def.body && isSchema(def.body)) {
      const read = await readJson(c);
      bodyText = read.text;
      body = parseOrThrow(def.body, read.value, 'body');
      onBody?.(body);
    }
    // Accepted work is found by its key in its own record (its state moves on), not replayed from a stored first answer.
    const recordKey = answersWithRecord(def) ? c.req.header('idempotency-key') : undefined;
    if (recordKey !== undefined) checkIdempotencyKey(recordKey);
    const act = async (): Promise<Response> => {
      const reply = (await handler({
        params,
        query,
        body,
        c,
        idempotencyKey: recordKey,
        actor,
      } as Input<K>)) as unknown;
      if (reply instanceof Response) return reply;
      const response = def.response;
      if (isSchema(response)) {
        const checked = z.safeParse(response, reply);
        if (!checked.success) {
          console.error(`[${id}] Antwort passt nicht zum Vertrag:`, JSON.stringify(issuesOf(checked.error)));
          throw new HttpError(500, 'Der Server hat eine ungültige Antwort erzeugt.', 'invalid_response');
        }
        return c.json(checked.data as object, def.status as 200 | 201 | 202);
      }
      return c.body(null, 204);
    };
    if (def.idempotency === 'key' && !answersWithRecord(def)) {
      const key = c.req.header('idempotency-key');
      if (key !== undefined)
        return withIdempotency(c, key, `${def.method} ${c.req.path}\n${bodyText}`, act, {
          transactional: DATABASE_ONLY.has(id),
        });
    }
    return act();
  }
}
