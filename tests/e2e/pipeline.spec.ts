// The pipeline on a real desk with no provider key and no n8n: sources added in Admin → Quellen are read, Run Workflow
// runs the five stages on the desk's own engine, Monitoring shows the Scraper's items, the story spoken by eSpeak-NG
// and rendered by FFmpeg lands in the Media Library; a kill -9 of the server during a stage and a restart: the run goes on.
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { expect, test, type Page } from '@playwright/test';
import { postgresUnavailable, startPostgres, type PostgresCluster } from '../../server/postgres-harness';
import { startFeedServer, storyFixtures, type FeedServer } from '../fakes/feeds';
import { DESK_TOKEN, signInToDesk, startDesk, type Desk } from './desk';

test.use({ serviceWorkers: 'block' });
test.describe.configure({ mode: 'serial', timeout: 240_000 });

let cluster: PostgresCluster | undefined;
let feeds: FeedServer;
let dataDir: string;
let desk: Desk | undefined;

const deskEnv = () => ({ PORT: '0', NEWSDESK_DATA_DIR: dataDir, DATABASE_URL: cluster?.url ?? '', NEWSDESK_FETCH_PRIVATE: '1', NEWSDESK_DEFAULT_SOURCES: '0', NEWSDESK_JOB_LEASE_MS: '3000', NEWSDESK_JOB_POLL_MS: '500' });

test.beforeAll(async () => {
  const reason = process.env.CI ? undefined : postgresUnavailable();
  test.skip(reason !== undefined, reason);
  cluster = await startPostgres();
  feeds = await startFeedServer();
  const { alpha, beta } = storyFixtures(feeds.url);
  feeds.set('/alpha.xml', { body: alpha });
  feeds.set('/beta.atom', { body: beta, type: 'application/atom+xml' });
  dataDir = await mkdtemp(path.join(os.tmpdir(), 'newsdesk-e2e-pipeline-'));
  desk = await startDesk(deskEnv());
});
test.afterAll(async () => {
  await desk?.stop();
  await feeds?.close();
  await cluster?.stop();
  if (dataDir) await rm(dataDir, { recursive: true, force: true });
});

async function api<T>(url: string, pathAndQuery: string, init: RequestInit = {}): Promise<T> {
  const response = await fetch(`${url}/api${pathAndQuery}`, { ...init, headers: { Authorization: `Bearer ${DESK_TOKEN}`, 'Content-Type': 'application/json', ...init.headers } });
  if (!response.ok) throw new Error(`${pathAndQuery}: HTTP ${response.status} ${await response.text()}`);
  return (await response.json()) as T;
}

async function addSource(page: Page, name: string, url: string) {
  const tab = page.getByRole('tabpanel', { name: 'Quellen' });
  await tab.getByLabel('Name').fill(name);
  await tab.getByLabel('Feed-Adresse').fill(url);
  await tab.getByLabel('Kategorie').fill('general');
  await tab.getByRole('button', { name: 'Quelle hinzufügen' }).click();
  await expect(page.getByText('Quelle gespeichert').first()).toBeVisible();
}

test('sources added in Admin, Run Workflow without n8n or keys: the items, the story, its speech and video', async ({ page }) => {
  const url = (desk as Desk).url;
  await signInToDesk(page, url, '/dashboard/admin');
  await page.getByRole('tab', { name: 'Quellen' }).click();
  await addSource(page, 'Alpha Nachrichten', `${feeds.url}/alpha.xml`);
  await addSource(page, 'Beta Zeitung', `${feeds.url}/beta.atom`);
  await page.getByRole('button', { name: 'Alle jetzt abrufen' }).click();
  await expect(page.getByText('Abruf abgeschlossen').first()).toBeVisible();
  await expect(page.getByText('Bundestag beschließt Gesetz zur Förderung erneuerbarer Energien').first()).toBeVisible();

  await page.goto(`${url}/dashboard/workflow`);
  await page.getByRole('button', { name: 'Run Workflow' }).click();
  await page.getByRole('tab', { name: /Monitoring/ }).click();
  await expect(page.getByTestId('live-stage-Scraper')).toHaveAttribute('data-state', 'finished', { timeout: 60_000 });
  await expect(page.getByTestId('live-stage-AI Analyse')).toHaveAttribute('data-state', 'finished', { timeout: 60_000 });
  await expect(page.getByTestId('live-stage-TTS')).toHaveAttribute('data-state', 'finished', { timeout: 60_000 });
  await expect(page.getByTestId('live-stage-Video Gen')).toHaveAttribute('data-state', 'finished', { timeout: 90_000 });
  const social = page.getByTestId('live-stage-Social Post');
  await expect(social).toHaveAttribute('data-state', 'skipped');
  await expect(social).toContainText('Die Meldung liegt als Entwurf in AI News und wird erst nach der Prüfung veröffentlicht.');
  await expect(page.getByTestId('live-run-status')).toHaveText('Erfolgreich', { timeout: 60_000 });
  // The Scraper's items, each a link to the article, with the sources that carried it.
  // Both feeds were read at once: whichever came first gave the item its address, and both are its sources.
  const runItems = page.getByRole('list', { name: 'Quellen dieses Runs' });
  const item = runItems.getByRole('link', { name: 'Bundestag beschließt Gesetz zur Förderung erneuerbarer Energien' });
  await expect(item).toHaveAttribute('href', new RegExp(`^${feeds.url}/(alpha/energie-gesetz|beta/artikel/energie)$`));
  await expect(runItems).toContainText('Alpha Nachrichten');
  await expect(runItems).toContainText('Beta Zeitung');

  // The speech and the video are in the Media Library, and the video plays in the browser.
  await page.goto(`${url}/dashboard/media`);
  await expect(page.getByText('Bundestag beschließt Gesetz zur Förderung erneuerbarer Energien (Sprecher)').first()).toBeVisible();
  const media = await api<Array<{ title: string; type: string; url: string }>>(url, '/media');
  const clip = media.find((m) => m.type === 'video' && m.title === 'Bundestag beschließt Gesetz zur Förderung erneuerbarer Energien');
  expect(clip).toBeDefined();
  const duration = await page.evaluate(async (src) => {
    const video = document.createElement('video');
    video.src = src;
    await new Promise((resolve, reject) => {
      video.onloadedmetadata = resolve;
      video.onerror = () => reject(new Error(`video error ${video.error?.code}`));
    });
    return video.duration;
  }, new URL(String(clip?.url), url).href);
  expect(duration).toBeGreaterThan(1);
});

test('a kill -9 of the server during a stage and a restart: the run goes on', async ({ page }) => {
  let articleRequests = 0;
  // The article page answers slowly, so the Scraper is mid-stage when the server dies.
  feeds.set('/alpha/energie-gesetz', (_req, res) => {
    articleRequests += 1;
    setTimeout(() => res.writeHead(200, { 'Content-Type': 'text/html' }).end('<html><body><article><p>Der Bundestag hat am Donnerstag ein Gesetz zur Förderung erneuerbarer Energien beschlossen.</p></article></body></html>'), 6000);
  });
  // Article text is read only once per item: a new item on the same story brings the slow page into this run.
  feeds.set('/alpha.xml', { body: storyFixtures(feeds.url).alpha.replace('energie-gesetz?utm_source=rss', 'energie-gesetz-2?utm_source=rss').replace('Bundestag beschließt Gesetz', 'Bundestag beschließt neues Gesetz') });
  feeds.set('/alpha/energie-gesetz-2', (_req, res) => {
    articleRequests += 1;
    setTimeout(() => res.writeHead(200, { 'Content-Type': 'text/html' }).end('<html><body><article><p>Der Bundestag hat am Donnerstag ein neues Gesetz zur Förderung erneuerbarer Energien beschlossen.</p></article></body></html>'), 6000);
  });
  const first = desk as Desk;
  await api(first.url, '/sources/fetch', { method: 'POST' });
  const started = await api<{ executionId: string }>(first.url, '/workflow/ai-news/start', { method: 'POST', body: JSON.stringify({ topic: 'Breaking News' }) });
  await expect.poll(() => articleRequests, { timeout: 30_000 }).toBeGreaterThan(0);
  const runs = await api<Array<{ id: string; stages: Array<{ stage: string; state: string }> }>>(first.url, '/workflow/runs?limit=5');
  expect(runs.find((r) => r.id === started.executionId)?.stages[0].state).toBe('started');
  first.child.kill('SIGKILL');
  await new Promise((resolve) => first.child.once('exit', resolve));

  desk = await startDesk(deskEnv());
  await signInToDesk(page, desk.url, '/dashboard/workflow');
  await page.getByRole('tab', { name: /Monitoring/ }).click();
  await expect(page.getByTestId('live-run-status')).toHaveText('Erfolgreich', { timeout: 90_000 });
  await expect(page.getByTestId('live-stage-Scraper')).toHaveAttribute('data-state', 'finished');
  const after = await api<Array<{ id: string; log: string[] }>>(desk.url, '/workflow/runs?limit=5');
  expect(after.find((r) => r.id === started.executionId)?.log.join('\n')).toContain('Scraper nach einem Abbruch wieder aufgenommen');
});
