// Issue 14 against a REAL n8n 1.123.50 (tests/n8n/n8n-harness.ts) and the real Newsdesk server: the shipped example
// workflow is imported and activated, a start through the server runs all five stages, each reported back to the
// server; a stage failed on purpose (failStage) fails the run, and n8n's retry through the server finishes it.
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { parseEnv } from '../../server/env';
import { startServer } from '../../server/server';
import { startN8n, type N8nHarness } from './n8n-harness';

const TOKEN = 'n8n-integration-token-0123456789';
const STAGES = ['Scraper', 'AI Analyse', 'TTS', 'Video Gen', 'Social Post'];
const SERVER_PORT = Number(process.env.N8N_TEST_SERVER_PORT ?? 4312);

let n8n: N8nHarness;
let desk: Awaited<ReturnType<typeof startServer>>;
let dataDir: string;
let workflowId: string;

interface RunJson {
  id: string;
  status: string;
  executionId?: string;
  stages: Array<{ stage: string; state: string; durationMs?: number; error?: string }>;
  log: string[];
}

async function api(pathname: string, init: { method?: string; json?: unknown; body?: FormData } = {}): Promise<Response> {
  const headers: Record<string, string> = { Authorization: `Bearer ${TOKEN}` };
  if (init.json !== undefined) headers['Content-Type'] = 'application/json';
  return fetch(`${desk.url}/api${pathname}`, { method: init.method ?? 'GET', headers, body: init.json !== undefined ? JSON.stringify(init.json) : init.body });
}

async function runs(): Promise<RunJson[]> {
  return (await (await api('/workflow/runs?limit=10')).json()) as RunJson[];
}

/** Polls the stored run until it matches (the stages arrive from n8n after the trigger answered). */
async function waitForRun(id: string, done: (run: RunJson) => boolean, timeoutMs = 60_000): Promise<RunJson> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const run = (await runs()).find((r) => r.id === id);
    if (run && done(run)) return run;
    if (Date.now() > deadline) throw new Error(`Lauf ${id} erreicht den erwarteten Zustand nicht: ${JSON.stringify(run)}`);
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
}

beforeAll(async () => {
  n8n = await startN8n();
  dataDir = await mkdtemp(path.join(os.tmpdir(), 'newsdesk-n8n-desk-'));
  const env = parseEnv({ PORT: String(SERVER_PORT), HOST: '127.0.0.1', NEWSDESK_TOKEN: TOKEN, NEWSDESK_DATA_DIR: dataDir, NEWSDESK_DIST_DIR: path.join(dataDir, 'no-dist'), N8N_BASE_URL: n8n.baseUrl, N8N_API_KEY: n8n.apiKey, N8N_AI_NEWS_WEBHOOK_PATH: 'ai-news' });
  desk = await startServer(env);
}, 240_000);

afterAll(async () => {
  await desk?.stop();
  await n8n?.stop();
  if (dataDir) await rm(dataDir, { recursive: true, force: true });
}, 60_000);

test('the example workflow is imported through the server and activated in n8n; the server reads its active state', async () => {
  const form = new FormData();
  form.append('workflow', new Blob([await readFile('examples/n8n/ai-news.workflow.json')], { type: 'application/json' }), 'ai-news.workflow.json');
  const imported = await api('/workflow/n8n/upload', { method: 'POST', body: form });
  expect(imported.status, await imported.clone().text()).toBe(200);
  ({ id: workflowId } = (await imported.json()) as { id: string });
  expect(await (await api(`/workflow/n8n/status/${workflowId}`)).json()).toEqual({ id: workflowId, status: 'inactive', active: false });

  const activated = await fetch(`${n8n.baseUrl}/api/v1/workflows/${workflowId}/activate`, { method: 'POST', headers: { 'X-N8N-API-KEY': n8n.apiKey } });
  expect(activated.status, await activated.clone().text()).toBe(200);
  expect(await (await api(`/workflow/n8n/status/${workflowId}`)).json()).toEqual({ id: workflowId, status: 'active', active: true });

  // Every webhook still answers CORS: a preflight from the console's origin is allowed.
  const preflight = await fetch(`${n8n.baseUrl}/webhook/ai-news`, { method: 'OPTIONS', headers: { Origin: 'http://127.0.0.1:4310', 'Access-Control-Request-Method': 'POST', 'Access-Control-Request-Headers': 'content-type' } });
  expect(preflight.status).toBe(204);
  expect(preflight.headers.get('access-control-allow-origin')).toBe('http://127.0.0.1:4310');
}, 60_000);

test('a start through the server runs all five stages in n8n, each reported back in order; the run is in the logs', async () => {
  const started = await api('/workflow/ai-news/start', { method: 'POST', json: { topic: 'KI in der Medizin', workflowId: 'ai-news-workflow' } });
  expect(started.status, await started.clone().text()).toBe(200);
  const { executionId } = (await started.json()) as { executionId: string };
  const [latest] = await runs();
  expect(latest.executionId).toBe(executionId);
  const run = await waitForRun(latest.id, (r) => r.status === 'success');
  expect(run.stages.map((s) => [s.stage, s.state])).toEqual(STAGES.map((s) => [s, 'finished']));
  for (const stage of run.stages) expect(stage.durationMs).toBeGreaterThanOrEqual(0);
  // The log lists the stages in the order n8n reported them.
  const reported = run.log.filter((l) => / (gestartet|fertig)/.test(l)).map((l) => l.slice(9).replace(/ \(.*$/, '').replace(' – Run erfolgreich', ''));
  expect(reported).toEqual(STAGES.flatMap((s) => [`${s} gestartet`, `${s} fertig`]));

  const logs = (await (await api('/workflow/logs/ai-news-workflow?limit=10')).json()) as Array<{ id: string; status: string; topic: string }>;
  expect(logs[0]).toMatchObject({ id: run.id, status: 'success', topic: 'KI in der Medizin' });
  const executions = (await (await fetch(`${n8n.baseUrl}/api/v1/executions?workflowId=${workflowId}&limit=5`, { headers: { 'X-N8N-API-KEY': n8n.apiKey } })).json()) as { data: Array<{ id: string; status: string }> };
  expect(executions.data.find((e) => String(e.id) === executionId)?.status).toBe('success');
}, 120_000);

test('a stage failed on purpose fails the run; Retry through the server has n8n run it again to the end', async () => {
  const started = await api('/workflow/ai-news/start', { method: 'POST', json: { topic: 'Absichtlicher Fehler', workflowId: 'ai-news-workflow', failStage: 'TTS' } });
  expect(started.status).toBe(200);
  const [latest] = await runs();
  const failed = await waitForRun(latest.id, (r) => r.status === 'failed');
  expect(failed.stages.map((s) => s.state)).toEqual(['finished', 'finished', 'failed', 'pending', 'pending']);
  expect(failed.stages[2].error).toBe('TTS fehlgeschlagen (failStage)');
  // n8n lists the execution as failed, so it can be retried.
  await expect.poll(async () => ((await (await fetch(`${n8n.baseUrl}/api/v1/executions/${failed.executionId}`, { headers: { 'X-N8N-API-KEY': n8n.apiKey } })).json()) as { status: string }).status, { timeout: 20_000 }).toBe('error');

  const retried = await api(`/workflow/retry/${failed.id}`, { method: 'POST' });
  expect(retried.status, await retried.clone().text()).toBe(200);
  expect(await retried.json()).toMatchObject({ id: failed.id, status: 'success' });
  const after = await waitForRun(failed.id, (r) => r.status === 'success');
  expect(after.stages.map((s) => s.state)).toEqual(STAGES.map(() => 'finished'));
  expect(after.executionId).not.toBe(failed.executionId);
}, 180_000);
