// Shared by `npm run openapi` (captures example answers) and `npm run check:backend`: how to send one contract operation.
import { runnerImport } from 'vite';
import path from 'node:path';
import { makePng, makeWorkflowJson } from './sample-files';

const root = path.resolve(import.meta.dirname, '../..');

type ContractModule = typeof import('../../src/contract/index');
type OpenApiModule = typeof import('../../src/contract/openapi');
export type Contract = ContractModule & OpenApiModule;

/** The contract (src/contract, TypeScript) and its OpenAPI builder, loaded through Vite: fresh on every call. */
export async function loadContract(): Promise<Contract> {
  const options = { configFile: false, logLevel: 'error', root } as const;
  const [{ module: contract }, { module: openapi }] = await Promise.all([
    runnerImport<ContractModule>(path.join(root, 'src/contract/index.ts'), options),
    runnerImport<OpenApiModule>(path.join(root, 'src/contract/openapi.ts'), options),
  ]);
  return { ...contract, ...openapi };
}

/** The header each provider test reads its key from (SPEC §7 "a provider-specific header"). */
export const PROVIDER_KEY_HEADER: Record<string, [header: string, prefix: string]> = {
  openai: ['authorization', 'Bearer '],
  elevenlabs: ['xi-api-key', ''],
  azure: ['ocp-apim-subscription-key', ''],
  tavus: ['x-api-key', ''],
  vidau: ['x-api-key', ''],
  modelslab: ['x-api-key', ''],
  heygen: ['x-api-key', ''],
  did: ['authorization', 'Basic '],
  pexels: ['authorization', ''],
  unsplash: ['authorization', 'Client-ID '],
};

/** The multipart body of an upload operation: the FormData to send and a text form of it for the document. */
export function multipartExample(
  operationId: string,
  {
    title = 'Beispielbild',
    uploadedAt = '2026-11-23T09:00:00.000Z',
    file,
  }: { title?: string; uploadedAt?: string; file?: SampleFile } = {},
): { form: FormData; doc: Record<string, string> } | null {
  const form = new FormData();
  const doc: Record<string, string> = {};
  if (operationId === 'media.upload') {
    const media = file ?? { bytes: makePng(), name: 'beispiel.png', type: 'image/png' };
    form.append('media', new Blob([media.bytes], { type: media.type }), media.name);
    form.append('metadata', JSON.stringify({ title }));
    doc.media = `(file ${media.name}, ${media.type}, ${media.bytes.length} bytes)`;
    doc.metadata = JSON.stringify({ title });
    return { form, doc };
  }
  if (operationId === 'workflow.upload' || operationId === 'workflow.n8nUpload') {
    const bytes = makeWorkflowJson();
    const filename = 'ai-news.workflow.json';
    form.append('workflow', new Blob([bytes], { type: 'application/json' }), filename);
    doc.workflow = `(file ${filename}, application/json, ${bytes.length} bytes)`;
    if (operationId === 'workflow.n8nUpload') {
      doc.metadata = JSON.stringify({ uploadedAt, filename, size: bytes.length });
      form.append('metadata', doc.metadata);
    }
    return { form, doc };
  }
  return null;
}

/** A file to upload: its bytes, name and media type. */
export interface SampleFile {
  bytes: Buffer<ArrayBuffer>;
  name: string;
  type: string;
}

/** What `send` sends besides the operation's method and path. */
export interface ContractRequest {
  params?: Record<string, string>;
  query?: Record<string, string | number>;
  body?: unknown;
  rawBody?: string;
  form?: FormData;
  headers?: Record<string, string>;
  timeoutMs?: number;
}

/** A backend's answer: the parsed JSON only when the body is JSON (`isJson`). */
export interface Answer {
  status: number;
  contentType: string;
  json: unknown;
  isJson: boolean;
  bytes: Buffer<ArrayBuffer>;
  headers: Headers;
}

/**
 * Sends one operation. `request`: params, query, body (JSON) or form (FormData), headers. Returns the status, the
 * content type, the parsed JSON (if the answer is JSON), the raw bytes and the response headers.
 */
export async function send(
  baseUrl: string,
  def: { method: string; path: string },
  request: ContractRequest = {},
): Promise<Answer> {
  const filled = def.path.replace(/\{(\w+)\}/g, (_, name: string) => encodeURIComponent(request.params?.[name] ?? ''));
  const url = new URL(baseUrl.replace(/\/+$/, '') + filled);
  for (const [name, value] of Object.entries(request.query ?? {})) url.searchParams.set(name, String(value));
  const headers: Record<string, string> = { Accept: 'application/json, */*', ...(request.headers ?? {}) };
  let body: FormData | string | undefined;
  if (request.form) body = request.form;
  else if (request.rawBody !== undefined) {
    body = request.rawBody;
    headers['Content-Type'] = 'application/json';
  } else if (request.body !== undefined) {
    body = JSON.stringify(request.body);
    headers['Content-Type'] = 'application/json';
  }
  const response = await fetch(url, {
    method: def.method,
    headers,
    body,
    signal: AbortSignal.timeout(request.timeoutMs ?? 30_000),
  });
  const bytes = Buffer.from(await response.arrayBuffer());
  const contentType = response.headers.get('content-type') ?? '';
  let json: unknown;
  let isJson = false;
  if (/[/+]json\b/i.test(contentType) && bytes.length) {
    try {
      json = JSON.parse(bytes.toString('utf8'));
      isJson = true;
    } catch {
      // a body that claims JSON but is not: reported by the caller
    }
  }
  return { status: response.status, contentType, json, isJson, bytes, headers: response.headers };
}
