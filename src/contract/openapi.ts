// The OpenAPI 3.1 document of the /api contract, built from the operation table (`npm run openapi` writes it to
// docs/openapi.json; the server serves it). Pure: no clock, no I/O; response examples come from captured-examples.ts.
import * as z from 'zod/mini';
import { capturedExamples, type CapturedExample } from './captured-examples';
import { ErrorBody } from './entities';
import {
  accessOf,
  isRole,
  answersWithRecord,
  isSchema,
  operations,
  type MultipartBody,
  type OperationDef,
  type OperationId,
} from './operations';

type Json = Record<string, unknown>;

/**
 * The operations callable without a user's session or API token (each declares its own check in its `access`).
 * @public scripts/test/check-backend.ts reads it through Vite's runnerImport, which knip cannot follow.
 */
export const PUBLIC_OPERATIONS: readonly OperationId[] = (Object.keys(operations) as OperationId[]).filter(
  (id) => !isRole(accessOf(operations[id])),
);

/** The status of an `Idempotency-Key` reused with a different request body. */
export const IDEMPOTENCY_KEY_REUSED_STATUS = 422;

/** Operations that need a system outside the backend (n8n, OBS, AI/TTS/video providers, Telegram, social platforms). */
export const EXTERNAL_OPERATIONS: readonly OperationId[] = [
  'news.generate',
  'workflow.trigger',
  'workflow.upload',
  'workflow.n8nUpload',
  'workflow.n8nStatus',
  'workflow.aiNewsStart',
  'workflow.logs',
  'workflow.retry',
  'social.post',
  'social.tiktokPost',
  'social.instagramPost',
  'obs.control',
  'obs.scenes',
  'obs.scene',
  'obs.status',
  'obs.streamStart',
  'obs.streamStop',
  'live.onAir',
  'telegram.notify',
  'ai.prompt',
  'tts.generate',
  'video.providerAvatars',
  'video.retryProject',
  'video.generate',
  'video.providerGenerate',
  'video.status',
  'video.download',
  'video.tavusCreate',
  'video.heygenCreate',
  'video.didCreate',
  'video.modelslabGenerate',
  'video.vidauCreate',
  'test.openai',
  'test.service',
  'health.service',
  'social.oauthStart',
];

const IDEMPOTENCY_TEXT = [
  'One key per operator action (a UUID the console makes when the operator acts, kept with a queued post), sent again',
  'unchanged by every retry of that action. A backend stores the first complete answer (status and body) under the key',
  'for at least 24 hours and answers every repeat with it, acting only once: no second record, post, message or job.',
  'A request that arrives while the first with the same key is still running waits for it or gets 409.',
  `The same key with a different request body is refused with ${IDEMPOTENCY_KEY_REUSED_STATUS} and an ErrorBody (code`,
  "'idempotency_key_reused'). Keys are scoped to the operation (method and path). Without the header the call acts every time.",
].join(' ');

const PROVIDER_KEY_TEXT = [
  "The provider key travels in the provider's own header: openai Authorization: Bearer <key>; elevenlabs xi-api-key;",
  'azure Ocp-Apim-Subscription-Key; tavus, vidau, modelslab, heygen x-api-key; did Authorization: Basic <key>; pexels',
  'Authorization; unsplash Authorization: Client-ID <key>. Where Authorization carries the provider key, it cannot also carry',
  'the operator token (open question of the contract).',
].join(' ');

const ERROR_TEXT: Record<number, string> = {
  400: 'The request does not match the contract (body, path or query); `issues` names the fields.',
  401: 'No or a wrong operator token (Authorization: Bearer).',
  404: 'The addressed record or name does not exist.',
  409: 'The current state does not allow this action.',
  413: 'The upload is larger than the backend accepts.',
  415: 'The file type is not accepted (checked by content).',
  [IDEMPOTENCY_KEY_REUSED_STATUS]: 'The Idempotency-Key was already used with a different request body.',
};

const ERROR_EXAMPLE: Record<number, z.infer<typeof ErrorBody>> = {
  400: { message: 'Ungültige Anfrage', code: 'invalid_request', issues: [{ path: 'title', message: 'Pflichtfeld' }] },
  401: { message: 'Nicht angemeldet', code: 'unauthorized' },
  404: { message: 'Nicht gefunden', code: 'not_found' },
  409: { message: 'Aktion im aktuellen Zustand nicht möglich', code: 'conflict' },
  413: { message: 'Datei zu groß', code: 'payload_too_large' },
  415: { message: 'Dateityp nicht unterstützt', code: 'unsupported_media_type' },
  [IDEMPOTENCY_KEY_REUSED_STATUS]: {
    message: 'Idempotency-Key wurde mit einer anderen Anfrage verwendet',
    code: 'idempotency_key_reused',
  },
};

/** JSON Schema 2020-12 of a zod/mini schema, without `$schema`; responses drop `additionalProperties: false` (the console ignores extra fields). */
function jsonSchema(schema: z.ZodMiniType, io: 'input' | 'output'): Json {
  const { $schema: _drop, ...rest } = z.toJSONSchema(schema, { io, unrepresentable: 'any' }) as Json;
  return io === 'output' ? (allowExtra(rest) as Json) : rest;
}

function allowExtra(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(allowExtra);
  if (!value || typeof value !== 'object') return value;
  const out: Json = {};
  for (const [key, inner] of Object.entries(value))
    if (!(key === 'additionalProperties' && inner === false)) out[key] = allowExtra(inner);
  return out;
}

function parameters(def: OperationDef, captured: CapturedExample | undefined): Json[] {
  const list: Json[] = [];
  for (const [where, schema] of [
    ['path', def.params],
    ['query', def.query],
  ] as const) {
    if (!schema) continue;
    const object = jsonSchema(schema, 'input') as { properties?: Record<string, Json>; required?: string[] };
    for (const [name, property] of Object.entries(object.properties ?? {})) {
      const example =
        where === 'path'
          ? (captured?.request?.params ?? def.example?.params)?.[name]
          : (captured?.request?.query ?? def.example?.query)?.[name];
      list.push({
        name,
        in: where,
        required: where === 'path' || (object.required ?? []).includes(name),
        schema: property,
        ...(example !== undefined ? { example } : {}),
      });
    }
  }
  if (def.idempotency === 'key') list.push({ $ref: '#/components/parameters/IdempotencyKey' });
  return list;
}

function multipartSchema(body: MultipartBody): { schema: Json; encoding: Json } {
  const properties: Record<string, Json> = {};
  const encoding: Json = {};
  const required: string[] = [];
  for (const [name, field] of Object.entries(body.fields)) {
    if (field.required) required.push(name);
    if (field.type === 'file') {
      properties[name] = {
        type: 'string',
        format: 'binary',
        description: `A file${field.accept ? ` (${field.accept})` : ''}.`,
      };
      if (field.accept) encoding[name] = { contentType: field.accept.split(',').join(', ') };
    } else {
      properties[name] = {
        type: 'string',
        contentMediaType: 'application/json',
        contentSchema: jsonSchema(field.schema, 'input'),
        description: 'A JSON text.',
      };
      encoding[name] = { contentType: 'text/plain, application/json' };
    }
  }
  return { schema: { type: 'object', properties, required }, encoding };
}

function requestBody(def: OperationDef, captured: CapturedExample | undefined): Json | undefined {
  const { body } = def;
  if (!body) return undefined;
  if (isSchema(body)) {
    const example = def.example?.body ?? captured?.request?.body;
    return {
      required: isRequired(body),
      content: {
        'application/json': { schema: jsonSchema(body, 'input'), ...(example !== undefined ? { example } : {}) },
      },
    };
  }
  const { schema, encoding } = multipartSchema(body as MultipartBody);
  const example = captured?.request?.multipart;
  return { required: true, content: { 'multipart/form-data': { schema, encoding, ...(example ? { example } : {}) } } };
}

/** A body that `undefined` passes is optional. */
function isRequired(schema: z.ZodMiniType): boolean {
  return !z.safeParse(schema, undefined).success;
}

function successResponse(def: OperationDef, captured: CapturedExample | undefined): Json {
  const { response } = def;
  const example = captured?.response;
  if (isSchema(response)) {
    const headers =
      def.path === '/posts' && def.method === 'GET'
        ? {
            'X-Total-Count': {
              description: 'The number of posts matching q and status, before paging.',
              schema: { type: 'integer', minimum: 0 },
            },
          }
        : undefined;
    return {
      description: 'Success.',
      ...(headers ? { headers } : {}),
      content: {
        'application/json': {
          schema: jsonSchema(response, 'output'),
          ...(example && 'body' in example ? { example: example.body } : {}),
        },
      },
    };
  }
  if (response.kind === 'binary') {
    const seen = example?.contentType
      ? ` Example from the reference backend: ${example.contentType}, ${example.bytes ?? 0} bytes.`
      : '';
    const headers = response.headers
      ? Object.fromEntries(
          Object.entries(response.headers).map(([name, description]) => [
            name,
            { description, schema: { type: 'string' } },
          ]),
        )
      : undefined;
    return {
      description: `A file (${response.contentType}).${seen}`,
      ...(headers ? { headers } : {}),
      content: { [response.contentType]: { schema: { type: 'string', format: 'binary' } } },
    };
  }
  return { description: 'Done; no body.' };
}

function errorResponse(status: number): Json {
  return {
    description: ERROR_TEXT[status] ?? 'Error.',
    content: {
      'application/json': {
        schema: { $ref: '#/components/schemas/ErrorBody' },
        example: ERROR_EXAMPLE[status] ?? { message: 'Fehler' },
      },
    },
  };
}

function operation(id: OperationId, def: OperationDef): Json {
  const captured = capturedExamples[id];
  const access = accessOf(def);
  const isPublic = access === 'public';
  const external = EXTERNAL_OPERATIONS.includes(id);
  const responses: Json = { [String(def.status)]: successResponse(def, captured) };
  const errors = new Set<number>(def.errors ?? []);
  // A run token or a signed address that does not hold is refused with 401 like a missing operator token.
  if (!isPublic) errors.add(401);
  if (def.idempotency === 'key') errors.add(IDEMPOTENCY_KEY_REUSED_STATUS);
  for (const status of [...errors].sort((a, b) => a - b)) responses[String(status)] = errorResponse(status);
  responses['5XX'] = {
    description: external
      ? 'A backend failure; 503 when the external system this call needs (n8n, OBS, a provider, Telegram, a platform) is not configured or not reachable.'
      : 'A backend failure.',
    content: {
      'application/json': {
        schema: { $ref: '#/components/schemas/ErrorBody' },
        example: { message: 'Dienst nicht konfiguriert', code: 'not_configured' },
      },
    },
  };
  const notes = [
    def.summary,
    def.spec
      ? 'SPEC §7: listed in the product specification; method, path and body exactly as written there.'
      : 'Beyond SPEC §7: a call the console needs, named in the same style.',
    def.idempotency === 'key'
      ? 'Not idempotent by nature: send an Idempotency-Key (see the parameter).'
      : 'Idempotent: a repeat has no further effect.',
    answersWithRecord(def)
      ? 'Accepted for later (202): a repeat of the Idempotency-Key answers the same record as it stands now (its state may have moved on); it never acts twice.'
      : '',
    isPublic ? 'Open: no operator token needed.' : '',
    access === 'run-token'
      ? "Called with the run's own token (header X-Newsdesk-Run-Token, sent to n8n with the trigger), not the operator token."
      : '',
    access === 'signed' ? 'Reached by a signed address (its `sig` parameter), not the operator token.' : '',
    id.startsWith('test.') ? PROVIDER_KEY_TEXT : '',
  ].filter(Boolean);
  const body = requestBody(def, captured);
  const params = parameters(def, captured);
  return {
    operationId: id,
    tags: [def.tag],
    summary: def.summary.split(/(?<=\.)\s|:\s/)[0].replace(/\.$/, ''),
    description: notes.join('\n\n'),
    'x-spec': def.spec,
    'x-idempotency': def.idempotency,
    ...(params.length ? { parameters: params } : {}),
    ...(body ? { requestBody: body } : {}),
    responses,
    ...(isPublic || access === 'signed'
      ? { security: [] }
      : access === 'run-token'
        ? { security: [{ runToken: [] }] }
        : {}),
  };
}

/** The OpenAPI 3.1 document of every /api operation. */
export function buildOpenApi(): Json {
  const paths: Record<string, Record<string, Json>> = {};
  const tags = new Set<string>();
  for (const [id, def] of Object.entries(operations) as [OperationId, OperationDef][]) {
    tags.add(def.tag);
    (paths[def.path] ??= {})[def.method.toLowerCase()] = operation(id, def);
  }
  return {
    openapi: '3.1.0',
    info: {
      title: 'Newsdesk /api',
      version: '1.0.0',
      description: [
        'What a backend must implement for the Newsdesk console. Generated from src/contract (npm run openapi); check a running',
        'backend with `npm run check:backend -- <baseUrl> [--token <t>]`. Every error answer carries an ErrorBody. Fields not',
        'listed in a response are ignored by the console. Response examples were captured from the reference mock backend.',
      ].join(' '),
    },
    servers: [{ url: '/api', description: 'The base API path of the deployment (apiBaseUrl).' }],
    security: [{ bearerAuth: [] }],
    tags: [...tags].map((name) => ({ name })),
    paths,
    components: {
      securitySchemes: {
        bearerAuth: { type: 'http', scheme: 'bearer', description: 'The operator token of the deployment.' },
        runToken: {
          type: 'apiKey',
          in: 'header',
          name: 'X-Newsdesk-Run-Token',
          description: "A run's own token, sent to n8n with the trigger.",
        },
      },
      parameters: {
        IdempotencyKey: {
          name: 'Idempotency-Key',
          in: 'header',
          required: false,
          description: IDEMPOTENCY_TEXT,
          schema: { type: 'string', minLength: 1, maxLength: 200 },
          example: '6f1c2b9e-3d4a-4e5f-8a7b-1c2d3e4f5a6b',
        },
      },
      schemas: { ErrorBody: jsonSchema(ErrorBody, 'output') },
    },
  };
}
