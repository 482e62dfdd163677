// Checks a running backend against the /api contract (src/contract, docs/openapi.json): every operation once or more,
// with valid requests made from the examples, its own records created and cleaned up where the contract can delete them.
//
//   npm run check:backend -- <baseUrl> [--token <t>]      e.g. http://127.0.0.1:3000/api
//
// Prints `PASS <opId> <METHOD> <path>` or `FAIL <opId> <METHOD> <path> <reason>` per operation and `N passed, N failed`;
// exits 1 on any failure. Calls that need an external system (n8n, OBS, providers, Telegram) pass on a 503 ErrorBody.
// It acts for real (posts, a Telegram notice, stream start/stop when no stream runs): point it at a staging backend.
import { isDeepStrictEqual } from 'node:util';
import { pathToFileURL } from 'node:url';
import type { OperationId, ResponseOf } from '../../src/contract';
import {
  loadContract,
  multipartExample,
  PROVIDER_KEY_HEADER,
  send,
  type Answer,
  type ContractRequest,
} from './contract-requests';
import { makeMp4, makePng } from './sample-files';
import { describeIssues } from './schema-issues';

class Failure extends Error {}
class NotConfigured extends Error {}
class Skipped extends Error {}

/** What an operation answers once checked: a file's bytes as read, else the contract's type. */
type Checked<K extends OperationId> = ResponseOf<K> extends Blob ? Buffer : ResponseOf<K>;
type CallRequest = ContractRequest & { noAuth?: boolean };
type Outcome = 'PASS' | 'FAIL' | 'SKIP';
export interface CheckCounts {
  passed: number;
  failed: number;
  skipped: number;
}

/** The `id` of a record answer, for comparing two answers whatever their type. */
const idOf = (value: unknown): unknown =>
  value && typeof value === 'object' ? (value as { id?: unknown }).id : undefined;

function parseArgs(argv: string[]): { baseUrl?: string; token?: string } {
  let baseUrl: string | undefined;
  let token: string | undefined;
  for (let i = 0; i < argv.length; i += 1) {
    if (argv[i] === '--token') token = argv[++i];
    else if (argv[i].startsWith('--token=')) token = argv[i].slice('--token='.length);
    else if (!baseUrl) baseUrl = argv[i];
  }
  return { baseUrl, token };
}

const snippet = (answer: Answer) =>
  answer.isJson
    ? ` ${JSON.stringify(answer.json).slice(0, 160)}`
    : answer.bytes.length
      ? ` (${answer.contentType || 'no content type'}, ${answer.bytes.length} bytes)`
      : '';

/**
 * Runs the check. `out` receives each line. Returns { passed, failed, skipped }. The token is sent, never printed:
 * every line is built from operation ids, paths, statuses and answer bodies only.
 */
export async function checkBackend(
  baseUrl: string,
  { token, out: print = console.log }: { token?: string; out?: (line: string) => void } = {},
): Promise<CheckCounts> {
  // Answer bodies are printed in reasons; a backend that echoes the token must not get it onto the screen.
  const out = (text: string) => print(token ? text.split(token).join('***') : text);
  const contract = await loadContract();
  const {
    operations,
    isSchema,
    schemas,
    answersWithRecord,
    EXTERNAL_OPERATIONS,
    IDEMPOTENCY_KEY_REUSED_STATUS,
    PUBLIC_OPERATIONS,
  } = contract;
  const runId = `${Date.now().toString(36)}${Math.floor(Math.random() * 1e4).toString(36)}`;
  const auth: Record<string, string> = token ? { Authorization: `Bearer ${token}` } : {};
  const results = new Map<string, Outcome>();
  const counts: CheckCounts = { passed: 0, failed: 0, skipped: 0 };
  let keySeq = 0;

  const line = (id: string, status: string, text = '') => {
    const def = (operations as Record<string, (typeof operations)[OperationId] | undefined>)[id];
    out(`${status} ${id} ${def ? `${def.method} ${def.path}` : ''}${text ? ` ${text}` : ''}`.replace(/\s+$/, ''));
  };
  const record = (id: string, outcome: Outcome, text: string) => {
    if (results.has(id)) return;
    results.set(id, outcome);
    if (outcome === 'PASS') counts.passed += 1;
    else if (outcome === 'FAIL') counts.failed += 1;
    else counts.skipped += 1;
    line(id, outcome, text);
  };

  const call = (id: OperationId, request: CallRequest = {}) => {
    const headers = { ...(PUBLIC_OPERATIONS.includes(id) && request.noAuth ? {} : auth), ...(request.headers ?? {}) };
    return send(baseUrl, operations[id], { ...request, headers });
  };

  const errorBody = (answer: Answer) => {
    if (!answer.isJson) return false;
    const parsed = schemas.ErrorBody['~standard'].validate(answer.json);
    return !(parsed instanceof Promise) && !parsed.issues;
  };

  /** A documented error: the status and an ErrorBody. */
  const expectError = (id: OperationId, answer: Answer, statuses: number | number[]) => {
    const list = [statuses].flat();
    if (!list.includes(answer.status))
      throw new Failure(`${id}: status ${answer.status}, expected ${list.join(' or ')}${snippet(answer)}`);
    if (!errorBody(answer))
      throw new Failure(
        `${id}: the ${answer.status} answer is not an ErrorBody {message, code?, issues?}:${snippet(answer)}`,
      );
  };

  /** The success answer of an operation: its status and its schema (or file, or nothing). Returns the parsed value. */
  const expectSuccess = <K extends OperationId>(id: K, answer: Answer): Checked<K> => {
    const def: (typeof operations)[OperationId] = operations[id];
    if (answer.status === 503 && EXTERNAL_OPERATIONS.includes(id)) {
      if (errorBody(answer)) throw new NotConfigured();
      throw new Failure(`${id}: 503 without an ErrorBody:${snippet(answer)}`);
    }
    if (answer.status !== def.status)
      throw new Failure(`${id}: status ${answer.status}, expected ${def.status}${snippet(answer)}`);
    if (isSchema(def.response)) {
      if (!answer.isJson) throw new Failure(`${id}: not a JSON answer (content type '${answer.contentType}')`);
      const parsed = def.response['~standard'].validate(answer.json);
      if (parsed instanceof Promise) throw new Failure(`${id}: the contract's schema validates asynchronously`);
      if (parsed.issues)
        throw new Failure(`${id}: the answer does not match the schema: ${describeIssues(parsed.issues)}`);
      const checked: unknown = parsed.value;
      // Checked against operations[id].response just now: the contract's type of that schema.
      return checked as Checked<K>;
    }
    if (def.response.kind === 'binary') {
      const major = def.response.contentType.split('/')[0];
      if (!answer.contentType.toLowerCase().startsWith(`${major}/`))
        throw new Failure(`${id}: content type '${answer.contentType}', expected ${def.response.contentType}`);
      if (!answer.bytes.length) throw new Failure(`${id}: an empty file`);
      return answer.bytes as Checked<K>;
    }
    if (answer.bytes.length) throw new Failure(`${id}: ${answer.status} with a body (expected none)`);
    return undefined as Checked<K>;
  };

  const same = (a: Answer, b: Answer) =>
    a.status === b.status &&
    (a.isJson || b.isJson ? a.isJson && b.isJson && isDeepStrictEqual(a.json, b.json) : a.bytes.equals(b.bytes));

  /**
   * Sends the operation twice. With a key ('key' operations) the repeat must answer the stored first answer — for
   * accepted work (202) the same record, whose state may have moved on; a 'natural' repeat must answer the same (PUT,
   * PATCH, setting a state). Returns the first parsed value.
   */
  const twice = async <K extends OperationId>(
    id: K,
    request: CallRequest = {},
  ): Promise<{ value: Checked<K>; key: string | undefined }> => {
    const headers: Record<string, string> = { ...(request.headers ?? {}) };
    if (operations[id].idempotency === 'key') headers['Idempotency-Key'] = `konformitaet-${runId}-${(keySeq += 1)}`;
    const first = await call(id, { ...request, headers });
    const value = expectSuccess(id, first);
    let second = await call(id, { ...request, headers });
    // A natural repeat: the server's own work may change the record between two sends (a new source read by the
    // schedule), so a third send must then answer as the second did — which still catches a repeat that acts (a count,
    // a toggle). A keyed repeat replays the stored answer and gets no such leeway.
    if (operations[id].idempotency === 'natural' && !same(first, second)) {
      const earlier = second;
      second = await call(id, { ...request, headers });
      if (same(earlier, second)) return { value, key: undefined };
    }
    if (answersWithRecord(operations[id])) {
      const again = expectSuccess(id, second);
      if (idOf(again) !== idOf(value))
        throw new Failure(
          `${id}: the same Idempotency-Key sent again answered another record: ${idOf(value)} then ${idOf(again)}`,
        );
    } else if (!same(first, second)) {
      const what = operations[id].idempotency === 'key' ? 'the same Idempotency-Key' : 'the same request';
      throw new Failure(
        `${id}: ${what} sent again answered differently: ${first.status}${snippet(first)} then ${second.status}${snippet(second)}`,
      );
    }
    return { value, key: headers['Idempotency-Key'] };
  };

  /** Runs one operation's check and records PASS / FAIL / PASS (nicht konfiguriert) / SKIP. */
  const step = async (id: OperationId, run: () => Promise<unknown>) => {
    try {
      const note = await run();
      record(id, 'PASS', typeof note === 'string' ? note : '');
    } catch (error) {
      if (error instanceof NotConfigured) record(id, 'PASS', '(nicht konfiguriert)');
      else if (error instanceof Skipped) record(id, 'SKIP', error.message);
      else
        record(
          id,
          'FAIL',
          error instanceof Failure
            ? error.message.replace(`${id}: `, '')
            : error instanceof Error
              ? `${error.name}: ${error.message}`
              : `Error: ${String(error)}`,
        );
    }
  };

  /** Reads a list operation (valid answer) for use by another step; throws Failure naming the list. */
  const list = async <K extends OperationId>(id: K, request?: CallRequest) =>
    expectSuccess(id, await call(id, request));
  const countWhere = <T>(items: readonly T[], predicate: (item: T) => boolean) => items.filter(predicate).length;
  const once = <T>(items: readonly T[], predicate: (item: T) => boolean, what: string) => {
    const n = countWhere(items, predicate);
    if (n !== 1)
      throw new Failure(`${what} appears ${n} times in the list (expected once: no second record for a repeated key)`);
  };
  const badBody = async (id: OperationId, request: CallRequest, statuses: number | number[] = 400) => {
    const headers: Record<string, string> =
      operations[id].idempotency === 'key' ? { 'Idempotency-Key': `konformitaet-${runId}-bad-${(keySeq += 1)}` } : {};
    expectError(id, await call(id, { ...request, headers: { ...headers, ...(request.headers ?? {}) } }), statuses);
  };
  const waitFor = async (condition: () => Promise<boolean> | boolean, what: string) => {
    for (let i = 0; i < 100; i += 1) {
      if (await condition()) return;
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    throw new Failure(`${what} did not happen within 10 s`);
  };
  const mark = `[Konformitätstest ${runId}]`;

  // --- Authentication (only with a token: a backend without one may be open).
  if (token) {
    const missing = await send(baseUrl, operations['posts.list'], {});
    const wrong = await send(baseUrl, operations['posts.list'], {
      headers: { Authorization: 'Bearer falsches-token' },
    });
    const ok = missing.status === 401 && wrong.status === 401 && errorBody(missing) && errorBody(wrong);
    counts[ok ? 'passed' : 'failed'] += 1;
    out(
      `${ok ? 'PASS' : 'FAIL'} auth GET /posts without or with a wrong token${ok ? ' → 401' : `: ${missing.status}, ${wrong.status} (expected 401 with an ErrorBody)`}`,
    );
  }

  // --- Dashboard
  await step(
    'dashboard.overview',
    async () => void expectSuccess('dashboard.overview', await call('dashboard.overview')),
  );

  // --- Posts: create → read in the list → patch → delete.
  const allPosts = async () => list('posts.list', { query: { limit: 10000, offset: 0 } });
  let post: Checked<'posts.create'> | undefined;
  await step('posts.list', async () => {
    const answer = await call('posts.list', { query: operations['posts.list'].example.query });
    const posts = expectSuccess('posts.list', answer);
    const total = answer.headers.get('x-total-count');
    if (total === null || !/^\d+$/.test(total))
      throw new Failure(`posts.list: no X-Total-Count header with the total (got ${JSON.stringify(total)})`);
    if (Number(total) < posts.length)
      throw new Failure(`posts.list: X-Total-Count ${total} is less than the ${posts.length} posts answered`);
    const one = expectSuccess('posts.list', await call('posts.list', { query: { limit: 1, offset: 0 } }));
    if (one.length > 1) throw new Failure(`posts.list: limit=1 answered ${one.length} posts`);
  });
  await step('posts.create', async () => {
    const body = { ...operations['posts.create'].example.body, title: `${mark} KI-Durchbruch in der Medizin` };
    const { value, key } = await twice('posts.create', { body });
    post = value;
    if (value.title !== body.title)
      throw new Failure(
        `posts.create: the answer has title ${JSON.stringify(value.title)}, sent ${JSON.stringify(body.title)}`,
      );
    once(await allPosts(), (p) => p.id === value.id, `The new post ${value.id}`);
    const reused = await call('posts.create', {
      body: { ...body, title: `${mark} anders` },
      headers: { 'Idempotency-Key': key ?? '' },
    });
    expectError('posts.create', reused, IDEMPOTENCY_KEY_REUSED_STATUS);
    if (countWhere(await allPosts(), (p) => p.title === `${mark} anders`))
      throw new Failure('posts.create: a reused key with another body created a post');
    await badBody('posts.create', { body: { ...body, title: '   ' } });
  });
  await step('posts.update', async () => {
    const mine = post;
    if (!mine) throw new Failure('posts.update: no post of this check to change (posts.create failed)');
    const { value } = await twice('posts.update', { params: { id: mine.id }, body: { status: 'review' } });
    if (value.id !== mine.id || value.status !== 'review')
      throw new Failure(`posts.update: answered id ${value.id}, status ${value.status}; expected ${mine.id}, review`);
    const listed = (await allPosts()).find((p) => p.id === mine.id);
    if (listed?.status !== 'review') throw new Failure('posts.update: the list does not show the new status');
    await badBody('posts.update', { params: { id: mine.id }, body: { status: 'unbekannt' } });
    expectError(
      'posts.update',
      await call('posts.update', { params: { id: `fehlt-${runId}` }, body: { status: 'review' } }),
      404,
    );
  });
  await step('posts.delete', async () => {
    const mine = post;
    if (!mine) throw new Failure('posts.delete: no post of this check to delete (posts.create failed)');
    expectSuccess('posts.delete', await call('posts.delete', { params: { id: mine.id } }));
    if (countWhere(await allPosts(), (p) => p.id === mine.id))
      throw new Failure('posts.delete: the post is still listed');
    expectError('posts.delete', await call('posts.delete', { params: { id: mine.id } }), 404);
  });

  // --- News
  let news: Checked<'news.list'> = [];
  await step('news.list', async () => void (news = expectSuccess('news.list', await call('news.list'))));
  await step('news.latest', async () => void expectSuccess('news.latest', await call('news.latest')));
  await step('news.generate', async () => {
    await badBody('news.generate', { body: { topic: '  ' } });
    // A story is written only from the sources' items: a topic no item carries is a 422, never an invented story.
    const unmatched = await call('news.generate', {
      body: { topic: `${mark} Quantenkatze ${runId}`, language: 'de' },
      headers: { 'Idempotency-Key': `konformitaet-${runId}-g0` },
    });
    if (unmatched.status !== 503) expectError('news.generate', unmatched, 422);
    const probe = await call('news.generate', {
      body: { topic: 'Künstliche Intelligenz', language: 'de' },
      headers: { 'Idempotency-Key': `konformitaet-${runId}-g1` },
    });
    if (probe.status === 422) {
      expectError('news.generate', probe, 422);
      return '(keine passende Meldung in den Quellen: 422 geprüft)';
    }
    const { value } = await twice('news.generate', { body: { topic: 'Künstliche Intelligenz', language: 'de' } });
    news = await list('news.list');
    once(news, (n) => n.id === value.id, `The generated item ${value.id}`);
  });
  await step('news.publish', async () => {
    const draft = news.find((n) => n.status === 'draft');
    if (!draft) {
      const other = news.find((n) => n.status !== 'draft');
      if (!other) throw new Skipped('(keine Meldung vorhanden)');
      expectError(
        'news.publish',
        await call('news.publish', {
          params: { id: other.id },
          headers: { 'Idempotency-Key': `konformitaet-${runId}-p` },
        }),
        409,
      );
      return '(kein Entwurf: 409 geprüft)';
    }
    const { value } = await twice('news.publish', { params: { id: draft.id } });
    if (value.status !== 'published') throw new Failure(`news.publish: status ${value.status} after publishing`);
    expectError(
      'news.publish',
      await call('news.publish', {
        params: { id: draft.id },
        headers: { 'Idempotency-Key': `konformitaet-${runId}-p2` },
      }),
      409,
    );
  });
  await step('news.retry', async () => {
    const failed = news.find((n) => n.status === 'failed');
    if (!failed) {
      const other = news.find((n) => n.status !== 'failed');
      if (!other) throw new Skipped('(keine Meldung vorhanden)');
      expectError(
        'news.retry',
        await call('news.retry', {
          params: { id: other.id },
          headers: { 'Idempotency-Key': `konformitaet-${runId}-r` },
        }),
        409,
      );
      return '(keine fehlgeschlagene Meldung: 409 geprüft)';
    }
    const { value } = await twice('news.retry', { params: { id: failed.id } });
    if (value.id !== failed.id) throw new Failure(`news.retry: answered ${value.id} for ${failed.id}`);
  });
  await step('news.get', async () => {
    const item = news[0];
    if (!item) throw new Skipped('(keine Meldung vorhanden)');
    const value = expectSuccess('news.get', await call('news.get', { params: { id: item.id } }));
    if (value.id !== item.id) throw new Failure(`news.get: answered ${value.id} for ${item.id}`);
    expectError('news.get', await call('news.get', { params: { id: `konformitaet-unbekannt-${runId}` } }), 404);
  });
  await step('news.reject', async () => {
    const review = news.find((n) => n.status === 'review');
    if (!review) {
      const other = news.find((n) => n.status !== 'review');
      if (!other) throw new Skipped('(keine Meldung vorhanden)');
      expectError(
        'news.reject',
        await call('news.reject', {
          params: { id: other.id },
          headers: { 'Idempotency-Key': `konformitaet-${runId}-j` },
        }),
        409,
      );
      return '(keine Meldung in Prüfung: 409 geprüft)';
    }
    const { value } = await twice('news.reject', { params: { id: review.id } });
    if (value.status !== 'rejected') throw new Failure(`news.reject: status ${value.status} after rejecting`);
    expectError(
      'news.reject',
      await call('news.reject', {
        params: { id: review.id },
        headers: { 'Idempotency-Key': `konformitaet-${runId}-j2` },
      }),
      409,
    );
  });

  // --- Media: a real PNG and MP4 up, listed once, deleted.
  const uploaded: string[] = [];
  const formOf = (id: string, options?: Parameters<typeof multipartExample>[1]) => {
    const multipart = multipartExample(id, options);
    if (!multipart) throw new Failure(`${id}: the contract names no multipart body`);
    return multipart.form;
  };
  await step('media.list', async () => void expectSuccess('media.list', await call('media.list')));
  await step('media.upload', async () => {
    const files = [
      { bytes: makePng(), name: 'konformitaet.png', type: 'image/png', expect: 'image' },
      { bytes: makeMp4(), name: 'konformitaet.mp4', type: 'video/mp4', expect: 'video' },
    ];
    for (const file of files) {
      const form = formOf('media.upload', { title: `${mark} ${file.name}`, file });
      const { value } = await twice('media.upload', { form });
      uploaded.push(value.id);
      if (value.type !== file.expect)
        throw new Failure(`media.upload: ${file.name} listed as ${value.type}, expected ${file.expect}`);
    }
    const media = await list('media.list');
    for (const id of uploaded) once(media, (m) => m.id === id, `The upload ${id}`);
    const text = { bytes: Buffer.from('kein Medium'), name: 'notiz.txt', type: 'text/plain' };
    await badBody('media.upload', { form: formOf('media.upload', { file: text }) }, 415);
    const noFile = new FormData();
    noFile.append('metadata', '{}');
    await badBody('media.upload', { form: noFile });
  });
  await step('media.delete', async () => {
    if (!uploaded.length) throw new Failure('media.delete: no upload of this check to delete (media.upload failed)');
    for (const id of uploaded) expectSuccess('media.delete', await call('media.delete', { params: { id } }));
    const media = await list('media.list');
    if (media.some((m) => uploaded.includes(m.id))) throw new Failure('media.delete: a deleted file is still listed');
    expectError('media.delete', await call('media.delete', { params: { id: uploaded[0] } }), 404);
  });

  // --- Workflow
  let imported: Checked<'workflow.n8nUpload'> | undefined;
  await step(
    'workflow.trigger',
    async () =>
      void (await twice('workflow.trigger', {
        params: operations['workflow.trigger'].example.params,
        body: { topic: mark },
      })),
  );
  await step('workflow.upload', async () => {
    await twice('workflow.upload', { form: formOf('workflow.upload') });
    await badBody('workflow.upload', { form: new FormData() });
  });
  await step('workflow.n8nUpload', async () => {
    ({ value: imported } = await twice('workflow.n8nUpload', {
      form: formOf('workflow.n8nUpload', { uploadedAt: new Date().toISOString() }),
    }));
    await badBody('workflow.n8nUpload', { form: new FormData() });
  });
  await step('workflow.n8nStatus', async () => {
    if (!imported)
      throw new Skipped('(kein importierter Workflow: workflow.n8nUpload nicht konfiguriert oder fehlgeschlagen)');
    const value = expectSuccess(
      'workflow.n8nStatus',
      await call('workflow.n8nStatus', { params: { id: imported.id } }),
    );
    if (value.id !== imported.id) throw new Failure(`workflow.n8nStatus: answered ${value.id} for ${imported.id}`);
  });
  await step('workflow.aiNewsStart', async () => void (await twice('workflow.aiNewsStart', { body: { topic: mark } })));
  let runs: Checked<'workflow.logs'> = [];
  await step('workflow.logs', async () => {
    runs = expectSuccess('workflow.logs', await call('workflow.logs', operations['workflow.logs'].example));
    if (runs.length > 10) throw new Failure(`workflow.logs: limit=10 answered ${runs.length} runs`);
  });
  await step('workflow.retry', async () => {
    const run = runs.find((r) => r.status === 'failed') ?? runs[0];
    if (!run) {
      expectError(
        'workflow.retry',
        await call('workflow.retry', {
          params: { id: `fehlt-${runId}` },
          headers: { 'Idempotency-Key': `konformitaet-${runId}-w` },
        }),
        404,
      );
      return '(kein Lauf: 404 geprüft)';
    }
    await twice('workflow.retry', { params: { id: run.id } });
  });
  await step('workflow.pipeline', async () => void expectSuccess('workflow.pipeline', await call('workflow.pipeline')));
  await step('workflow.runs', async () => {
    const list = expectSuccess('workflow.runs', await call('workflow.runs', operations['workflow.runs'].example));
    if (list.length > 10) throw new Failure(`workflow.runs: limit=10 answered ${list.length} runs`);
  });
  // Stage events carry the run's own token (posted by the workflow); a wrong token is refused, nothing recorded.
  await step('workflow.runEvent', async () => {
    expectError(
      'workflow.runEvent',
      await call('workflow.runEvent', {
        ...operations['workflow.runEvent'].example,
        noAuth: true,
        headers: { 'X-Newsdesk-Run-Token': `falsch-${runId}` },
      }),
      401,
    );
    return '(falsches Lauf-Token: 401 geprüft)';
  });

  await step('workflow.stage', async () => {
    expectError(
      'workflow.stage',
      await call('workflow.stage', {
        ...operations['workflow.stage'].example,
        noAuth: true,
        headers: { 'X-Newsdesk-Run-Token': `falsch-${runId}` },
      }),
      401,
    );
    return '(falsches Lauf-Token: 401 geprüft)';
  });

  // --- Sources: one of the check's own, read (its address does not answer a feed: the error is recorded on it), removed.
  let sources: Checked<'sources.list'> = [];
  let source: Checked<'sources.create'> | undefined;
  await step('sources.list', async () => void (sources = expectSuccess('sources.list', await call('sources.list'))));
  await step('sources.create', async () => {
    const body = {
      name: `${mark} Quelle`,
      url: `https://konformitaet-${runId}.invalid/feed.xml`,
      category: 'general',
      language: 'de',
    };
    const { value } = await twice('sources.create', { body });
    source = value;
    if (value.lastFetch !== null) throw new Failure('sources.create: a new source has a last fetch');
    sources = await list('sources.list');
    once(sources, (s) => s.url === body.url, `The source ${body.url}`);
    await badBody('sources.create', {
      body: { ...body, url: `https://konformitaet-${runId}-2.invalid/feed.xml`, name: '  ' },
    });
    await badBody('sources.create', { body: { ...body, url: 'ftp://example.org/feed' } });
    await badBody('sources.create', { body }, 409);
  });
  await step('sources.update', async () => {
    if (!source) throw new Skipped('(keine Quelle angelegt)');
    const { value } = await twice('sources.update', { params: { id: source.id }, body: { enabled: false } });
    if (value.enabled !== false) throw new Failure('sources.update: still enabled after enabled:false');
    expectError(
      'sources.update',
      await call('sources.update', { params: { id: `unbekannt-${runId}` }, body: { enabled: false } }),
      404,
    );
  });
  await step('sources.fetch', async () => {
    if (!source) throw new Skipped('(keine Quelle angelegt)');
    const value = expectSuccess('sources.fetch', await call('sources.fetch', { params: { id: source.id } }));
    if (!value.lastFetch?.error)
      throw new Failure('sources.fetch: an address that answers no feed left no error on the source');
    expectError('sources.fetch', await call('sources.fetch', { params: { id: `unbekannt-${runId}` } }), 404);
  });
  await step('sources.fetchAll', async () => void expectSuccess('sources.fetchAll', await call('sources.fetchAll')));
  await step(
    'sources.items',
    async () => void expectSuccess('sources.items', await call('sources.items', operations['sources.items'].example)),
  );
  await step('sources.delete', async () => {
    const mine = source;
    if (!mine) throw new Skipped('(keine Quelle angelegt)');
    expectSuccess('sources.delete', await call('sources.delete', { params: { id: mine.id } }));
    sources = await list('sources.list');
    if (sources.some((s) => s.id === mine.id)) throw new Failure('sources.delete: the source is still listed');
    expectError('sources.delete', await call('sources.delete', { params: { id: mine.id } }), 404);
  });
  await step('settings.get', async () => void expectSuccess('settings.get', await call('settings.get')));
  await step('settings.update', async () => {
    const before = expectSuccess('settings.get', await call('settings.get'));
    const { value } = await twice('settings.update', {
      body: { schedule: { everyMinutes: before.schedule.everyMinutes } },
    });
    if (!isDeepStrictEqual(value, before))
      throw new Failure('settings.update: an update to the same values changed the settings');
    await badBody('settings.update', { body: { schedule: { everyMinutes: 1 } } });
  });

  // --- Social: platforms connect/disconnect restored; posts on connected platforms.
  let platforms: Checked<'social.platforms'> = [];
  await step(
    'social.platforms',
    async () => void (platforms = expectSuccess('social.platforms', await call('social.platforms'))),
  );
  const setConnected = async (id: string, connected: boolean) =>
    expectSuccess(
      connected ? 'social.connect' : 'social.disconnect',
      await call(connected ? 'social.connect' : 'social.disconnect', { params: { id } }),
    );
  const wasConnected = (id: string) => platforms.find((p) => p.id === id)?.connected ?? false;
  await step('social.connect', async () => {
    const id = operations['social.connect'].example.params.id;
    const { value } = await twice('social.connect', { params: { id } });
    if (!value.connected) throw new Failure(`social.connect: ${id} answered connected false`);
    if (!wasConnected(id)) await setConnected(id, false);
  });
  await step('social.disconnect', async () => {
    const id = operations['social.disconnect'].example.params.id;
    const { value } = await twice('social.disconnect', { params: { id } });
    if (value.connected) throw new Failure(`social.disconnect: ${id} answered connected true`);
    if (wasConnected(id)) await setConnected(id, true);
  });
  const postOn = async (
    id: 'social.post' | 'social.tiktokPost' | 'social.instagramPost',
    platform: string,
    params?: Record<string, string>,
  ) => {
    if (!wasConnected(platform)) await setConnected(platform, true);
    try {
      const { value } = await twice(id, { params, body: { content: `${mark} Neue Folge ist online!` } });
      if (value.platform !== platform)
        throw new Failure(`${id}: answered platform ${value.platform}, expected ${platform}`);
      await badBody(id, { params, body: { content: '  ' } });
    } finally {
      if (!wasConnected(platform)) await setConnected(platform, false);
    }
  };
  await step('social.post', () => postOn('social.post', 'telegram', { platform: 'telegram' }));
  await step('social.tiktokPost', () => postOn('social.tiktokPost', 'tiktok'));
  await step('social.instagramPost', () => postOn('social.instagramPost', 'instagram'));
  let publications: Checked<'social.publications'> = [];
  await step(
    'social.publications',
    async () => void (publications = expectSuccess('social.publications', await call('social.publications'))),
  );
  await step('social.retry', async () => {
    // Only a failed platform result is sent again; one that went out is refused, an unknown one is not found.
    const failed = publications.find((p) => p.status === 'failed');
    if (failed) {
      const value = expectSuccess('social.retry', await call('social.retry', { params: { id: failed.id } }));
      if (value.id !== failed.id) throw new Failure(`social.retry: answered ${value.id}, expected ${failed.id}`);
    }
    const published = publications.find((p) => p.status === 'published');
    if (published) expectError('social.retry', await call('social.retry', { params: { id: published.id } }), 409);
    expectError('social.retry', await call('social.retry', { params: { id: `fehlt-${runId}` } }), 404);
  });
  let templates: Checked<'social.templates'> = [];
  await step(
    'social.templates',
    async () => void (templates = expectSuccess('social.templates', await call('social.templates'))),
  );
  await step('social.updateTemplate', async () => {
    const template = templates[0];
    if (!template) throw new Skipped('(keine Vorlage vorhanden)');
    const { value } = await twice('social.updateTemplate', { params: { id: template.id }, body: template });
    if (!isDeepStrictEqual(value, template))
      throw new Failure('social.updateTemplate: the answer differs from the unchanged template sent');
    expectError(
      'social.updateTemplate',
      await call('social.updateTemplate', {
        params: { id: `fehlt-${runId}` },
        body: { ...template, id: `fehlt-${runId}` },
      }),
      404,
    );
  });
  let scheduled: Checked<'social.scheduled'> = [];
  await step(
    'social.scheduled',
    async () => void (scheduled = expectSuccess('social.scheduled', await call('social.scheduled'))),
  );
  await step('social.updateScheduled', async () => {
    const item = scheduled[0];
    if (!item) {
      const body = operations['social.updateScheduled'].example.body;
      expectError(
        'social.updateScheduled',
        await call('social.updateScheduled', {
          params: { id: `fehlt-${runId}` },
          body: { ...body, id: `fehlt-${runId}` },
        }),
        404,
      );
      return '(kein geplanter Post: 404 geprüft)';
    }
    const { value } = await twice('social.updateScheduled', { params: { id: item.id }, body: item });
    if (value.id !== item.id) throw new Failure(`social.updateScheduled: answered ${value.id} for ${item.id}`);
  });
  await step('social.analytics', async () => void expectSuccess('social.analytics', await call('social.analytics')));
  // OAuth needs the platform's client settings (503 until set); token health never carries a token.
  await step('social.oauthStart', async () => {
    const value = expectSuccess(
      'social.oauthStart',
      await call('social.oauthStart', { params: operations['social.oauthStart'].example.params }),
    );
    if (!value.url || !value.state) throw new Failure('social.oauthStart: url or state missing');
  });
  await step('social.tokens', async () => void expectSuccess('social.tokens', await call('social.tokens')));

  // --- OBS and live: switch to the scene already on air; start/stop only when no stream runs.
  let status: Checked<'obs.status'> | undefined;
  let scenes: Checked<'obs.scenes'> = [];
  await step('obs.status', async () => void (status = expectSuccess('obs.status', await call('obs.status'))));
  await step('obs.scenes', async () => void (scenes = expectSuccess('obs.scenes', await call('obs.scenes'))));
  const sceneName = () => status?.scene || scenes[0]?.name;
  await step('obs.scene', async () => {
    if (!sceneName()) throw new Skipped('(OBS nennt keine Szene)');
    const { value } = await twice('obs.scene', { body: { sceneName: sceneName() } });
    if (!value.success) throw new Failure(`obs.scene: success false for the current scene ${sceneName()}`);
    expectError('obs.scene', await call('obs.scene', { body: { sceneName: `fehlt-${runId}` } }), 404);
  });
  await step('obs.control', async () => {
    if (!sceneName()) throw new Skipped('(OBS nennt keine Szene)');
    await twice('obs.control', { body: { action: 'setScene', sceneName: sceneName() } });
    await badBody('obs.control', { body: { sceneName: sceneName() } });
  });
  const streaming = async () => expectSuccess('obs.status', await call('obs.status')).streaming;
  if (status?.streaming) {
    await step('obs.streamStart', async () => {
      expectError(
        'obs.streamStart',
        await call('obs.streamStart', { headers: { 'Idempotency-Key': `konformitaet-${runId}-s` } }),
        409,
      );
      return '(Stream läuft: 409 geprüft)';
    });
    record('obs.streamStop', 'SKIP', '(ein Stream läuft; die Prüfung unterbricht keine Sendung)');
  } else {
    let started = false;
    await step('obs.streamStart', async () => {
      await twice('obs.streamStart');
      started = true;
      await waitFor(streaming, 'The stream start');
    });
    await step('obs.streamStop', async () => {
      if (!started) throw new Skipped('(kein Stream gestartet)');
      await twice('obs.streamStop');
      await waitFor(async () => !(await streaming()), 'The stream stop');
      expectError(
        'obs.streamStop',
        await call('obs.streamStop', { headers: { 'Idempotency-Key': `konformitaet-${runId}-t` } }),
        409,
      );
    });
  }
  await step('live.schedule', async () => void expectSuccess('live.schedule', await call('live.schedule')));
  // „Auf Sendung“: a published story's headline (and video) into OBS; an unknown story is a 404, an empty id a 400.
  await step('live.onAir', async () => {
    const story = (await list('news.list')).find((n) => n.status === 'published');
    if (!story) throw new Skipped('(keine veröffentlichte Meldung)');
    const { value } = await twice('live.onAir', { body: { newsId: story.id } });
    if (value.headline !== story.title)
      throw new Failure(
        `live.onAir: headline ${JSON.stringify(value.headline)}, the story is ${JSON.stringify(story.title)}`,
      );
    expectError('live.onAir', await call('live.onAir', { body: { newsId: `fehlt-${runId}` } }), 404);
    await badBody('live.onAir', { body: { newsId: '' } });
  });
  // OBS through the server: the instances by name and state; no answer may carry a password field.
  await step('obs.instances', async () => {
    const answer = await call('obs.instances');
    expectSuccess('obs.instances', answer);
    // The raw answer, not the parsed one (parsing drops unknown fields).
    if (/"password"/i.test(JSON.stringify(answer.json)))
      throw new Failure('obs.instances: an instance carries a password');
  });
  await step('telegram.notify', async () => {
    await twice('telegram.notify', { body: { message: `${mark} Wir sind live!` } });
    await badBody('telegram.notify', { body: { message: ' ' } });
  });

  // --- AI and speech
  await step('ai.prompt', async () => {
    await twice('ai.prompt', { body: operations['ai.prompt'].example.body });
    await badBody('ai.prompt', { body: { type: '', parameters: {} } });
  });
  await step('tts.generate', async () => {
    await twice('tts.generate', { body: operations['tts.generate'].example.body });
    await badBody('tts.generate', { body: { text: '', provider: 'elevenlabs' } });
  });

  // --- Video
  await step('video.platforms', async () => void expectSuccess('video.platforms', await call('video.platforms')));
  await step('video.avatars', async () => void expectSuccess('video.avatars', await call('video.avatars')));
  await step('video.providerAvatars', async () => {
    for (const provider of ['tavus', 'heygen'])
      expectSuccess('video.providerAvatars', await call('video.providerAvatars', { params: { provider } }));
  });
  let projects: Checked<'video.projects'> = [];
  type VideoCreate =
    | 'video.generate'
    | 'video.providerGenerate'
    | 'video.tavusCreate'
    | 'video.heygenCreate'
    | 'video.didCreate'
    | 'video.modelslabGenerate'
    | 'video.vidauCreate';
  const created: Array<Checked<VideoCreate>> = [];
  await step(
    'video.projects',
    async () => void (projects = expectSuccess('video.projects', await call('video.projects'))),
  );
  const createVideo = async (id: VideoCreate, params?: Record<string, string>, extra: Record<string, unknown> = {}) => {
    const body = { ...operations[id].example.body, ...extra, title: `${mark} ${id}` };
    const { value } = await twice(id, { params, body });
    created.push(value);
    once(await list('video.projects'), (p) => p.id === value.id, `The video project ${value.id}`);
  };
  await step('video.generate', async () => {
    await createVideo('video.generate');
    await badBody('video.generate', { body: { platform: 'unbekannt', script: 'Guten Abend.' } });
  });
  await step('video.providerGenerate', async () => {
    await createVideo('video.providerGenerate', { provider: 'heygen' });
    await badBody('video.providerGenerate', { params: { provider: 'heygen' }, body: { script: 42 } });
    expectError(
      'video.providerGenerate',
      await call('video.providerGenerate', {
        params: { provider: 'unbekannt' },
        body: { script: 'x' },
        headers: { 'Idempotency-Key': `konformitaet-${runId}-v` },
      }),
      [400, 404],
    );
  });
  for (const id of [
    'video.tavusCreate',
    'video.heygenCreate',
    'video.didCreate',
    'video.modelslabGenerate',
    'video.vidauCreate',
  ] as const)
    await step(id, () => createVideo(id));
  await step('video.status', async () => {
    const project = created[0] ?? projects[0];
    if (!project) throw new Skipped('(kein Videoprojekt vorhanden)');
    const value = expectSuccess(
      'video.status',
      await call('video.status', { params: { provider: project.platform, id: project.id } }),
    );
    if (value.id !== project.id) throw new Failure(`video.status: answered ${value.id} for ${project.id}`);
    expectError(
      'video.status',
      await call('video.status', { params: { provider: project.platform, id: `fehlt-${runId}` } }),
      404,
    );
  });
  await step('video.download', async () => {
    const all = await list('video.projects');
    const done = all.find((p) => p.status === 'completed');
    if (done) {
      expectSuccess(
        'video.download',
        await call('video.download', { params: { provider: done.platform, id: done.id } }),
      );
      return '';
    }
    const other = all.find((p) => p.status !== 'completed');
    if (!other) throw new Skipped('(kein Videoprojekt vorhanden)');
    expectError(
      'video.download',
      await call('video.download', { params: { provider: other.platform, id: other.id } }),
      409,
    );
    return '(kein fertiges Video: 409 geprüft)';
  });
  await step('video.retryProject', async () => {
    const all = await list('video.projects');
    const failed = all.find((p) => p.status === 'failed');
    if (!failed) {
      const other = all.find((p) => p.status !== 'failed');
      if (!other) throw new Skipped('(kein Videoprojekt vorhanden)');
      expectError(
        'video.retryProject',
        await call('video.retryProject', {
          params: { id: other.id },
          headers: { 'Idempotency-Key': `konformitaet-${runId}-vr` },
        }),
        409,
      );
      return '(kein fehlgeschlagenes Projekt: 409 geprüft)';
    }
    const { value } = await twice('video.retryProject', { params: { id: failed.id } });
    if (value.id !== failed.id) throw new Failure(`video.retryProject: answered ${value.id} for ${failed.id}`);
  });

  // --- Provider tests and health: a made-up key may be refused (success false, or 401 with an ErrorBody).
  const providerCheck = async (
    id: 'test.openai' | 'test.service',
    service: string,
    params?: Record<string, string>,
  ) => {
    const keyHeader = PROVIDER_KEY_HEADER[service];
    if (!keyHeader) throw new Failure(`${id}: no key header known for ${service}`);
    const [header, prefix] = keyHeader;
    // With an operator token in Authorization, a provider key for that header cannot be sent alongside it.
    const headers = header === 'authorization' && token ? {} : { [header]: `${prefix}konformitaet-schluessel` };
    const answer = await call(id, { params, headers });
    if (answer.status === 401) expectError(id, answer, 401);
    else expectSuccess(id, answer);
  };
  await step('test.openai', () => providerCheck('test.openai', 'openai'));
  await step('test.service', async () => {
    await providerCheck('test.service', 'elevenlabs', { service: 'elevenlabs' });
    const unknown = await call('test.service', { params: { service: 'unbekannt' } });
    const error =
      unknown.isJson && unknown.json && typeof unknown.json === 'object'
        ? (unknown.json as { error?: unknown }).error
        : undefined;
    if (unknown.status === 200) {
      const value = expectSuccess('test.service', unknown);
      if (value.success !== false || error !== 'Unknown service')
        throw new Failure(
          `test.service: an unknown service must give success false with the error 'Unknown service'${snippet(unknown)}`,
        );
    } else {
      expectError('test.service', unknown, 404);
      if (error !== 'Unknown service')
        throw new Failure(
          `test.service: the 404 of an unknown service lacks error 'Unknown service'${snippet(unknown)}`,
        );
    }
  });
  await step('health.service', async () => {
    expectSuccess('health.service', await call('health.service', { params: { service: 'openai' } }));
    expectError('health.service', await call('health.service', { params: { service: 'unbekannt' } }), [400, 404]);
  });

  // --- Keys: only masked forms come back; a key the desk already holds is never overwritten.
  let heldKeys: Checked<'keys.list'> = [];
  await step('keys.list', async () => void (heldKeys = expectSuccess('keys.list', await call('keys.list'))));
  const probeKey = `konformitaet-${runId}-schluessel`;
  await step('keys.save', async () => {
    if (heldKeys.some((k) => k.service === 'unsplash'))
      throw new Skipped('(unsplash hat schon einen Schlüssel: nicht überschrieben)');
    const answer = await call('keys.save', { params: { service: 'unsplash' }, body: { key: probeKey } });
    expectSuccess('keys.save', answer);
    if (answer.bytes.toString('utf8').includes(probeKey))
      throw new Failure('keys.save: the answer carries the key itself');
    const listed = await call('keys.list');
    if (listed.bytes.toString('utf8').includes(probeKey))
      throw new Failure('keys.list: the answer carries a saved key');
    await badBody('keys.save', { params: { service: 'unsplash' }, body: { key: ' ' } });
  });
  await step('keys.delete', async () => {
    if (heldKeys.some((k) => k.service === 'unsplash'))
      throw new Skipped('(unsplash hat schon einen Schlüssel: nicht gelöscht)');
    expectSuccess('keys.delete', await call('keys.delete', { params: { service: 'unsplash' } }));
  });

  // --- Users
  let users: Checked<'users.list'> = [];
  await step('users.list', async () => void (users = expectSuccess('users.list', await call('users.list'))));
  await step('users.create', async () => {
    const email = `konformitaet-${runId}@example.org`;
    const body = { ...operations['users.create'].example.body, name: `${mark} Mara Schulz`, email };
    const { value } = await twice('users.create', { body });
    if (value.user.email !== email)
      throw new Failure(`users.create: answered email ${value.user.email}, sent ${email}`);
    users = await list('users.list');
    once(users, (u) => u.email === email, `The user ${email}`);
    await badBody('users.create', { body: { ...body, email: 'keine-adresse' } });
    await badBody('users.create', { body }, 409);
  });
  const probeUser = () => users.find((u) => u.email === `konformitaet-${runId}@example.org`);
  const probeEmail = `konformitaet-${runId}@example.org`;
  const probePassword = `Konformität ${runId} geheim`;
  await step('users.update', async () => {
    const user = probeUser();
    if (!user) throw new Failure('users.update: the user of users.create is missing');
    const { value } = await twice('users.update', { params: { id: user.id }, body: { role: 'Viewer' } });
    if (value.role !== 'Viewer') throw new Failure(`users.update: answered role ${value.role}, sent Viewer`);
    await badBody('users.update', { params: { id: `user-unbekannt-${runId}` }, body: { role: 'Viewer' } }, 404);
    await badBody('users.update', { params: { id: user.id }, body: { role: 'Chef' } });
  });
  let linkToken = '';
  await step('users.passwordLink', async () => {
    const user = probeUser();
    if (!user) throw new Failure('users.passwordLink: the user of users.create is missing');
    const link = expectSuccess('users.passwordLink', await call('users.passwordLink', { params: { id: user.id } }));
    const token = /#passwort=([\w-]+)$/.exec(link.url)?.[1];
    if (!token) throw new Failure(`users.passwordLink: the link ${link.url} carries no #passwort= token`);
    linkToken = token;
    await badBody('users.passwordLink', { params: { id: `user-unbekannt-${runId}` } }, 404);
  });
  await step('session.setPassword', async () => {
    await badBody('session.setPassword', { noAuth: true, body: { token: linkToken, password: 'kurz' } });
    expectSuccess(
      'session.setPassword',
      await call('session.setPassword', { noAuth: true, body: { token: linkToken, password: probePassword } }),
    );
  });
  let sessionToken: string | undefined;
  await step('session.signIn', async () => {
    const signedIn = expectSuccess(
      'session.signIn',
      await call('session.signIn', {
        noAuth: true,
        body: { email: probeEmail, password: probePassword, bearer: true },
      }),
    );
    sessionToken = signedIn.token;
    await badBody('session.signIn', { noAuth: true, body: { email: probeEmail } });
    // A demo backend signs anyone in without a password and hands out no session token; a desk with accounts does,
    // and then it must refuse a wrong password and a used link.
    if (!sessionToken) return '(ohne Konten: keine Sitzung)';
    if (signedIn.user.email !== probeEmail)
      throw new Failure(`session.signIn: signed in as ${signedIn.user.email}, not ${probeEmail}`);
    const wrong = await call('session.signIn', { noAuth: true, body: { email: probeEmail, password: 'falsch' } });
    expectError('session.signIn', wrong, 401);
    const again = await call('session.setPassword', {
      noAuth: true,
      body: { token: linkToken, password: probePassword },
    });
    if (again.status !== 410)
      throw new Failure(`session.signIn: a used password link answered ${again.status}, expected 410${snippet(again)}`);
    return '';
  });
  await step('session.get', async () => {
    const me = expectSuccess('session.get', await call('session.get'));
    if (token && me.user.role !== 'Admin') throw new Failure(`session.get: the operator token is ${me.user.role}`);
  });
  await step('session.signOut', async () => {
    const headers: Record<string, string> = sessionToken ? { Authorization: `Bearer ${sessionToken}` } : {};
    expectSuccess('session.signOut', await call('session.signOut', { headers }));
    if (sessionToken) expectError('session.get', await call('session.get', { headers }), 401);
  });
  await step('tokens.create', async () => {
    const created = expectSuccess('tokens.create', await call('tokens.create', { body: { name: `${mark} Skript` } }));
    const listed = expectSuccess('tokens.list', await call('tokens.list'));
    record('tokens.list', 'PASS', '');
    once(listed, (x) => x.id === created.token.id, `The token ${created.token.name}`);
    if (JSON.stringify(listed).includes(created.secret)) throw new Failure('tokens.list: the list carries a secret');
    await badBody('tokens.create', { body: { name: ' ' } });
    expectSuccess('tokens.delete', await call('tokens.delete', { params: { id: created.token.id } }));
    record('tokens.delete', 'PASS', '');
    expectError('tokens.delete', await call('tokens.delete', { params: { id: created.token.id } }), 404);
  });
  await step('audit.list', async () => {
    const answer = await call('audit.list', { query: { limit: 5 } });
    const entries = expectSuccess('audit.list', answer);
    if (entries.length > 5) throw new Failure(`audit.list: limit=5 answered ${entries.length} entries`);
    if (!/^\d+$/.test(answer.headers.get('x-total-count') ?? ''))
      throw new Failure('audit.list: no X-Total-Count header with the total');
  });
  await step('audit.export', async () => {
    const file = expectSuccess('audit.export', await call('audit.export', { query: { format: 'csv' } }));
    if (!file.toString('utf8').startsWith('at,actor,'))
      throw new Failure('audit.export: the CSV does not start with its header line');
  });
  await step('users.delete', async () => {
    const user = probeUser();
    if (!user) throw new Failure('users.delete: the user of users.create is missing');
    expectSuccess('users.delete', await call('users.delete', { params: { id: user.id } }));
    expectError('users.delete', await call('users.delete', { params: { id: user.id } }), 404);
  });

  for (const id of Object.keys(operations))
    if (!results.has(id)) record(id, 'FAIL', 'not exercised by the check (add it to scripts/check-backend.mjs)');
  if (counts.skipped) out(`${counts.skipped} skipped`);
  out(`${counts.passed} passed, ${counts.failed} failed`);
  return counts;
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const { baseUrl, token } = parseArgs(process.argv.slice(2));
  if (!baseUrl || !/^https?:\/\//.test(baseUrl)) {
    console.error('Usage: npm run check:backend -- <baseUrl> [--token <t>]   (baseUrl like http://127.0.0.1:3000/api)');
    process.exit(2);
  }
  const { failed } = await checkBackend(baseUrl, { token });
  process.exit(failed ? 1 : 0);
}
