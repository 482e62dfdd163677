import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { expect, test, type Page } from '@playwright/test';
import { startN8n, type N8nHarness } from '../n8n/n8n-harness';

// Issue 14 in the browser against a REAL n8n 1.123.50: the shipped example workflow is imported through the server and
// activated, the console (live mode, served by the Newsdesk server whose N8N_BASE_URL points at that n8n) starts a run
// with the header's button, the Monitoring tab shows its five stages arrive in order, the run is in the logs list, the
// overview shows n8n connected and the run's progress, and a run failed on purpose is retried from the console. n8n
// starts once for the file.
const TOKEN = 'e2e-n8n-operator-token-0123456789';
const DIST = path.resolve(process.env.E2E_DIST ?? 'dist');
const DESK_PORT = Number(process.env.N8N_E2E_DESK_PORT ?? 4313);
const STAGES = ['Scraper', 'AI Analyse', 'TTS', 'Video Gen', 'Social Post'];

let n8n: N8nHarness;
let desk: ChildProcess;
let deskUrl: string;
let dataDir: string;

async function startDesk(): Promise<void> {
  desk = spawn(process.execPath, ['--import', 'tsx', 'server/main.ts'], {
    env: { ...process.env, NEWSDESK_TOKEN: TOKEN, NEWSDESK_DIST_DIR: DIST, NEWSDESK_DATA_DIR: dataDir, HOST: '127.0.0.1', PORT: String(DESK_PORT), N8N_BASE_URL: n8n.baseUrl, N8N_API_KEY: n8n.apiKey, N8N_AI_NEWS_WEBHOOK_PATH: 'ai-news' },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  deskUrl = await new Promise<string>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`Server startet nicht:\n${output}`)), 90_000);
    const onData = (chunk: Buffer) => {
      output += chunk.toString();
      const match = /Newsdesk läuft: (http:\/\/\S+)/.exec(output);
      if (match) {
        clearTimeout(timer);
        resolve(match[1]);
      }
    };
    desk.stdout?.on('data', onData);
    desk.stderr?.on('data', onData);
    desk.once('exit', (code) => reject(new Error(`Server beendet (${code}):\n${output}`)));
  });
}

const api = (pathname: string, init: { method?: string; json?: unknown; body?: FormData } = {}) =>
  fetch(`${deskUrl}/api${pathname}`, {
    method: init.method ?? 'GET',
    headers: { Authorization: `Bearer ${TOKEN}`, ...(init.json !== undefined ? { 'Content-Type': 'application/json' } : {}) },
    body: init.json !== undefined ? JSON.stringify(init.json) : init.body,
  });

async function openMonitoring(page: Page) {
  await page.goto(`${deskUrl}/dashboard/workflow`);
  const dialog = page.getByRole('dialog', { name: 'Zugang zum Newsdesk' });
  await dialog.getByLabel('Zugangs-Token').fill(TOKEN);
  await dialog.getByRole('button', { name: 'Anmelden' }).click();
  await expect(dialog).toBeHidden();
  await page.getByRole('tab', { name: /Monitoring/ }).click();
}

const stage = (page: Page, name: string) => page.getByTestId(`live-stage-${name}`);

test.use({ serviceWorkers: 'block' });
test.describe.configure({ mode: 'serial', timeout: 240_000 });

test.beforeAll(async () => {
  test.setTimeout(300_000);
  n8n = await startN8n();
  dataDir = await mkdtemp(path.join(os.tmpdir(), 'newsdesk-e2e-n8n-'));
  await startDesk();
});

test.afterAll(async () => {
  if (desk && desk.exitCode === null) {
    const gone = new Promise((resolve) => desk.once('exit', resolve));
    desk.kill('SIGTERM');
    await gone;
  }
  await n8n?.stop();
  if (dataDir) await rm(dataDir, { recursive: true, force: true });
});

test('the example workflow is imported through the server, activated in n8n, its state read back; its webhooks answer CORS', async () => {
  const form = new FormData();
  form.append('workflow', new Blob([await readFile('examples/n8n/ai-news.workflow.json')], { type: 'application/json' }), 'ai-news.workflow.json');
  const imported = await api('/workflow/n8n/upload', { method: 'POST', body: form });
  expect(imported.status, await imported.clone().text()).toBe(200);
  const { id } = (await imported.json()) as { id: string };
  expect(await (await api(`/workflow/n8n/status/${id}`)).json()).toEqual({ id, status: 'inactive', active: false });
  const activated = await fetch(`${n8n.baseUrl}/api/v1/workflows/${id}/activate`, { method: 'POST', headers: { 'X-N8N-API-KEY': n8n.apiKey } });
  expect(activated.status, await activated.clone().text()).toBe(200);
  expect(await (await api(`/workflow/n8n/status/${id}`)).json()).toEqual({ id, status: 'active', active: true });
  const preflight = await fetch(`${n8n.baseUrl}/webhook/ai-news`, { method: 'OPTIONS', headers: { Origin: deskUrl, 'Access-Control-Request-Method': 'POST', 'Access-Control-Request-Headers': 'content-type' } });
  expect(preflight.status).toBe(204);
  expect(preflight.headers.get('access-control-allow-origin')).toBe(deskUrl);
});

test('a run started from the console moves through its five stages in order in the Monitoring tab and lands in the logs', async ({ page }) => {
  await openMonitoring(page);
  // Every stage waits 5 s in n8n, so each one is seen running before it is finished.
  await page.route('**/api/workflow/ai-news/start', async (route) => {
    const body = JSON.parse(route.request().postData() ?? '{}') as Record<string, unknown>;
    await route.fulfill({ response: await route.fetch({ postData: JSON.stringify({ ...body, stageDelayMs: 5000 }) }) });
  });
  // Every state each stage shows, in the order the page shows them (a MutationObserver on the stages' data-state).
  await page.evaluate(() => {
    const seen: string[] = [];
    (window as unknown as { stageStates: string[] }).stageStates = seen;
    const record = (el: Element) => {
      const entry = `${el.getAttribute('data-testid')?.slice('live-stage-'.length)}:${el.getAttribute('data-state')}`;
      if (seen.at(-1) !== entry) seen.push(entry);
    };
    new MutationObserver((records) => {
      for (const r of records) {
        const el = r.target instanceof Element ? r.target.closest('[data-testid^="live-stage-"]') : null;
        if (el) record(el);
        // A stage list rendered anew (the run's first update came after Scraper had started) arrives as added nodes
        // already in their state: without these, 'Scraper:started' was missing from the record although the page
        // showed 'Läuft' (a fresh-clone CI run).
        for (const node of r.addedNodes) {
          if (!(node instanceof Element)) continue;
          const added = [...(node.matches('[data-testid^="live-stage-"]') ? [node] : []), ...node.querySelectorAll('[data-testid^="live-stage-"]')];
          for (const stageEl of added) record(stageEl);
        }
      }
    }).observe(document.body, { subtree: true, childList: true, attributes: true, attributeFilter: ['data-state'] });
  });
  const answered = page.waitForResponse((r) => r.url().endsWith('/api/workflow/ai-news/start'), { timeout: 60_000 });
  // The header's start button: on a live desk it goes through the server, never straight to the webhook.
  const webhookPosts: string[] = [];
  page.on('request', (r) => {
    if (r.method() === 'POST' && (r.url().startsWith(n8n.baseUrl) || r.url().includes('/webhook/'))) webhookPosts.push(r.url());
  });
  await page.getByRole('button', { name: 'Run Workflow' }).click();
  expect((await answered).status()).toBe(200);
  await expect(page.getByText('n8n Workflow gestartet', { exact: true })).toBeVisible();
  await expect(stage(page, 'Scraper')).toContainText('Läuft', { timeout: 30_000 });
  for (const name of STAGES) {
    await expect(stage(page, name)).toHaveAttribute('data-state', 'finished', { timeout: 30_000 });
    await expect(stage(page, name)).toContainText('Fertig');
    await expect(stage(page, name)).toContainText(/\d,\d s/);
  }
  await expect(page.getByTestId('live-run-status')).toHaveText('Erfolgreich');
  // In the page's own record: each stage ran and finished before the next one started.
  const states = await page.evaluate(() => (window as unknown as { stageStates: string[] }).stageStates.filter((e) => !e.endsWith(':pending')));
  expect([...new Set(states)]).toEqual(STAGES.flatMap((name) => [`${name}:started`, `${name}:finished`]));

  const runs = (await (await api('/workflow/runs?limit=1')).json()) as Array<{ id: string }>;
  const row = page.getByTestId(`run-${runs[0].id}`);
  await expect(row).toContainText('Breaking News');
  await expect(row).toContainText('Erfolgreich');
  await row.getByRole('button', { name: `Logs ${runs[0].id}` }).click();
  const log = page.getByTestId('run-log');
  for (const name of STAGES) await expect(log).toContainText(`${name} fertig`);
  const text = (await log.textContent()) ?? '';
  const order = STAGES.map((name) => text.indexOf(`${name} gestartet`));
  expect(order).toEqual([...order].sort((a, b) => a - b));
  expect(order[0]).toBeGreaterThan(-1);
  expect(webhookPosts).toEqual([]);

  // The overview: n8n's real state in System Status, and the AI workflow's progress from this run (all five done).
  await page.goto(`${deskUrl}/dashboard`);
  const n8nRow = page.getByRole('listitem').filter({ hasText: 'n8n Workflow' });
  await expect(n8nRow).toContainText('Verbunden');
  await expect(n8nRow).toContainText('Online');
  for (const name of STAGES) await expect(page.getByRole('progressbar', { name, exact: true })).toHaveAttribute('aria-valuenow', '100');
  await expect(page.getByText('0 Jobs in der Warteschlange')).toBeVisible();
});

test('a stage failed on purpose shows as failed, and Retry from the console has n8n finish the run', async ({ page }) => {
  await openMonitoring(page);
  // Started from the console's header too; the failure flag the example workflow honours (the TTS stage fails in the
  // first execution) is added on the way, as an operator's n8n would be told by its own test data.
  await page.route('**/api/workflow/ai-news/start', async (route) => {
    const body = JSON.parse(route.request().postData() ?? '{}') as Record<string, unknown>;
    await route.fulfill({ response: await route.fetch({ postData: JSON.stringify({ ...body, topic: 'Absichtlicher Fehler', failStage: 'TTS' }) }) });
  });
  const answered = page.waitForResponse((r) => r.url().endsWith('/api/workflow/ai-news/start'), { timeout: 60_000 });
  await page.getByRole('button', { name: 'Run Workflow' }).click();
  expect((await answered).status()).toBe(200);
  await expect(page.getByText('n8n Workflow gestartet', { exact: true })).toBeVisible();
  await expect(stage(page, 'TTS')).toHaveAttribute('data-state', 'failed', { timeout: 30_000 });
  await expect(stage(page, 'TTS')).toContainText('Fehlgeschlagen');
  await expect(stage(page, 'TTS')).toContainText('TTS fehlgeschlagen (failStage)');
  await expect(stage(page, 'Video Gen')).toHaveAttribute('data-state', 'pending');
  await expect(page.getByTestId('live-run-status')).toHaveText('Fehlgeschlagen');

  const [run] = (await (await api('/workflow/runs?limit=1')).json()) as Array<{ id: string }>;
  const row = page.getByTestId(`run-${run.id}`);
  await expect(row).toContainText('Fehlgeschlagen');
  await row.getByRole('button', { name: `Retry ${run.id}` }).click();
  await expect(page.getByText('Workflow ausgelöst', { exact: true })).toBeVisible({ timeout: 60_000 });
  for (const name of STAGES) await expect(stage(page, name)).toHaveAttribute('data-state', 'finished', { timeout: 30_000 });
  await expect(page.getByTestId('live-run-status')).toHaveText('Erfolgreich');
  await expect(row).toContainText('Erfolgreich');
  await expect(row.getByRole('button', { name: `Retry ${run.id}` })).toHaveCount(0);
  // In n8n: the first execution failed, its retry succeeded.
  const executions = (await (await fetch(`${n8n.baseUrl}/api/v1/executions?limit=2`, { headers: { 'X-N8N-API-KEY': n8n.apiKey } })).json()) as { data: Array<{ status: string; mode: string }> };
  expect(executions.data.map((e) => [e.mode, e.status])).toEqual([['retry', 'success'], ['webhook', 'error']]);
});
