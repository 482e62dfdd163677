// The n8n side against an n8n-shaped fake (the real n8n runs in tests/n8n): triggers carry the run's
// callback and token, stage events fill the run, logs/pipeline/overview answer from it, retry goes to n8n's API.
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, expect, test } from 'vitest';
import type { ChangeEvent } from '../../data/events';
import { N8nClient } from '../../adapters/n8n/n8n-client';
import { contractBody, createTestApp, errorBody, TEST_TOKEN, type TestApp } from '../../testing';
import { startFeedServer } from '../../../tests/fakes/feeds';

interface Call {
  url: string;
  method: string;
  headers: Headers;
  body: unknown;
}

const API_KEY = 'n8n-api-key-fake-123';
const STAGES = ['Scraper', 'AI Analyse', 'TTS', 'Video Gen', 'Social Post'];

/** An n8n-shaped fake: the webhook answers an executionId, the public API answers executions, retry and workflows. */
function fakeN8n() {
  const calls: Call[] = [];
  let nextExecution = 100;
  const state = {
    webhookStatus: 200,
    executionStatus: 'running',
    onRetry: async (_id: string) => {},
    workflows: new Map<string, { id: string; name: string; active: boolean }>(),
  };
  const fetchImpl: typeof fetch = async (input, init) => {
    const url = String(input);
    const headers = new Headers(init?.headers);
    const body = init?.body ? (JSON.parse(String(init.body)) as unknown) : undefined;
    calls.push({ url, method: init?.method ?? 'GET', headers, body });
    const json = (value: unknown, status = 200) =>
      new Response(JSON.stringify(value), { status, headers: { 'Content-Type': 'application/json' } });
    const { pathname } = new URL(url);
    // A Wait node's resume address ($execution.resumeUrl): n8n continues that execution with the body.
    if (pathname.startsWith('/webhook-waiting/')) return json({});
    if (pathname === '/webhook/ai-news') {
      if (state.webhookStatus !== 200)
        return json({ success: false, error: 'Feld "topic" fehlt oder ist leer' }, state.webhookStatus);
      return json({ success: true, executionId: String(nextExecution++), message: 'Workflow gestartet' });
    }
    if (headers.get('x-n8n-api-key') !== API_KEY) return json({ message: 'unauthorized' }, 401);
    const retry = /^\/api\/v1\/executions\/(\w+)\/retry$/.exec(pathname);
    if (retry) {
      await state.onRetry(retry[1]);
      return json({
        id: nextExecution++,
        finished: true,
        mode: 'retry',
        status: 'success',
        retryOf: retry[1],
        startedAt: new Date().toISOString(),
        stoppedAt: new Date().toISOString(),
        workflowId: 'wf1',
      });
    }
    const execution = /^\/api\/v1\/executions\/(\w+)$/.exec(pathname);
    if (execution)
      return json({
        id: Number(execution[1]),
        finished: false,
        mode: 'webhook',
        status: state.executionStatus,
        startedAt: new Date().toISOString(),
        stoppedAt: null,
      });
    if (pathname === '/api/v1/workflows' && init?.method === 'POST') {
      const wf = { id: `wf${state.workflows.size + 1}`, name: (body as { name: string }).name, active: false };
      state.workflows.set(wf.id, wf);
      return json({ ...wf, nodes: [], connections: {}, settings: {} });
    }
    const workflow = /^\/api\/v1\/workflows\/(\w+)$/.exec(pathname);
    if (workflow) {
      const wf = state.workflows.get(workflow[1]);
      return wf ? json(wf) : json({ message: 'Not Found' }, 404);
    }
    return json({ message: 'not found' }, 404);
  };
  return {
    calls,
    state,
    fetchImpl,
    client: new N8nClient({ baseUrl: 'http://n8n.test', apiKey: API_KEY, webhookPath: 'ai-news', fetchImpl }),
  };
}

let n8n: ReturnType<typeof fakeN8n>;
let t: TestApp;
let bare: TestApp;
const published: ChangeEvent[] = [];
beforeAll(async () => {
  n8n = fakeN8n();
  t = await createTestApp({ n8n: n8n.client, engine: { fetch: n8n.fetchImpl } });
  bare = await createTestApp({ database: t.database });
  t.events.subscribe((e) => published.push(e));
});
afterAll(async () => {
  await bare.close();
  await t.close();
});

function triggerBody(index = -1): { runId: string; callbackUrl: string; runToken: string } & Record<string, unknown> {
  const triggers = n8n.calls.filter((c) => c.url.endsWith('/webhook/ai-news'));
  return triggers.at(index)?.body as { runId: string; callbackUrl: string; runToken: string };
}

/** What the workflow's HTTP Request node sends: the callback address with the run token header. */
function report(
  body: { callbackUrl: string; runToken: string },
  event: Record<string, unknown>,
  token = body.runToken,
) {
  const path = new URL(body.callbackUrl).pathname.replace(/^\/api/, '');
  return t.app.request(`/api${path}`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', 'X-Newsdesk-Run-Token': token },
    body: JSON.stringify(event),
  });
}

/** What the workflow's stage node sends: the run's stage, with its Wait node's resume address and the run token. */
function askStage(body: { runId: string; runToken: string }, stage: string, resumeUrl: string) {
  return t.app.request(`/api/runs/${body.runId}/stages/${encodeURIComponent(stage)}`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', 'X-Newsdesk-Run-Token': body.runToken },
    body: JSON.stringify({ resumeUrl }),
  });
}

test("without N8N_BASE_URL a start runs on the desk's own engine; n8n's own operations answer 503 in German", async () => {
  const start = await contractBody(
    'workflow.aiNewsStart',
    await bare.call('/workflow/ai-news/start', { method: 'POST', json: { topic: 'KI' } }),
  );
  await bare.engine.runDue();
  const [run] = await contractBody('workflow.runs', await bare.call('/workflow/runs?limit=1'));
  expect(run).toMatchObject({ id: start.executionId, engine: 'desk', status: 'failed' });
  // No source is set up here: the Scraper says so rather than inventing a story.
  expect(run.stages[0]).toMatchObject({
    stage: 'Scraper',
    state: 'failed',
    error: 'Keine aktuelle Meldung zum Thema „KI“ gefunden.',
  });
  expect((await bare.call('/workflow/retry/run-x', { method: 'POST' })).status).toBe(404);
  const status = await bare.call('/workflow/n8n/status/wf-1');
  expect(status.status).toBe(503);
  expect((await errorBody(status)).message).toBe('n8n ist nicht konfiguriert.');
});

test('a start creates a run whose id, callback and own token travel with the trigger; stage events fill it in order', async () => {
  const start = await contractBody(
    'workflow.aiNewsStart',
    await t.call('/workflow/ai-news/start', {
      method: 'POST',
      json: { topic: 'KI im Studio', workflowId: 'ai-news-workflow' },
    }),
  );
  expect(start.executionId).toBe('100');
  const body = triggerBody();
  expect(body.topic).toBe('KI im Studio');
  expect(body.runId).toMatch(/^run-/);
  expect(body.callbackUrl).toBe(`http://localhost/api/runs/${body.runId}/events`);
  expect(body.runToken.length).toBeGreaterThanOrEqual(40);
  // The operator's token never goes to n8n.
  expect(JSON.stringify(n8n.calls.map((c) => [c.body, [...c.headers]]))).not.toContain(TEST_TOKEN);

  // Wrong or missing run token: 401, nothing recorded; the operator token does not count either.
  expect((await report(body, { stage: 'Scraper', state: 'started' }, 'falsch')).status).toBe(401);
  const withOperatorToken = await t.app.request(`/api/runs/${body.runId}/events`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', Authorization: `Bearer ${TEST_TOKEN}` },
    body: JSON.stringify({ stage: 'Scraper', state: 'started' }),
  });
  expect(withOperatorToken.status).toBe(401);
  expect((await errorBody(withOperatorToken)).message).toBe('Lauf-Token fehlt oder ist ungültig.');
  const bad = await report(body, { stage: 'Wetter', state: 'started' });
  expect(bad.status).toBe(400);

  published.length = 0;
  const t0 = Date.parse('2026-11-23T18:00:00.000Z');
  for (const [i, stage] of STAGES.entries()) {
    expect((await report(body, { stage, state: 'started', at: new Date(t0 + i * 1000).toISOString() })).status).toBe(
      200,
    );
    if (i === 2) {
      const middle = (await contractBody('workflow.runs', await t.call('/workflow/runs?limit=10')))[0];
      expect(middle.stages.map((s) => s.state)).toEqual(['finished', 'finished', 'started', 'pending', 'pending']);
      const pipeline = await contractBody('workflow.pipeline', await t.call('/workflow/pipeline'));
      expect(pipeline.steps.map((s) => s.status)).toEqual(['completed', 'completed', 'running', 'pending', 'pending']);
      const overview = await contractBody('dashboard.overview', await t.call('/dashboard/overview'));
      expect(overview.workflowProgress.map((s) => s.progress)).toEqual([100, 100, 50, 0, 0]);
      expect(overview.queuedJobs).toBe(1);
    }
    expect(
      (await report(body, { stage, state: 'finished', at: new Date(t0 + i * 1000 + 400 + i * 100).toISOString() }))
        .status,
    ).toBe(200);
  }
  // Every event went out on the event stream.
  expect(published.filter((e) => e.topic === 'workflow' && e.id === body.runId)).toHaveLength(10);

  const [run] = await contractBody('workflow.runs', await t.call('/workflow/runs?limit=10'));
  expect(run.id).toBe(body.runId);
  expect(run.status).toBe('success');
  expect(run.executionId).toBe('100');
  expect(run.stages.map((s) => [s.stage, s.state, s.durationMs])).toEqual([
    ['Scraper', 'finished', 400],
    ['AI Analyse', 'finished', 500],
    ['TTS', 'finished', 600],
    ['Video Gen', 'finished', 700],
    ['Social Post', 'finished', 800],
  ]);
  expect(run.log).toContain('18:00:02 TTS gestartet');
  expect(run.log).toContain('18:00:02 TTS fertig (0,6 s)');

  const logs = await contractBody('workflow.logs', await t.call('/workflow/logs/ai-news-workflow?limit=10'));
  expect(logs[0]).toMatchObject({ id: body.runId, status: 'success', topic: 'KI im Studio' });
  const overview = await contractBody('dashboard.overview', await t.call('/dashboard/overview'));
  expect(overview.workflowProgress.map((s) => [s.name, s.progress])).toEqual(STAGES.map((s) => [s, 100]));
  expect(overview.queuedJobs).toBe(0);
});

test('a failed stage fails the run; Retry calls n8n retry with the API key and the retried stages finish it', async () => {
  await contractBody(
    'workflow.trigger',
    await t.call('/workflow/trigger/ai-news-workflow', {
      method: 'POST',
      json: { topic: 'Fehlerfall', failStage: 'TTS' },
    }),
  );
  const body = triggerBody();
  expect(body.failStage).toBe('TTS');
  for (const stage of STAGES.slice(0, 2)) {
    await report(body, { stage, state: 'started' });
    await report(body, { stage, state: 'finished' });
  }
  await report(body, { stage: 'TTS', state: 'started' });
  await report(body, { stage: 'TTS', state: 'failed', error: 'TTS fehlgeschlagen (failStage)' });
  const [failed] = await contractBody('workflow.runs', await t.call('/workflow/runs'));
  expect(failed.status).toBe('failed');
  expect(failed.stages[2]).toMatchObject({ stage: 'TTS', state: 'failed', error: 'TTS fehlgeschlagen (failStage)' });
  const logs = await contractBody('workflow.logs', await t.call('/workflow/logs/ai-news-workflow'));
  expect(logs.find((r) => r.id === body.runId)?.status).toBe('failed');

  // n8n's retry runs the failed stage again; its events arrive before n8n answers the retry.
  n8n.state.onRetry = async () => {
    for (const stage of STAGES.slice(2)) {
      await report(body, { stage, state: 'started' });
      await report(body, { stage, state: 'finished' });
    }
  };
  const retried = await contractBody(
    'workflow.retry',
    await t.call(`/workflow/retry/${body.runId}`, { method: 'POST' }),
  );
  expect(retried).toMatchObject({ id: body.runId, status: 'success' });
  const retryCall = n8n.calls.find((c) => c.url.endsWith('/api/v1/executions/101/retry'));
  expect(retryCall?.method).toBe('POST');
  expect(retryCall?.headers.get('X-N8N-API-KEY')).toBe(API_KEY);
  const [after] = await contractBody('workflow.runs', await t.call('/workflow/runs'));
  expect(after.stages.map((s) => s.state)).toEqual(['finished', 'finished', 'finished', 'finished', 'finished']);
  expect(after.log.some((l) => l.includes('n8n-Retry: Ausführung'))).toBe(true);

  // A successful run is not retried.
  const again = await t.call(`/workflow/retry/${body.runId}`, { method: 'POST' });
  expect(again.status).toBe(409);
  expect((await errorBody(again)).message).toBe('Nur fehlgeschlagene Läufe können wiederholt werden.');
  expect((await t.call('/workflow/retry/run-gibt-es-nicht', { method: 'POST' })).status).toBe(404);
});

test('late or repeated events neither reopen a run that ended nor make a run with a failed stage a success', async () => {
  await t.call('/workflow/trigger/ai-news-workflow', { method: 'POST', json: { topic: 'Späte Meldungen' } });
  const body = triggerBody();
  await report(body, { stage: 'Scraper', state: 'started' });
  await report(body, { stage: 'Scraper', state: 'finished' });
  // The HTTP node's retry of a 'started' it thought lost arrives after the stage finished.
  await report(body, { stage: 'Scraper', state: 'started' });
  await report(body, { stage: 'AI Analyse', state: 'started' });
  await report(body, { stage: 'AI Analyse', state: 'failed', error: 'Modell nicht erreichbar' });
  // Another late repeat of the done stage's 'started' does not reopen the failed run.
  const afterFailure = await contractBody(
    'workflow.runEvent',
    await report(body, { stage: 'Scraper', state: 'started' }),
  );
  expect(afterFailure.status).toBe('failed');
  expect(afterFailure.stages[0].state).toBe('finished');
  // A workflow that goes on past the failed node reports its last stage finished: the run is not a success.
  for (const stage of STAGES.slice(2)) {
    await report(body, { stage, state: 'started' });
    await report(body, { stage, state: 'finished' });
  }
  const [failed] = await contractBody('workflow.runs', await t.call('/workflow/runs'));
  expect(failed.id).toBe(body.runId);
  expect(failed.status).toBe('failed');
  expect(failed.stages.map((s) => s.state)).toEqual(['finished', 'failed', 'finished', 'finished', 'finished']);
  expect(failed.log.some((l) => l.endsWith('Scraper: verspätete Meldung „started“ nicht übernommen'))).toBe(true);

  // Once the stage is done over again the run succeeds, and a late 'started' after that leaves it a success.
  await report(body, { stage: 'AI Analyse', state: 'started' });
  await report(body, { stage: 'AI Analyse', state: 'finished' });
  await report(body, { stage: 'Social Post', state: 'finished' });
  const late = await contractBody('workflow.runEvent', await report(body, { stage: 'Social Post', state: 'started' }));
  expect(late.status).toBe('success');
  const [after] = await contractBody('workflow.runs', await t.call('/workflow/runs'));
  expect(after.status).toBe('success');
  expect(after.stages.map((s) => s.state)).toEqual(['finished', 'finished', 'finished', 'finished', 'finished']);
  expect(after.log.at(-1)).toMatch(/Social Post: verspätete Meldung „started“ nicht übernommen$/);
});

test("n8n asking for a stage again with a new Wait node's address: one stage run, its outcome goes to the new address", async () => {
  await t.call('/workflow/trigger/ai-news-workflow', { method: 'POST', json: { topic: 'Neue Warteadresse' } });
  const body = triggerBody();
  const ask = (resumeUrl: string) => askStage(body, 'Scraper', resumeUrl);
  expect((await ask('http://n8n.test/webhook-waiting/201')).status).toBe(202);
  // The first execution's Wait gave up; the operator retried it in n8n, whose new execution asks again.
  expect((await ask('http://n8n.test/webhook-waiting/202')).status).toBe(202);
  n8n.calls.length = 0;
  await t.engine.runDue();
  const resumed = n8n.calls.filter((c) => c.url.includes('/webhook-waiting/'));
  expect(resumed.map((c) => [c.url, (c.body as { stage: string }).stage])).toEqual([
    ['http://n8n.test/webhook-waiting/202', 'Scraper'],
  ]);
  const [run] = await contractBody('workflow.runs', await t.call('/workflow/runs'));
  expect(run.id).toBe(body.runId);
  expect(run.log.filter((l) => l.includes('Scraper gestartet'))).toHaveLength(1);
});

test('a new Wait address that arrives while the stage runs gets its outcome, not the address it started with', async () => {
  let requested!: () => void;
  const reading = new Promise<void>((resolve) => (requested = resolve));
  let release!: () => void;
  const released = new Promise<void>((resolve) => (release = resolve));
  const feeds = await startFeedServer({
    '/langsam.xml': (_req, res) => {
      requested();
      void released.then(() => res.writeHead(404).end());
    },
  });
  const source = await contractBody(
    'sources.create',
    await t.call('/sources', {
      method: 'POST',
      json: { name: 'Langsam', url: `${feeds.url}/langsam.xml`, category: 'general', language: 'de' },
    }),
  );
  try {
    await t.call('/workflow/trigger/ai-news-workflow', { method: 'POST', json: { topic: 'Während der Stufe' } });
    const body = triggerBody();
    const ask = (resumeUrl: string) => askStage(body, 'Scraper', resumeUrl);
    expect((await ask('http://n8n.test/webhook-waiting/301')).status).toBe(202);
    n8n.calls.length = 0;
    const running = t.engine.runDue();
    // The Scraper is reading the sources when n8n's new execution asks for the stage.
    await reading;
    expect((await ask('http://n8n.test/webhook-waiting/302')).status).toBe(202);
    release();
    await running;
    await t.engine.runDue();
    const resumed = n8n.calls.filter((c) => c.url.includes('/webhook-waiting/'));
    expect(resumed.map((c) => c.url)).toEqual(['http://n8n.test/webhook-waiting/302']);
  } finally {
    release();
    await t.call(`/sources/${source.id}`, { method: 'DELETE' });
    await feeds.close();
  }
});

test('a new Wait address arriving after the stage has its outcome, its job not yet closed, is answered by a new job', async () => {
  // TTS is skipped here (no story), the Scraper fails (no source): a done stage and a failed one.
  for (const [stage, state] of [
    ['TTS', 'skipped'],
    ['Scraper', 'failed'],
  ] as const) {
    await t.call('/workflow/trigger/ai-news-workflow', { method: 'POST', json: { topic: `Knapp danach ${stage}` } });
    const body = triggerBody();
    const ask = (resumeUrl: string) => askStage(body, stage, resumeUrl);
    expect((await ask('http://n8n.test/webhook-waiting/501')).status).toBe(202);
    await t.engine.runDue();
    // The job has recorded the stage's outcome and answered 501, and is still held by its worker.
    await t.database.db.execute(
      sql`UPDATE jobs SET done_at = NULL, claimed_by = 'noch-dabei', claimed_until = now() + interval '1 minute' WHERE kind = 'pipeline.stage' AND payload->>'runId' = ${body.runId}`,
    );
    n8n.calls.length = 0;
    try {
      expect((await ask('http://n8n.test/webhook-waiting/502')).status).toBe(202);
      await t.engine.runDue();
      const resumed = n8n.calls.filter((c) => c.url.includes('/webhook-waiting/'));
      expect(resumed.map((c) => [c.url, (c.body as { state: string }).state])).toEqual([
        ['http://n8n.test/webhook-waiting/502', state],
      ]);
    } finally {
      await t.database.db.execute(
        sql`UPDATE jobs SET done_at = now(), claimed_by = NULL, claimed_until = NULL WHERE kind = 'pipeline.stage' AND payload->>'runId' = ${body.runId} AND done_at IS NULL`,
      );
    }
  }
});

test('a stage n8n asked for is not run once n8n reports the execution cancelled; asked again by its retry, it runs', async () => {
  await t.call('/workflow/trigger/ai-news-workflow', { method: 'POST', json: { topic: 'Abgebrochen' } });
  const body = triggerBody();
  const ask = (resumeUrl: string) => askStage(body, 'Scraper', resumeUrl);
  expect((await ask('http://n8n.test/webhook-waiting/401')).status).toBe(202);
  // Quiet for three minutes: the run list asks n8n, which has cancelled the execution.
  await t.database.db.execute(sql`UPDATE runs SET started_at = now() - interval '3 minutes' WHERE id = ${body.runId}`);
  n8n.state.executionStatus = 'canceled';
  try {
    const listed = await contractBody('workflow.runs', await t.call('/workflow/runs'));
    expect(listed.find((r) => r.id === body.runId)?.status).toBe('failed');
  } finally {
    n8n.state.executionStatus = 'running';
  }
  n8n.calls.length = 0;
  await t.engine.runDue();
  expect(n8n.calls.filter((c) => c.url.includes('/webhook-waiting/'))).toEqual([]);
  const [cancelled] = await contractBody('workflow.runs', await t.call('/workflow/runs'));
  expect(cancelled.status).toBe('failed');
  expect(cancelled.stages[0].state).toBe('pending');

  expect((await ask('http://n8n.test/webhook-waiting/402')).status).toBe(202);
  await t.engine.runDue();
  expect(n8n.calls.filter((c) => c.url.includes('/webhook-waiting/')).map((c) => c.url)).toEqual([
    'http://n8n.test/webhook-waiting/402',
  ]);
});

test("n8n refusing the trigger: 502 with n8n's reason, the run is recorded as failed", async () => {
  n8n.state.webhookStatus = 400;
  const response = await t.call('/workflow/ai-news/start', { method: 'POST', json: { topic: ' ' } });
  n8n.state.webhookStatus = 200;
  expect(response.status).toBe(502);
  expect((await errorBody(response)).message).toBe('n8n Webhook failed: 400: Feld "topic" fehlt oder ist leer');
  const [run] = await contractBody('workflow.runs', await t.call('/workflow/runs'));
  expect(run.status).toBe('failed');
  expect(run.log.at(-1)).toContain('Trigger fehlgeschlagen');
});

test('an uploaded workflow is imported through the public API (read-only fields left out) and its state read back', async () => {
  const file = JSON.stringify({
    id: 'ai-news-workflow',
    name: 'AI-News Workflow',
    active: true,
    tags: [],
    nodes: [{ name: 'A', type: 'n8n-nodes-base.noOp', parameters: {} }],
    connections: {},
    settings: { executionOrder: 'v1', unknown: 1 },
    pinData: {},
  });
  const form = new FormData();
  form.append('workflow', new Blob([file], { type: 'application/json' }), 'ai-news.workflow.json');
  const imported = await contractBody(
    'workflow.n8nUpload',
    await t.call('/workflow/n8n/upload', { method: 'POST', body: form }),
  );
  expect(imported).toEqual({ id: 'wf1', status: 'imported' });
  const sent = n8n.calls.find((c) => c.url === 'http://n8n.test/api/v1/workflows')?.body;
  expect(sent).toEqual({
    name: 'AI-News Workflow',
    nodes: [{ name: 'A', type: 'n8n-nodes-base.noOp', parameters: {} }],
    connections: {},
    settings: { executionOrder: 'v1' },
  });
  expect(await contractBody('workflow.n8nStatus', await t.call('/workflow/n8n/status/wf1'))).toEqual({
    id: 'wf1',
    status: 'inactive',
    active: false,
  });
  expect((await t.call('/workflow/n8n/status/wf9')).status).toBe(404);

  const junk = new FormData();
  junk.append('workflow', new Blob(['{"hallo":1}'], { type: 'application/json' }), 'x.json');
  const refused = await t.call('/workflow/n8n/upload', { method: 'POST', body: junk });
  expect(refused.status).toBe(400);
  expect((await errorBody(refused)).message).toBe(
    'Die Datei ist kein n8n-Workflow (name, nodes und connections fehlen).',
  );
});

test("a run's stage calls are refused before their body is read when the run token is missing or wrong", async () => {
  const huge = JSON.stringify({ stage: 'Scraper', state: 'started', error: 'x'.repeat(3 * 1024 * 1024) });
  for (const path of ['/api/runs/run-unbekannt/events', '/api/runs/run-unbekannt/stages/Scraper']) {
    const none = await t.app.request(path, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: huge,
    });
    expect(none.status).toBe(401);
    expect((await errorBody(none)).message).toBe('Lauf-Token fehlt oder ist ungültig.');
    const wrong = await t.app.request(path, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', 'X-Newsdesk-Run-Token': 'falsch' },
      body: huge,
    });
    expect(wrong.status).toBe(401);
  }
});
