// Writes docs/openapi.json from src/contract: first captures one answer per operation from the reference mock backend
// (each operation's `example` request, fixed clock) into src/contract/captured-examples.ts, then builds the document.
//
//   npm run openapi           rewrite both files
//   npm run openapi:check     exit 1 when either committed file is stale
import { readFile, writeFile } from 'node:fs/promises';
import * as prettier from 'prettier';
import path from 'node:path';
import type { CapturedExample } from '../../src/contract/captured-examples';
import type { OperationDef } from '../../src/contract';
import { loadContract, multipartExample, PROVIDER_KEY_HEADER, send, type Contract } from './contract-requests';
import { startMockBackend } from './mock-backend';
import { describeIssues } from './schema-issues';

const root = path.resolve(import.meta.dirname, '../..');
const EXAMPLES_FILE = path.join(root, 'src/contract/captured-examples.ts');
const DOC_FILE = path.join(root, 'docs/openapi.json');
const FIXED_NOW = Date.UTC(2026, 10, 23, 9, 0, 0);
const check = process.argv.includes('--check');

/** A clock that stands still, so ids and dates in the captured answers are the same on every run. */
function fixClock(): void {
  const RealDate = Date;
  class FixedDate extends RealDate {
    constructor(...args: ConstructorParameters<DateConstructor>) {
      super(...((args.length ? args : [FIXED_NOW]) as [number]));
    }
    static override now() {
      return FIXED_NOW;
    }
  }
  globalThis.Date = FixedDate as DateConstructor;
  // The media mock gives an upload an object URL (random per run) when it can; its placeholder thumbnail is stable.
  Reflect.deleteProperty(URL, 'createObjectURL');
}

async function waitFor(condition: () => Promise<boolean>): Promise<void> {
  for (let i = 0; i < 100; i += 1) {
    if (await condition()) return;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  throw new Error('The mock backend did not reach the state an example needs.');
}

/** Long lists are cut to their first two items: an example, not the whole fixture. */
function shorten(body: unknown): unknown {
  return Array.isArray(body) ? body.slice(0, 2) : body;
}

/** The backend's own address (a free port each run) as the docs' one, so links in answers read the same every time. */
const settled = (body: unknown, base: string): unknown =>
  JSON.parse(JSON.stringify(body).split(new URL(base).origin).join('http://localhost:3000'));

/**
 * Random ids and secrets (a token's, an invitation link's) the same on every run: the committed document must not
 * change unless the contract or the mock does.
 */
function fixedRandomness(): () => void {
  const { crypto } = globalThis;
  const uuid = crypto.randomUUID.bind(crypto);
  const values = crypto.getRandomValues.bind(crypto);
  let n = 0;
  crypto.randomUUID = () => `00000000-0000-4000-8000-${String((n += 1)).padStart(12, '0')}`;
  crypto.getRandomValues = <T extends ArrayBufferView | null>(array: T): T => {
    if (array) new Uint8Array(array.buffer, array.byteOffset, array.byteLength).fill(7);
    return array;
  };
  return () => {
    crypto.randomUUID = uuid;
    crypto.getRandomValues = values;
  };
}

/** Object keys in sorted order at every level, so the committed JSON does not depend on insertion order. */
function sortKeys(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(sortKeys);
  if (!value || typeof value !== 'object') return value;
  const object = value as Record<string, unknown>;
  return Object.fromEntries(
    Object.keys(object)
      .sort()
      .map((key) => [key, sortKeys(object[key])]),
  );
}

/** A list answer's items as records (none when the answer is not a list). */
const items = (json: unknown): Array<Record<string, unknown>> =>
  Array.isArray(json) ? json.filter((item): item is Record<string, unknown> => !!item && typeof item === 'object') : [];
const field = (json: unknown, name: string): unknown =>
  json && typeof json === 'object' ? (json as Record<string, unknown>)[name] : undefined;

async function capture(
  contract: Contract,
): Promise<{ examples: Record<string, CapturedExample>; mismatches: string[] }> {
  const { operations, isSchema } = contract;
  const backend = await startMockBackend(0);
  fixClock();
  const restoreRandomness = fixedRandomness();
  const examples: Record<string, CapturedExample> = {};
  const mismatches: string[] = [];
  try {
    const base = backend.apiBaseUrl;
    for (const [id, def] of Object.entries(operations) as Array<[string, OperationDef]>) {
      let example = def.example ?? {};
      // State the example needs that an earlier example does not leave behind.
      if (id === 'workflow.n8nStatus')
        example = { params: { id: String(field(examples['workflow.n8nUpload']?.response.body, 'id')) } };
      // The examples name ids no sample has: these delete what the example before them made.
      if (id === 'users.delete')
        example = { params: { id: String(field(field(examples['users.create']?.response.body, 'user'), 'id')) } };
      if (id === 'tokens.delete')
        example = { params: { id: String(field(field(examples['tokens.create']?.response.body, 'token'), 'id')) } };
      if (id === 'social.tiktokPost') await send(base, operations['social.connect'], { params: { id: 'tiktok' } });
      if (id === 'social.instagramPost')
        await send(base, operations['social.connect'], { params: { id: 'instagram' } });
      if (id === 'obs.streamStop')
        await waitFor(async () => field((await send(base, operations['obs.status'])).json, 'streaming') === true);
      // The posts accepted just before (202) are published by the demo platforms a moment later: what follows shows them published.
      if (id === 'social.platforms')
        await waitFor(
          async () =>
            !items((await send(base, operations['social.publications'])).json).some((p) => p.status === 'pending'),
        );
      const multipart = multipartExample(id, { uploadedAt: new Date().toISOString() });
      const headers: Record<string, string> = def.idempotency === 'key' ? { 'Idempotency-Key': `beispiel-${id}` } : {};
      const service = id === 'test.openai' ? 'openai' : id === 'test.service' ? example.params?.service : undefined;
      const keyHeader = service ? PROVIDER_KEY_HEADER[service] : undefined;
      if (keyHeader) {
        const [header, prefix] = keyHeader;
        headers[header] = `${prefix}beispiel-schluessel`;
      }
      const answer = await send(backend.apiBaseUrl, def, {
        params: example.params,
        query: example.query,
        body: example.body,
        form: multipart?.form,
        headers,
      });
      const request: NonNullable<CapturedExample['request']> = {};
      if (example.params) request.params = example.params;
      if (example.query) request.query = example.query;
      if (example.body !== undefined) request.body = example.body;
      if (multipart) request.multipart = multipart.doc;
      const response: CapturedExample['response'] = { status: answer.status };
      if (answer.isJson) response.body = settled(shorten(answer.json), base);
      else if (answer.bytes.length) {
        response.contentType = answer.contentType;
        response.bytes = answer.bytes.length;
      }
      examples[id] = { ...(Object.keys(request).length ? { request } : {}), response };

      if (answer.status !== def.status)
        mismatches.push(
          `${id}: status ${answer.status}, the contract says ${def.status}${answer.isJson ? ` (${JSON.stringify(answer.json).slice(0, 200)})` : ''}`,
        );
      else if (isSchema(def.response)) {
        const parsed = await def.response['~standard'].validate(answer.json);
        if (parsed.issues)
          mismatches.push(`${id}: the answer does not match the schema: ${describeIssues(parsed.issues)}`);
      }
    }
  } finally {
    restoreRandomness();
    await backend.close();
  }
  return { examples, mismatches };
}

function examplesSource(examples: Record<string, CapturedExample>): string {
  return [
    '// Generated by `npm run openapi` from the reference mock backend (fixed clock); do not edit by hand.',
    "import type { OperationId } from './operations';",
    '',
    'export interface CapturedExample {',
    '  request?: { params?: Record<string, string>; query?: Record<string, string | number>; body?: unknown; multipart?: Record<string, string> };',
    '  response: { status: number; contentType?: string; body?: unknown; bytes?: number };',
    '}',
    '',
    `export const capturedExamples: Partial<Record<OperationId, CapturedExample>> = ${JSON.stringify(examples, null, 2)};`,
    '',
  ].join('\n');
}

const stale: string[] = [];
const contract = await loadContract();
const { examples, mismatches } = await capture(contract);
if (mismatches.length) {
  console.error(
    `The reference mock backend answers ${mismatches.length} example request(s) against the contract:\n  ${mismatches.join('\n  ')}`,
  );
  process.exit(1);
}
// Formatted as the house formatter would, so `prettier --check` and this check agree on one text.
const source = await prettier.format(examplesSource(examples), {
  ...(await prettier.resolveConfig(EXAMPLES_FILE)),
  filepath: EXAMPLES_FILE,
});
const committedExamples = await readFile(EXAMPLES_FILE, 'utf8').catch(() => '');
if (check) {
  if (committedExamples !== source) stale.push(path.relative(root, EXAMPLES_FILE));
} else if (committedExamples !== source) await writeFile(EXAMPLES_FILE, source);

// Loaded again after the examples file is written: the document embeds them.
const { buildOpenApi } = await loadContract();
const document = `${JSON.stringify(sortKeys(buildOpenApi()), null, 2)}\n`;
const committedDocument = await readFile(DOC_FILE, 'utf8').catch(() => '');
if (check) {
  if (committedDocument !== document) stale.push(path.relative(root, DOC_FILE));
  if (stale.length) {
    console.error(
      `The OpenAPI document is stale (${stale.join(' and ')} ${stale.length > 1 ? 'differ' : 'differs'} from src/contract and the mock backend's answers). Run \`npm run openapi\` and commit the result.`,
    );
    process.exit(1);
  }
  console.log('docs/openapi.json is up to date.');
} else {
  if (committedDocument !== document) await writeFile(DOC_FILE, document);
  console.log(`Wrote ${path.relative(root, DOC_FILE)} (${Object.keys(contract.operations).length} operations).`);
}
