// The OpenAPI 3.1 document of the contract's operation table (zod's own toJSONSchema turns the mini schemas into JSON Schema).
import * as z from 'zod/mini';
import { isSchema, operations, schemas, type OperationDef } from '../src/contract';

type Json = Record<string, unknown>;

const jsonSchema = (schema: z.ZodMiniType, io: 'input' | 'output'): Json =>
  z.toJSONSchema(schema, { io, unrepresentable: 'any', target: 'draft-2020-12' }) as Json;

function parameters(def: OperationDef): Json[] {
  const list: Json[] = [];
  for (const [where, schema] of [['path', def.params], ['query', def.query]] as const) {
    if (!schema) continue;
    const object = jsonSchema(schema, 'input') as { properties?: Record<string, Json>; required?: string[] };
    for (const [name, property] of Object.entries(object.properties ?? {})) {
      list.push({ name, in: where, required: where === 'path' || (object.required ?? []).includes(name), schema: property });
    }
  }
  return list;
}

let cached: Json | undefined;

/** The document served at /api/openapi.json (built once). */
export function buildOpenApiDocument(): Json {
  if (cached) return cached;
  const paths: Record<string, Record<string, Json>> = {};
  const errorBody = { content: { 'application/json': { schema: jsonSchema(schemas.ErrorBody, 'output') } } };
  for (const [id, raw] of Object.entries(operations)) {
    const def = raw as OperationDef;
    const responses: Record<string, Json> = {};
    if (isSchema(def.response)) responses[def.status] = { description: 'OK', content: { 'application/json': { schema: jsonSchema(def.response, 'output') } } };
    else if ('contentType' in def.response) responses[def.status] = { description: 'OK', content: { [def.response.contentType]: { schema: { type: 'string', format: 'binary' } } } };
    else responses[def.status] = { description: 'Kein Inhalt' };
    for (const status of [...(def.errors ?? []), 401, 503]) responses[status] = { description: 'Fehler', ...errorBody };
    let requestBody: Json | undefined;
    if (def.body && isSchema(def.body)) requestBody = { required: true, content: { 'application/json': { schema: jsonSchema(def.body, 'input') } } };
    else if (def.body && 'kind' in def.body) {
      const properties = Object.fromEntries(Object.entries(def.body.fields).map(([name, field]) => [name, field.type === 'file' ? { type: 'string', format: 'binary' } : { type: 'string', contentMediaType: 'application/json' }]));
      const required = Object.entries(def.body.fields).filter(([, f]) => f.required).map(([name]) => name);
      requestBody = { required: true, content: { 'multipart/form-data': { schema: { type: 'object', properties, required } } } };
    }
    const params = parameters(def);
    if (def.idempotency === 'key') params.push({ name: 'Idempotency-Key', in: 'header', required: false, schema: { type: 'string', maxLength: 200 } });
    paths[def.path] ??= {};
    paths[def.path][def.method.toLowerCase()] = {
      operationId: id,
      summary: def.summary,
      tags: [def.tag],
      ...(params.length ? { parameters: params } : {}),
      ...(requestBody ? { requestBody } : {}),
      responses,
    };
  }
  cached = {
    openapi: '3.1.0',
    info: { title: 'Newsdesk API', version: '1.0.0' },
    servers: [{ url: '/api' }],
    components: { securitySchemes: { operatorToken: { type: 'http', scheme: 'bearer' } } },
    security: [{ operatorToken: [] }],
    paths,
  };
  return cached;
}
