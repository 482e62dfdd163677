import { http, HttpResponse, type HttpHandler } from 'msw';
import type * as z from 'zod/mini';
import {
  accessOf,
  answersWithRecord,
  colonPath,
  isSchema,
  operations,
  roleAllows,
  type ErrorBody,
  type MultipartBody,
  type OperationDef,
  type OperationId,
  type Operations,
  type ParamsOf,
  type ResponseOf,
} from '@/contract';
import { describeProblems } from '@/lib/api/contract-problems';
import { deniedReason } from '@/lib/access';
import { getDemoRole } from '@/lib/session';
import { idempotent } from './idempotency';

/** The request body a handler gets: parsed with the operation's schema (defaults applied), or the form of a multipart call. */
export type BodyIn<K extends OperationId> = Operations[K] extends { body: infer B }
  ? B extends MultipartBody
    ? FormData
    : B extends z.ZodMiniType
      ? z.output<B>
      : never
  : undefined;
type QueryIn<K extends OperationId> = Operations[K] extends { query: infer Q }
  ? Q extends z.ZodMiniType
    ? z.output<Q>
    : never
  : undefined;

export interface HandlerContext<K extends OperationId> {
  params: ParamsOf<K>;
  query: QueryIn<K>;
  body: BodyIn<K>;
  request: Request;
}

/**
 * What a handler answers: the operation's success value (sent as JSON with the operation's status; nothing for an
 * 'empty' operation), or a Response of its own — an error with an ErrorBody, a file, a dropped network.
 */
export type HandlerResult<K extends OperationId> = ResponseOf<K> | Response;

/** A German error answer with the contract's ErrorBody. */
export function errorResponse(status: number, message: string, init: { statusText?: string } = {}): Response {
  return HttpResponse.json<ErrorBody>({ message }, { status, statusText: init.statusText });
}

/** The msw pattern of an operation: any origin, under `/api`. */
export function patternOf(def: Pick<OperationDef, 'path'>): string {
  return `*/api${colonPath(def.path)}`;
}

async function readBody(
  def: OperationDef,
  request: Request,
): Promise<{ ok: true; value: unknown } | { ok: false; response: Response }> {
  const spec = def.body;
  if (spec === undefined) return { ok: true, value: undefined };
  if (!isSchema(spec)) {
    const form = await request.formData().catch(() => null);
    if (!form) return { ok: false, response: errorResponse(400, 'Ungültige Anfrage: multipart/form-data erwartet') };
    for (const [name, field] of Object.entries(spec.fields)) {
      const value = form.get(name);
      if (value === null) {
        if (field.required) return { ok: false, response: errorResponse(400, `Feld ${name} fehlt`) };
        continue;
      }
      if (field.type === 'file' && typeof value === 'string')
        return { ok: false, response: errorResponse(400, `Feld ${name} muss eine Datei sein`) };
      if (field.type === 'json') {
        let parsed: unknown;
        try {
          parsed = JSON.parse(String(value));
        } catch {
          return { ok: false, response: errorResponse(400, `${name} ist kein JSON`) };
        }
        const checked = field.schema.safeParse(parsed);
        if (!checked.success)
          return {
            ok: false,
            response: errorResponse(
              400,
              `Ungültige Anfrage: ${name}: ${describeProblems(checked.error.issues, parsed)}`,
            ),
          };
      }
    }
    return { ok: true, value: form };
  }
  const text = await request.text();
  let raw: unknown;
  try {
    raw = text === '' ? undefined : JSON.parse(text);
  } catch {
    return { ok: false, response: errorResponse(400, 'Ungültige Anfrage: Der Inhalt ist kein JSON') };
  }
  const checked = spec.safeParse(raw);
  if (!checked.success)
    return {
      ok: false,
      response: errorResponse(400, `Ungültige Anfrage: ${describeProblems(checked.error.issues, raw)}`),
    };
  return { ok: true, value: checked.data };
}

function toResponse(def: OperationDef, result: unknown): Response {
  if (result instanceof Response) return result;
  if (!isSchema(def.response) && def.response.kind === 'empty') return new HttpResponse(null, { status: 204 });
  return new HttpResponse(JSON.stringify(result), {
    status: def.status,
    headers: { 'Content-Type': 'application/json' },
  });
}

/**
 * The mock handler of one operation of the contract: params, query and body are parsed with the operation's schemas
 * before `resolve` runs (a bad body is 400 with a German ErrorBody, params that name nothing 404 with `notFound`), the
 * resolver's value is typed by the operation's response, and a 'key' operation honours the Idempotency-Key (one that
 * accepts work for later, `answersWithRecord`, finds its record by the key in its handler).
 */
export function handle<K extends OperationId>(
  id: K,
  resolve: (ctx: HandlerContext<K>) => HandlerResult<K> | Promise<HandlerResult<K>>,
  options: { notFound?: string | ((params: Record<string, string>) => string) } = {},
): HttpHandler {
  const def: OperationDef = operations[id];
  const method = def.method.toLowerCase() as 'get' | 'post' | 'put' | 'patch' | 'delete';
  return http[method](patternOf(def), async ({ request, params: rawParams }) => {
    // The demo enforces its picked role as the server enforces a user's: the contract's least role per operation.
    const role = getDemoRole();
    if (!roleAllows(role, accessOf(def)))
      return errorResponse(403, deniedReason(role, accessOf(def)) ?? 'Keine Berechtigung', { statusText: 'Forbidden' });
    const run = async (): Promise<Response> => {
      const params = Object.fromEntries(Object.entries(rawParams).map(([k, v]) => [k, String(v)]));
      let parsedParams: unknown;
      if (def.params) {
        const checked = def.params.safeParse(params);
        if (!checked.success) {
          const { notFound = 'Nicht gefunden' } = options;
          return errorResponse(404, typeof notFound === 'function' ? notFound(params) : notFound, {
            statusText: 'Not Found',
          });
        }
        parsedParams = checked.data;
      }
      let parsedQuery: unknown;
      if (def.query) {
        const raw = Object.fromEntries(new URL(request.url).searchParams);
        const checked = def.query.safeParse(raw);
        if (!checked.success)
          return errorResponse(400, `Ungültige Anfrage: ${describeProblems(checked.error.issues, raw)}`);
        parsedQuery = checked.data;
      }
      const body = await readBody(def, request.clone());
      if (!body.ok) return body.response;
      // The casts meet the schemas' own output types: each value was parsed with the schema that types it.
      const ctx = { params: parsedParams, query: parsedQuery, body: body.value, request } as HandlerContext<K>;
      return toResponse(def, await resolve(ctx));
    };
    // Accepted work (202) answers its own record for a repeated key (the handler finds it), not a stored first answer.
    return def.idempotency === 'key' && !answersWithRecord(def) ? idempotent(request, run) : run();
  });
}
