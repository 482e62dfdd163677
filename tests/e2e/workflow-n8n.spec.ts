import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { expect, test, type Page } from '@playwright/test';
import { startFeedServer, storyFixtures, rss2, type FeedServer } from '../fakes/feeds';
import { startN8n, type N8nHarness } from '../n8n/n8n-harness';

// The shipped example workflow in a REAL n8n 1.123.50: imported through the server and activated, it orchestrates one
// run started from the console (live mode, served by the Newsdesk server whose N8N_BASE_URL points at that n8n) by asking
// the server for each stage and waiting for the server's call back; the server does the work from two local feeds. A run
// whose Scraper finds nothing fails in n8n, and Retry from the console has n8n's retry finish it once the feed has a
// matching item. n8n starts once for the file.
const TOKEN = 'e2e-n8n-operator-token-0123456789';
const DIST = path.resolve(process.env.E2E_DIST ?? 'dist');
const DESK_PORT = Number(process.env.N8N_E2E_DESK_PORT ?? 4313);
const STAGES = ['Scraper', 'AI Analyse', 'TTS', 'Video Gen', 'Social Post'];
const STORY = 'Bundestag beschließt Gesetz zur Förderung erneuerbarer Energien';
const MISSING_TOPIC = 'Mondlandung Raumfähre';

let n8n: N8nHarness;
let feeds: FeedServer;
let desk: ChildProcess;
let deskUrl: string;
let dataDir: string;
let alphaId: string;

async function startDesk(): Promise<void> {
  desk = spawn(process.execPath, ['--import', 'tsx', 'server/main.ts'], {
    env: {
      ...process.env,
      NEWSDESK_TOKEN: TOKEN,
      NEWSDESK_DIST_DIR: DIST,
      NEWSDESK_DATA_DIR: dataDir,
      HOST: '127.0.0.1',
      PORT: String(DESK_PORT),
      N8N_BASE_URL: n8n.baseUrl,
      N8N_API_KEY: n8n.apiKey,
      N8N_AI_NEWS_WEBHOOK_PATH: 'ai-news',
      // The feeds are on this machine, and no public feeds are seeded (nothing here reaches the internet).
      NEWSDESK_FETCH_PRIVATE: '1',
      NEWSDESK_DEFAULT_SOURCES: '0',
    },
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
    headers: {
      Authorization: `Bearer ${TOKEN}`,
      ...(init.json !== undefined ? { 'Content-Type': 'application/json' } : {}),
    },
    body: init.json !== undefined ? JSON.stringify(init.json) : init.body,
  });

async function addSource(name: string, url: string): Promise<string> {
  const created = await api('/sources', { method: 'POST', json: { name, url, category: 'general', language: 'de' } });
  expect(created.status, await created.clone().text()).toBe(201);
  return ((await created.json()) as { id: string }).id;
}

const n8nExecutions = async (limit: number) =>
  (
    (await (
      await fetch(`${n8n.baseUrl}/api/v1/executions?limit=${limit}`, { headers: { 'X-N8N-API-KEY': n8n.apiKey } })
    ).json()) as { data: Array<{ status: string; mode: string }> }
  ).data.map((e) => [e.mode, e.status]);

async function openMonitoring(page: Page) {
  await page.goto(`${deskUrl}/dashboard/workflow`);
  const dialog = page.getByRole('dialog', { name: 'Zugang zum Newsdesk' });
  await dialog.getByRole('button', { name: 'Mit API-Token anmelden' }).click();
  await dialog.getByLabel('Zugangs-Token').fill(TOKEN);
  await dialog.getByRole('button', { name: 'Anmelden' }).click();
  await expect(dialog).toBeHidden();
  await page.getByRole('tab', { name: /Monitoring/ }).click();
}

/** Every state each stage shows, in the order the page shows them (a MutationObserver on the stages' data-state). */
async function recordStageStates(page: Page) {
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
        // A stage list rendered anew arrives as added nodes already in their state.
        for (const node of r.addedNodes) {
          if (!(node instanceof Element)) continue;
          const added = [
            ...(node.matches('[data-testid^="live-stage-"]') ? [node] : []),
            ...node.querySelectorAll('[data-testid^="live-stage-"]'),
          ];
          for (const stageEl of added) record(stageEl);
        }
      }
    }).observe(document.body, { subtree: true, childList: true, attributes: true, attributeFilter: ['data-state'] });
  });
}

/** No stage of the page's record started or ended before every stage ahead of it had ended. */
async function expectStagesInOrder(page: Page) {
  const states = await page.evaluate(() =>
    (window as unknown as { stageStates: string[] }).stageStates.filter((e) => !e.endsWith(':pending')),
  );
  const done = new Set<string>();
  for (const entry of states) {
    const [name, state] = entry.split(':');
    expect(
      STAGES.slice(0, STAGES.indexOf(name)).filter((s) => !done.has(s)),
      `${entry} in ${states.join(', ')}`,
    ).toEqual([]);
    if (state === 'finished' || state === 'skipped') done.add(name);
  }
  expect([...done]).toEqual(STAGES);
}

/**
 * Four stages done — without a provider key the desk's embedded engines speak and render the story — and Social Post
 * waiting for the review: the run waits („Wartet auf Prüfung“) and n8n's Wait node with it, until the story is
 * published (Social Post finishes: no platform is connected on this desk) or rejected (the run ends „Abgelehnt“).
 */
async function expectRunDone(page: Page, decision: 'publish' | 'reject' = 'publish') {
  const stage = (name: string) => page.getByTestId(`live-stage-${name}`);
  for (const name of ['Scraper', 'AI Analyse', 'TTS', 'Video Gen']) {
    await expect(stage(name)).toHaveAttribute('data-state', 'finished', { timeout: 60_000 });
    await expect(stage(name)).toContainText('Fertig');
    await expect(stage(name)).toContainText(/\d,\d s/);
  }
  await expect(page.getByTestId('live-run-status')).toHaveText('Wartet auf Prüfung', { timeout: 60_000 });
  await expect(stage('Social Post')).toHaveAttribute('data-state', 'started');
  const [run] = (await (await api('/workflow/runs?limit=1')).json()) as Array<{
    artefacts?: Array<{ kind: string; id: string }>;
  }>;
  const story = run.artefacts?.find((a) => a.kind === 'story');
  expect((await api(`/news/${story?.id}/${decision}`, { method: 'POST' })).status).toBe(200);
  if (decision === 'publish') {
    await expect(stage('Social Post')).toHaveAttribute('data-state', 'finished', { timeout: 60_000 });
    await expect(page.getByTestId('live-run-status')).toHaveText('Erfolgreich');
  } else {
    await expect(stage('Social Post')).toHaveAttribute('data-state', 'skipped', { timeout: 60_000 });
    await expect(stage('Social Post')).toContainText('Von der Redaktion abgelehnt.');
    await expect(page.getByTestId('live-run-status')).toHaveText('Abgelehnt');
  }
}

test.use({ serviceWorkers: 'block' });
test.describe.configure({ mode: 'serial', timeout: 240_000 });

test.beforeAll(async () => {
  test.setTimeout(300_000);
  feeds = await startFeedServer();
  const { alpha, beta } = storyFixtures(feeds.url);
  feeds.set('/alpha.xml', { body: alpha });
  feeds.set('/beta.xml', { body: beta, type: 'application/atom+xml' });
  n8n = await startN8n();
  dataDir = await mkdtemp(path.join(os.tmpdir(), 'newsdesk-e2e-n8n-'));
  await startDesk();
  alphaId = await addSource('Alpha Nachrichten', `${feeds.url}/alpha.xml`);
  await addSource('Beta Zeitung', `${feeds.url}/beta.xml`);
});

test.afterAll(async () => {
  if (desk && desk.exitCode === null) {
    const gone = new Promise((resolve) => desk.once('exit', resolve));
    desk.kill('SIGTERM');
    await gone;
  }
  await n8n?.stop();
  await feeds?.close();
  if (dataDir) await rm(dataDir, { recursive: true, force: true });
});

test('the example workflow is imported through the server, activated in n8n, its state read back; its webhooks answer CORS', async () => {
  const form = new FormData();
  form.append(
    'workflow',
    new Blob([await readFile('examples/n8n/ai-news.workflow.json')], { type: 'application/json' }),
    'ai-news.workflow.json',
  );
  const imported = await api('/workflow/n8n/upload', { method: 'POST', body: form });
  expect(imported.status, await imported.clone().text()).toBe(200);
  const { id } = (await imported.json()) as { id: string };
  expect(await (await api(`/workflow/n8n/status/${id}`)).json()).toEqual({ id, status: 'inactive', active: false });
  const activated = await fetch(`${n8n.baseUrl}/api/v1/workflows/${id}/activate`, {
    method: 'POST',
    headers: { 'X-N8N-API-KEY': n8n.apiKey },
  });
  expect(activated.status, await activated.clone().text()).toBe(200);
  expect(await (await api(`/workflow/n8n/status/${id}`)).json()).toEqual({ id, status: 'active', active: true });
  const preflight = await fetch(`${n8n.baseUrl}/webhook/ai-news`, {
    method: 'OPTIONS',
    headers: {
      Origin: deskUrl,
      'Access-Control-Request-Method': 'POST',
      'Access-Control-Request-Headers': 'content-type',
    },
  });
  expect(preflight.status).toBe(204);
  expect(preflight.headers.get('access-control-allow-origin')).toBe(deskUrl);
});

test("n8n drives a run started from the console through the server's five stages in order; the story comes from the feeds", async ({
  page,
}) => {
  await openMonitoring(page);
  await recordStageStates(page);
  const answered = page.waitForResponse((r) => r.url().endsWith('/api/workflow/ai-news/start'), { timeout: 60_000 });
  // The header's start button: on a live desk it goes through the server, never straight to the webhook.
  const webhookPosts: string[] = [];
  page.on('request', (r) => {
    if (r.method() === 'POST' && (r.url().startsWith(n8n.baseUrl) || r.url().includes('/webhook/')))
      webhookPosts.push(r.url());
  });
  await page.getByRole('button', { name: 'Run Workflow' }).click();
  expect((await answered).status()).toBe(200);
  await expect(page.getByText('n8n Workflow gestartet', { exact: true })).toBeVisible();
  await expectRunDone(page);
  await expectStagesInOrder(page);
  expect(webhookPosts).toEqual([]);

  // n8n's own record: one execution, ended successfully after its five waits.
  await expect.poll(() => n8nExecutions(1), { timeout: 30_000 }).toEqual([['webhook', 'success']]);
  const [run] = (await (await api('/workflow/runs?limit=1')).json()) as Array<{
    id: string;
    artefacts?: Array<{ kind: string; title: string }>;
  }>;
  expect(run.artefacts?.filter((a) => a.kind === 'item').map((a) => a.title)).toContain(STORY);
  expect(run.artefacts?.some((a) => a.kind === 'story')).toBe(true);

  const row = page.getByTestId(`run-${run.id}`);
  await expect(row).toContainText('Breaking News');
  await expect(row).toContainText('Erfolgreich');
  await row.getByRole('button', { name: `Logs ${run.id}` }).click();
  const log = page.getByTestId('run-log');
  for (const name of ['Scraper', 'AI Analyse']) await expect(log).toContainText(`${name} fertig`);
  for (const name of ['TTS', 'Video Gen']) await expect(log).toContainText(`${name} fertig`);
  await expect(log).toContainText('In AI News freigegeben');
  await expect(log).toContainText('Social Post fertig');
  const text = (await log.textContent()) ?? '';
  const order = STAGES.map((name) => text.indexOf(`${name} gestartet`));
  expect(order[0]).toBeGreaterThan(-1);
  expect(order).toEqual([...order].sort((a, b) => a - b));

  // The overview: n8n's real state in System Status, and the AI workflow's progress from this run (all five done).
  await page.goto(`${deskUrl}/dashboard`);
  const n8nRow = page.getByRole('listitem').filter({ hasText: 'n8n Workflow' });
  await expect(n8nRow).toContainText('Verbunden');
  await expect(n8nRow).toContainText('Online');
  for (const name of STAGES)
    await expect(page.getByRole('progressbar', { name, exact: true })).toHaveAttribute('aria-valuenow', '100');
  await expect(page.getByText('0 Jobs in der Warteschlange')).toBeVisible();
});

test("a Scraper that finds nothing fails the run and n8n's execution; Retry from the console finishes it once the feed has the story", async ({
  page,
}) => {
  await openMonitoring(page);
  // Started from the console's header, with a topic no feed carries yet.
  await page.route('**/api/workflow/ai-news/start', async (route) => {
    const body = JSON.parse(route.request().postData() ?? '{}') as Record<string, unknown>;
    await route.fulfill({
      response: await route.fetch({ postData: JSON.stringify({ ...body, topic: MISSING_TOPIC }) }),
    });
  });
  const answered = page.waitForResponse((r) => r.url().endsWith('/api/workflow/ai-news/start'), { timeout: 60_000 });
  await page.getByRole('button', { name: 'Run Workflow' }).click();
  expect((await answered).status()).toBe(200);
  await expect(page.getByText('n8n Workflow gestartet', { exact: true })).toBeVisible();
  const scraper = page.getByTestId('live-stage-Scraper');
  await expect(scraper).toHaveAttribute('data-state', 'failed', { timeout: 60_000 });
  await expect(scraper).toContainText('Fehlgeschlagen');
  await expect(scraper).toContainText('Keine aktuelle Meldung zum Thema „Mondlandung Raumfähre“ gefunden.');
  await expect(page.getByTestId('live-stage-AI Analyse')).toHaveAttribute('data-state', 'pending');
  await expect(page.getByTestId('live-run-status')).toHaveText('Fehlgeschlagen');
  await expect.poll(() => n8nExecutions(1), { timeout: 30_000 }).toEqual([['webhook', 'error']]);

  // The feed now carries the story, and the desk has read it.
  feeds.set('/alpha.xml', {
    body: rss2({
      title: 'Alpha Nachrichten',
      link: `${feeds.url}/alpha/`,
      items: [
        {
          title: 'Raumfähre setzt zur Mondlandung an',
          link: `${feeds.url}/alpha/mondlandung`,
          description:
            'Die Raumfähre hat am Morgen den Anflug zur Mondlandung begonnen. Die Landung wird am Abend erwartet.',
          date: new Date(),
        },
      ],
    }),
  });
  expect((await api(`/sources/${alphaId}/fetch`, { method: 'POST' })).status).toBe(200);

  const [run] = (await (await api('/workflow/runs?limit=1')).json()) as Array<{ id: string }>;
  const row = page.getByTestId(`run-${run.id}`);
  await expect(row).toContainText('Fehlgeschlagen');
  await recordStageStates(page);
  await row.getByRole('button', { name: `Retry ${run.id}` }).click();
  await expect(page.getByText('Workflow ausgelöst', { exact: true })).toBeVisible({ timeout: 60_000 });
  // This time the desk rejects the story: n8n's execution still ends well, the run ends rejected.
  await expectRunDone(page, 'reject');
  await expect(row).toContainText('Abgelehnt');
  await expect(row.getByRole('button', { name: `Retry ${run.id}` })).toHaveCount(0);
  const [after] = (await (await api('/workflow/runs?limit=1')).json()) as Array<{
    id: string;
    artefacts?: Array<{ kind: string; title: string }>;
  }>;
  expect(after.id).toBe(run.id);
  expect(after.artefacts?.filter((a) => a.kind === 'item').map((a) => a.title)).toEqual([
    'Raumfähre setzt zur Mondlandung an',
  ]);
  // In n8n: the first execution failed, its retry succeeded.
  await expect
    .poll(() => n8nExecutions(2), { timeout: 30_000 })
    .toEqual([
      ['retry', 'success'],
      ['webhook', 'error'],
    ]);
});
