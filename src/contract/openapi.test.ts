import * as z from 'zod/mini';
import { capturedExamples } from './captured-examples';
import { ErrorBody } from './entities';
import { buildOpenApi } from './openapi';
import { isSchema, operations, type OperationDef, type OperationId } from './operations';

// The parts of an OpenAPI 3.1 document these tests read (a missing part reads as undefined and fails its expectation).
interface SchemaObject {
  type?: string;
  format?: string;
  enum?: string[];
  required?: string[];
  default?: unknown;
  contentMediaType?: string;
  contentSchema?: SchemaObject;
  properties?: Record<string, SchemaObject>;
  $ref?: string;
}
interface MediaTypeObject {
  schema?: SchemaObject;
  example?: unknown;
}
interface ParameterObject {
  name?: string;
  in?: string;
  required?: boolean;
  description?: string;
  schema?: SchemaObject;
  $ref?: string;
}
interface OperationObject {
  operationId: string;
  tags: string[];
  'x-spec': boolean;
  security?: unknown[];
  parameters?: ParameterObject[];
  requestBody?: { content: Record<string, MediaTypeObject | undefined> };
  responses: Record<string, { content?: Record<string, MediaTypeObject | undefined> } | undefined>;
}
type Method = 'get' | 'post' | 'put' | 'patch' | 'delete';
interface OpenApiDocument {
  openapi: string;
  paths: Record<string, Partial<Record<Method, OperationObject>> | undefined>;
  components: { securitySchemes: Record<string, unknown>; parameters: Record<string, ParameterObject> };
  security: unknown[];
}

const doc = buildOpenApi() as unknown as OpenApiDocument;
const METHODS: Method[] = ['get', 'post', 'put', 'patch', 'delete'];
const allOperations = (): Array<{ method: Method; path: string; op: OperationObject }> =>
  Object.entries(doc.paths).flatMap(([path, item]) =>
    METHODS.flatMap((method) => (item?.[method] ? [{ method, path, op: item[method] }] : [])),
  );
/** The operation at a path and method (throws when the document lacks it). */
function operationAt(path: string, method: string): OperationObject {
  const op = doc.paths[path]?.[method.toLowerCase() as Method];
  if (!op) throw new Error(`no ${method} ${path} in the document`);
  return op;
}

// SPEC §7 "Calls under the base API path", written out from SPEC.md (one line per call; {a|b} lists the values named there).
const SPEC_CALLS = `
GET /news/latest
POST /news/generate
POST /workflow/trigger/{id}
POST /media/upload
POST /social/post/{platform}
POST /obs/control
POST /ai/prompt
POST /video/{tavus|vidau|modelslab|heygen|did}/generate
POST /video/generate
GET /video/{provider}/status/{id}
GET /video/{provider}/download/{id}
GET /obs/scenes
POST /obs/scene
GET /obs/status
POST /obs/stream/start
POST /obs/stream/stop
GET /video/tavus/avatars
POST /video/tavus/create
GET /video/heygen/avatars
POST /video/heygen/create
POST /video/did/create
POST /video/modelslab/generate
POST /video/vidau/create
POST /tts/generate
POST /test/openai
GET /test/{elevenlabs|azure|tavus|vidau|modelslab|heygen|did|pexels|unsplash}
GET /health/{openai|elevenlabs|azure|tavus|vidau|modelslab|heygen|did}
POST /social/tiktok/post
POST /social/instagram/post
POST /workflow/upload
POST /workflow/n8n/upload
GET /workflow/n8n/status/{id}
POST /workflow/ai-news/start
GET /workflow/logs/{id}
POST /workflow/retry/{id}
POST /telegram/notify
`
  .trim()
  .split('\n');

/** The concrete calls of a SPEC line: `{a|b}` gives one call per value, `{name}` stays a free segment. */
function expand(line: string): Array<{ method: string; segments: string[] }> {
  const [method, path] = line.split(' ');
  let paths = [''];
  for (const segment of path.split('/').slice(1)) {
    const values = /^\{.*\|.*\}$/.test(segment) ? segment.slice(1, -1).split('|') : [segment];
    paths = paths.flatMap((p) => values.map((v) => `${p}/${v}`));
  }
  return paths.map((p) => ({ method: method.toLowerCase(), segments: p.split('/').slice(1) }));
}

/** The document's operations that answer a concrete call: literal segments equal, parameters admit the value. */
function matching(call: { method: string; segments: string[] }) {
  return allOperations().filter(({ method, path, op }) => {
    const template = path.split('/').slice(1);
    if (method !== call.method || template.length !== call.segments.length) return false;
    return template.every((segment, i) => {
      const value = call.segments[i];
      const param = /^\{(\w+)\}$/.exec(segment)?.[1];
      if (!param) return segment === value;
      if (/^\{\w+\}$/.test(value)) return true;
      const schema = op.parameters?.find((p) => p.name === param && p.in === 'path')?.schema;
      return !schema?.enum || schema.enum.includes(value);
    });
  });
}

function resolve(ref: string): unknown {
  return ref
    .replace(/^#\//, '')
    .split('/')
    .reduce<unknown>((node, key) => (node as Record<string, unknown> | undefined)?.[key], doc);
}

describe('the OpenAPI document', () => {
  test('is OpenAPI 3.1 with every table operation under its method and path', () => {
    expect(doc.openapi).toBe('3.1.0');
    const table = Object.entries(operations) as Array<[OperationId, OperationDef]>;
    expect(allOperations()).toHaveLength(table.length);
    for (const [id, def] of table) {
      const op = operationAt(def.path, def.method);
      expect(op.operationId).toBe(id);
      expect(op.tags).toEqual([def.tag]);
      expect(op['x-spec']).toBe(def.spec);
      expect(op.responses[String(def.status)], `${id} success ${def.status}`).toBeDefined();
    }
  });

  test("SPEC §7's calls are there exactly as written, and they are the x-spec operations", () => {
    const specOps = new Set<string>();
    for (const line of SPEC_CALLS) {
      for (const call of expand(line)) {
        const found = matching(call);
        expect(found.length, `${line} → ${call.method.toUpperCase()} /${call.segments.join('/')}`).toBeGreaterThan(0);
        // A call may match a literal path and a templated one (POST /video/modelslab/generate): one of them is the SPEC's.
        expect(
          found.some(({ op }) => op['x-spec'] === true),
          line,
        ).toBe(true);
        for (const { op } of found) if (op['x-spec']) specOps.add(op.operationId);
      }
    }
    const flagged = allOperations()
      .filter(({ op }) => op['x-spec'])
      .map(({ op }) => op.operationId);
    expect([...specOps].sort()).toEqual(flagged.sort());
    // An unlisted provider or service is not admitted where SPEC names the values.
    expect(matching({ method: 'get', segments: ['video', 'did', 'avatars'] })).toHaveLength(0);
    expect(matching({ method: 'get', segments: ['health', 'pexels'] })).toHaveLength(0);
  });

  test("SPEC §7's bodies: the fields named there", () => {
    const json = (path: string, method = 'post') =>
      operationAt(path, method).requestBody?.content['application/json']?.schema;
    const form = (path: string) => operationAt(path, 'post').requestBody?.content['multipart/form-data']?.schema;
    const fields = (schema: SchemaObject | undefined) => Object.keys(schema?.properties ?? {});
    expect(json('/news/generate')?.properties?.language?.default).toBe('en');
    expect(json('/news/generate')?.required).toEqual(['topic']);
    expect(fields(json('/obs/scene'))).toEqual(['sceneName']);
    expect(fields(json('/telegram/notify'))).toEqual(['message']);
    expect(fields(json('/ai/prompt'))).toEqual(['type', 'parameters']);
    expect(json('/obs/control')?.required).toEqual(['action']);
    // SPEC §7's {text, provider}: without a provider its defaults apply (the desk's TTS roles).
    expect(fields(json('/tts/generate'))).toEqual(['text', 'provider', 'backup']);
    expect(json('/tts/generate')?.required).toEqual(['text']);
    expect(json('/tts/generate')?.properties?.provider?.enum).toEqual(['elevenlabs', 'azure', 'espeak']);
    expect(fields(json('/video/generate'))).toEqual(
      expect.arrayContaining(['platform', 'avatar', 'script', 'background', 'voice']),
    );
    expect(form('/media/upload')?.properties?.media).toMatchObject({ type: 'string', format: 'binary' });
    expect(form('/media/upload')?.properties?.metadata).toMatchObject({
      type: 'string',
      contentMediaType: 'application/json',
    });
    expect(form('/workflow/upload')?.properties?.workflow).toMatchObject({ type: 'string', format: 'binary' });
    expect(fields(form('/workflow/n8n/upload')?.properties?.metadata?.contentSchema)).toEqual([
      'uploadedAt',
      'filename',
      'size',
    ]);
    const limit = operationAt('/workflow/logs/{id}', 'get').parameters?.find((p) => p.name === 'limit');
    expect(limit).toMatchObject({ in: 'query', required: false });
    expect(operationAt('/tts/generate', 'post').responses['200']?.content).toHaveProperty(['audio/*']);
    expect(
      operationAt('/video/{provider}/download/{id}', 'get').responses['200']?.content?.['video/*']?.schema,
    ).toEqual({ type: 'string', format: 'binary' });
  });

  test("bearer token on every operation except the sign-in and the stage calls n8n makes with the run's own token", () => {
    expect(doc.components.securitySchemes.bearerAuth).toMatchObject({ type: 'http', scheme: 'bearer' });
    expect(doc.components.securitySchemes.runToken).toMatchObject({
      type: 'apiKey',
      in: 'header',
      name: 'X-Newsdesk-Run-Token',
    });
    expect(doc.security).toEqual([{ bearerAuth: [] }]);
    const runToken: string[] = [];
    for (const { method, path, op } of allOperations()) {
      // A stage event or request carries the run's own token (X-Newsdesk-Run-Token), not the operator's bearer token.
      if (path === '/runs/{runId}/events' || path === '/runs/{runId}/stages/{stage}') {
        expect(op.security).toEqual([{ runToken: [] }]);
        expect(op.responses['401'], `${method} ${path} documents 401`).toBeDefined();
        runToken.push(path);
        continue;
      }
      // Signing in and setting a password from a link are open: they check the password or the link instead.
      if ((path === '/session' && method === 'post') || path === '/session/password') {
        expect(op.security, `${method} ${path}`).toEqual([]);
        continue;
      }
      expect(op.security, `${method} ${path}`).toBeUndefined();
      expect(op.responses['401'], `${method} ${path} documents 401`).toBeDefined();
      expect(op.responses['5XX'], `${method} ${path} documents 5XX`).toBeDefined();
    }
    // The provider health probe is the operator's (it uses the stored keys).
    expect(runToken.sort()).toEqual(['/runs/{runId}/events', '/runs/{runId}/stages/{stage}']);
  });

  test('Idempotency-Key on every POST that acts, and only there', () => {
    // Written out: POSTs that are safe to repeat as they are (set a scene or a story on air, mark connected, test a key, a stage event,
    // retry a failed platform result: only a failed one moves to pending, a repeat while it is under way is a 409) carry no key.
    const natural = [
      'POST /obs/scene',
      'POST /social/platforms/{id}/connect',
      'POST /social/platforms/{id}/disconnect',
      'POST /test/openai',
      'POST /social/oauth/{platform}/start',
      'POST /runs/{runId}/events',
      'POST /social/publications/{id}/retry',
      'POST /sources/{id}/fetch',
      'POST /sources/fetch',
      'POST /runs/{runId}/stages/{stage}',
      'POST /live/on-air',
      // A new link replaces the one before; a session, a password or a token made twice is harmless and never replayed:
      // a stored first answer would keep a secret (a session token, an API token) on the server.
      'POST /users/{id}/password-link',
      'POST /session',
      'POST /session/password',
      'POST /tokens',
    ];
    const keyRef = { $ref: '#/components/parameters/IdempotencyKey' };
    const withKey: string[] = [];
    for (const { method, path, op } of allOperations()) {
      const call = `${method.toUpperCase()} ${path}`;
      const hasKey = (op.parameters ?? []).some((p) => p.$ref === keyRef.$ref);
      expect(hasKey, call).toBe(method === 'post' && !natural.includes(call));
      if (hasKey) {
        withKey.push(call);
        expect(op.responses['422']?.content?.['application/json']?.schema).toEqual({
          $ref: '#/components/schemas/ErrorBody',
        });
      }
    }
    expect(withKey).toEqual(
      expect.arrayContaining([
        'POST /posts',
        'POST /users',
        'POST /media/upload',
        'POST /social/post/{platform}',
        'POST /telegram/notify',
        'POST /video/generate',
      ]),
    );
    const key = doc.components.parameters.IdempotencyKey;
    expect(key).toMatchObject({ name: 'Idempotency-Key', in: 'header' });
    expect(key.description).toMatch(/One key per operator action/);
    expect(key.description).toMatch(/first complete answer \(status and body\)/);
    expect(key.description).toMatch(/acting only once/);
    expect(key.description).toMatch(/different request body is refused with 422/);
  });

  test('errors: the ErrorBody for every documented status', () => {
    expect(resolve('#/components/schemas/ErrorBody')).toMatchObject({ type: 'object', required: ['message'] });
    for (const [id, def] of Object.entries(operations) as Array<[OperationId, OperationDef]>) {
      const { responses } = operationAt(def.path, def.method);
      for (const status of def.errors ?? []) {
        const content = responses[String(status)]?.content?.['application/json'];
        expect(content?.schema, `${id} ${status}`).toEqual({ $ref: '#/components/schemas/ErrorBody' });
        expect(z.safeParse(ErrorBody, content?.example).success, `${id} ${status} example`).toBe(true);
      }
    }
  });

  test('one example for each request and response, and each fits its schema', () => {
    for (const [id, def] of Object.entries(operations) as Array<[OperationId, OperationDef]>) {
      const op = operationAt(def.path, def.method);
      if (def.body && isSchema(def.body)) {
        const example = op.requestBody?.content['application/json']?.example;
        if (!z.safeParse(def.body, undefined).success) expect(example, `${id} request example`).toBeDefined();
        if (example !== undefined)
          expect(z.safeParse(def.body, example).success, `${id} request example fits`).toBe(true);
      } else if (def.body) {
        expect(op.requestBody?.content['multipart/form-data']?.example, `${id} multipart example`).toBeDefined();
      }
      const captured = capturedExamples[id];
      expect(captured?.response.status, `${id} captured status`).toBe(def.status);
      if (isSchema(def.response)) {
        const example = op.responses[String(def.status)]?.content?.['application/json']?.example;
        expect(example, `${id} response example`).toBeDefined();
        expect(z.safeParse(def.response, example).success, `${id} response example fits`).toBe(true);
      } else if (def.response.kind === 'binary') {
        expect(captured?.response.contentType?.split('/')[0], id).toBe(def.response.contentType.split('/')[0]);
      }
    }
  });

  test('every $ref resolves', () => {
    const refs: string[] = [];
    const walk = (node: unknown): void => {
      if (Array.isArray(node)) node.forEach(walk);
      else if (node && typeof node === 'object') {
        for (const [key, value] of Object.entries(node)) {
          if (key === '$ref') refs.push(value as string);
          else walk(value);
        }
      }
    };
    walk(doc);
    expect(refs.length).toBeGreaterThan(60);
    for (const ref of refs) expect(resolve(ref), ref).toBeDefined();
  });

  test('is the same on every build (no clock, no random ids)', () => {
    expect(JSON.stringify(buildOpenApi())).toBe(JSON.stringify(doc));
    const text = JSON.stringify(doc);
    expect(text.match(/blob:[^"]*/g)).toBeNull();
    // The captured answers were made at the fixed clock of scripts/openapi.mjs (and name ends counted from it: a demo
    // session's 12 hours, a link's 24); the fixtures' own dates are older.
    const recent = new Set(text.match(/2026-\d\d-\d\dT[\d:.]+Z/g));
    expect([...recent].sort()).toEqual([
      '2026-11-23T09:00:00.000Z',
      '2026-11-23T21:00:00.000Z',
      '2026-11-24T09:00:00.000Z',
    ]);
  });
});
