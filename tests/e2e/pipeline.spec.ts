// The pipeline on a real desk with no provider key and no n8n: sources added in Admin → Quellen are read, Run Workflow
// runs the five stages on the desk's own engine, Monitoring shows the Scraper's items, the story spoken by eSpeak-NG
// and rendered by FFmpeg lands in the Media Library; the story waits in review in AI News with the feeds' names and
// links as its sources, Publish posts it (Telegram through its Bot API fake) and puts it on /feed.xml and its public
// page with the disclosure; Reject ends a run rejected; a kill -9 of the server during a stage and a restart: the run
// goes on.
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { expect, test, type Locator, type Page } from '@playwright/test';
import { postgresUnavailable, startPostgres, type PostgresCluster } from '../../server/data/postgres-harness';
import { startFeedServer, storyFixtures, type FeedServer } from '../fakes/feeds';
import { startTelegramFake, TELEGRAM_TOKEN } from '../fakes/telegram-social';
import { DESK_TOKEN, signInToDesk, startDesk, type Desk } from './desk';

test.use({ serviceWorkers: 'block' });
test.describe.configure({ mode: 'serial', timeout: 240_000 });

let cluster: PostgresCluster | undefined;
let feeds: FeedServer;
let dataDir: string;
let desk: Desk | undefined;
let telegram: Awaited<ReturnType<typeof startTelegramFake>>;
const STORY = 'Bundestag beschließt Gesetz zur Förderung erneuerbarer Energien';
const REVIEWED =
  'Dieser Beitrag wurde mit Hilfe von KI aus den genannten Quellen erstellt und von der Redaktion geprüft.';

const deskEnv = () => ({
  PORT: '0',
  NEWSDESK_DATA_DIR: dataDir,
  DATABASE_URL: cluster?.url ?? '',
  NEWSDESK_FETCH_PRIVATE: '1',
  NEWSDESK_DEFAULT_SOURCES: '0',
  NEWSDESK_JOB_LEASE_MS: '3000',
  NEWSDESK_JOB_POLL_MS: '500',
  // A platform, not a provider: the bot posts to its channel through the Bot API fake.
  TELEGRAM_API_URL: telegram.url,
  TELEGRAM_BOT_TOKEN: TELEGRAM_TOKEN,
  TELEGRAM_CHAT_ID: '@newsdesk',
});

test.beforeAll(async () => {
  const reason = process.env.CI ? undefined : postgresUnavailable();
  test.skip(reason !== undefined, reason);
  cluster = await startPostgres();
  feeds = await startFeedServer();
  const { alpha, beta } = storyFixtures(feeds.url);
  feeds.set('/alpha.xml', { body: alpha });
  feeds.set('/beta.atom', { body: beta, type: 'application/atom+xml' });
  dataDir = await mkdtemp(path.join(os.tmpdir(), 'newsdesk-e2e-pipeline-'));
  telegram = await startTelegramFake(0);
  desk = await startDesk(deskEnv());
});
test.afterAll(async () => {
  await desk?.stop();
  await feeds?.close();
  await telegram?.close();
  await cluster?.stop();
  if (dataDir) await rm(dataDir, { recursive: true, force: true });
});

async function api<T>(url: string, pathAndQuery: string, init: RequestInit = {}): Promise<T> {
  const response = await fetch(`${url}/api${pathAndQuery}`, {
    ...init,
    headers: { Authorization: `Bearer ${DESK_TOKEN}`, 'Content-Type': 'application/json', ...init.headers },
  });
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

/** The player reaches canplay, then seeks to its middle: what an operator needs of a clip, not just its metadata. */
async function playsAndSeeks(player: Locator): Promise<{ duration: number; at: number }> {
  const result = await player.evaluate(async (element: HTMLMediaElement) => {
    const failed = (reject: (e: Error) => void) => () => reject(new Error(`media error ${element.error?.code}`));
    if (element.readyState < 3) {
      await new Promise((resolve, reject) => {
        element.addEventListener('canplay', resolve, { once: true });
        element.addEventListener('error', failed(reject), { once: true });
        element.preload = 'auto';
        element.load();
      });
    }
    const target = element.duration / 2;
    await new Promise((resolve, reject) => {
      element.addEventListener('seeked', resolve, { once: true });
      element.addEventListener('error', failed(reject), { once: true });
      element.currentTime = target;
    });
    return { duration: element.duration, at: element.currentTime, target };
  });
  expect(Math.abs(result.at - result.target)).toBeLessThan(0.5);
  return { duration: result.duration, at: result.at };
}

test('sources added in Admin, Run Workflow without n8n or keys: the items, the story, its speech and video', async ({
  page,
}) => {
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
  await expect(page.getByTestId('live-stage-AI Analyse')).toHaveAttribute('data-state', 'finished', {
    timeout: 60_000,
  });
  await expect(page.getByTestId('live-stage-TTS')).toHaveAttribute('data-state', 'finished', { timeout: 60_000 });
  await expect(page.getByTestId('live-stage-Video Gen')).toHaveAttribute('data-state', 'finished', { timeout: 90_000 });
  // „Freigabe vor Veröffentlichung“ is on by default: the run waits with its story in review.
  await expect(page.getByTestId('live-run-status')).toHaveText('Wartet auf Prüfung', { timeout: 60_000 });
  await expect(page.getByTestId('live-stage-Social Post')).toHaveAttribute('data-state', 'started');
  // The Scraper's items, each a link to the article, with the sources that carried it.
  // Both feeds were read at once: whichever came first gave the item its address, and both are its sources.
  const runItems = page.getByRole('list', { name: 'Quellen dieses Runs' });
  const item = runItems.getByRole('link', { name: 'Bundestag beschließt Gesetz zur Förderung erneuerbarer Energien' });
  await expect(item).toHaveAttribute('href', new RegExp(`^${feeds.url}/(alpha/energie-gesetz|beta/artikel/energie)$`));
  await expect(runItems).toContainText('Alpha Nachrichten');
  await expect(runItems).toContainText('Beta Zeitung');

  // The speech and the video are in the Media Library, and both play and seek in its player.
  await page.goto(`${url}/dashboard/media`);
  for (const title of [`${STORY} (Sprecher)`, STORY]) {
    await page
      .getByRole('button', { name: `Aktionen für ${title}`, exact: true })
      .first()
      .click();
    await page.getByRole('menuitem', { name: 'Preview' }).click();
    const dialog = page.getByRole('dialog');
    const played = await playsAndSeeks(
      dialog.getByLabel(title.endsWith('(Sprecher)') ? `Audio: ${title}` : `Video: ${title}`, { exact: true }),
    );
    expect(played.duration).toBeGreaterThan(1);
    await page.keyboard.press('Escape');
    await expect(dialog).toBeHidden();
  }
});

test('the story in review in AI News: its sources are the feeds; Publish posts it and puts it on the feed and its page', async ({
  page,
}) => {
  const url = (desk as Desk).url;
  await api(url, '/social/platforms/telegram/connect', { method: 'POST' });
  await signInToDesk(page, url, '/dashboard/ai-news');
  const row = page.getByTestId('news-row').filter({ hasText: STORY });
  await expect(row).toContainText('In Prüfung');
  // Both feeds were read at once: whichever came first is the item's first source, and so the story's.
  await expect(row).toContainText(/Alpha Nachrichten|Beta Zeitung/);
  await row.getByRole('button', { name: /Aktionen für/ }).click();
  await page.getByRole('menuitem', { name: 'Details' }).click();
  const details = page.getByTestId('news-details');
  await expect(details.getByTestId('news-details-written-by')).toContainText('Automatisch zusammengefasst (ohne KI)');
  const first = details.getByTestId('news-details-source-1');
  await expect(first.getByRole('link', { name: STORY })).toHaveAttribute(
    'href',
    new RegExp(`^${feeds.url}/(alpha/energie-gesetz|beta/artikel/energie)$`),
  );
  await expect(first).toContainText('Alpha Nachrichten');
  await expect(first).toContainText('Beta Zeitung');
  // The other feed's own report is linked from its name, so every outlet's report stays one click away.
  const own = await first.getByRole('link', { name: STORY }).getAttribute('href');
  const other = first.getByRole('link', { name: /^(Alpha Nachrichten|Beta Zeitung)$/ });
  await expect(other).toHaveCount(1);
  const otherHref = await other.getAttribute('href');
  expect(otherHref).toMatch(new RegExp(`^${feeds.url}/(alpha/energie-gesetz|beta/artikel/energie)$`));
  expect(otherHref).not.toBe(own);
  await page.keyboard.press('Escape');

  // Nothing invented: every sentence of the story stands in a text of the feeds or the article it was read from.
  const texts = [storyFixtures(feeds.url).alpha, storyFixtures(feeds.url).beta]
    .join(' ')
    .replace(/<[^>]+>|&lt;[^&]+&gt;/g, ' ')
    .replace(/&amp;/g, '&')
    .replace(/\s+/g, ' ');
  const list = await api<Array<{ id: string; title: string; status: string }>>(url, '/news');
  const story = list.find((n) => n.title === STORY && n.status === 'review');
  const full = await api<{ script: string; teaser: string }>(url, `/news/${story?.id}`);
  const sentences = [...full.script.matchAll(/(.+?)\s*\[(\d+)\]\s*/g)].map((m) => m[1].trim());
  expect(sentences.length).toBeGreaterThan(0);
  for (const sentence of sentences) expect(texts).toContain(sentence);

  await row.getByRole('button', { name: /Aktionen für/ }).click();
  await page.getByRole('menuitem', { name: 'Reject' }).waitFor();
  await page.getByRole('menuitem', { name: 'Publish' }).click();
  await expect(page.getByText(`„${STORY}“ ist jetzt veröffentlicht.`)).toBeVisible();
  await expect(row).toContainText('Veröffentlicht');

  // The run went on: Social Post posted to Telegram, the one connected platform of the run.
  await page.goto(`${url}/dashboard/workflow`);
  await page.getByRole('tab', { name: /Monitoring/ }).click();
  await expect(page.getByTestId('live-run-status')).toHaveText('Erfolgreich', { timeout: 60_000 });
  await expect(page.getByTestId('live-stage-Social Post')).toHaveAttribute('data-state', 'finished');
  await expect.poll(() => telegram.sent().length).toBe(1);
  const message = String(telegram.sent()[0].text ?? telegram.sent()[0].caption);
  expect(message).toContain(STORY);
  expect(message).toContain('Quellen:');
  expect(message).toContain(REVIEWED);
  await page.goto(`${url}/dashboard/posts`);
  await expect(page.getByRole('row').filter({ hasText: STORY }).filter({ hasText: 'Telegram' }).first()).toContainText(
    'Veröffentlicht',
  );

  // The desk's own channel, without the token: the Atom feed and the story's page with its sources and disclosure.
  const feed = await (await fetch(`${url}/feed.xml`)).text();
  expect(feed).toContain(STORY);
  const published = await api<{ publicUrl: string | null }>(url, `/news/${story?.id}`);
  expect(published.publicUrl).toMatch(new RegExp(`^${url}/news/`));
  await page.goto(String(published.publicUrl));
  await expect(page.getByRole('heading', { level: 1, name: STORY })).toBeVisible();
  await expect(page.getByTestId('disclosure')).toHaveText(REVIEWED);
  await expect(page.getByRole('link', { name: STORY }).first()).toHaveAttribute('href', new RegExp(`^${feeds.url}/`));
  for (const player of [page.locator('video'), page.locator('audio')])
    expect((await playsAndSeeks(player)).duration).toBeGreaterThan(1);
});

test('Reject in AI News ends the run rejected, and the story goes nowhere', async ({ page }) => {
  const url = (desk as Desk).url;
  const started = await api<{ executionId: string }>(url, '/workflow/ai-news/start', {
    method: 'POST',
    body: JSON.stringify({ topic: 'Breaking News' }),
  });
  await expect
    .poll(
      async () =>
        (await api<Array<{ id: string; status: string }>>(url, '/workflow/runs?limit=5')).find(
          (r) => r.id === started.executionId,
        )?.status,
      { timeout: 120_000 },
    )
    .toBe('waiting');
  await signInToDesk(page, url, '/dashboard/ai-news');
  await page.getByLabel('Status').selectOption('review');
  const row = page.getByTestId('news-row').filter({ hasText: STORY });
  await expect(row).toHaveCount(1);
  await row.getByRole('button', { name: /Aktionen für/ }).click();
  await page.getByRole('menuitem', { name: 'Reject' }).click();
  await expect(page.getByText('Meldung abgelehnt').first()).toBeVisible();
  await page.goto(`${url}/dashboard/workflow`);
  await page.getByRole('tab', { name: /Monitoring/ }).click();
  await expect(page.getByTestId('live-run-status')).toHaveText('Abgelehnt', { timeout: 30_000 });
  await expect(page.getByTestId('live-stage-Social Post')).toContainText('Von der Redaktion abgelehnt.');
  expect(telegram.sent()).toHaveLength(1);
});

test('a kill -9 of the server during a stage and a restart: the run goes on', async ({ page }) => {
  let articleRequests = 0;
  // The article page answers slowly, so the Scraper is mid-stage when the server dies.
  feeds.set('/alpha/energie-gesetz', (_req, res) => {
    articleRequests += 1;
    setTimeout(
      () =>
        res
          .writeHead(200, { 'Content-Type': 'text/html' })
          .end(
            '<html><body><article><p>Der Bundestag hat am Donnerstag ein Gesetz zur Förderung erneuerbarer Energien beschlossen.</p></article></body></html>',
          ),
      6000,
    );
  });
  // Article text is read only once per item: a new item on the same story brings the slow page into this run.
  feeds.set('/alpha.xml', {
    body: storyFixtures(feeds.url)
      .alpha.replace('energie-gesetz?utm_source=rss', 'energie-gesetz-2?utm_source=rss')
      .replace('Bundestag beschließt Gesetz', 'Bundestag beschließt neues Gesetz'),
  });
  feeds.set('/alpha/energie-gesetz-2', (_req, res) => {
    articleRequests += 1;
    setTimeout(
      () =>
        res
          .writeHead(200, { 'Content-Type': 'text/html' })
          .end(
            '<html><body><article><p>Der Bundestag hat am Donnerstag ein neues Gesetz zur Förderung erneuerbarer Energien beschlossen.</p></article></body></html>',
          ),
      6000,
    );
  });
  const first = desk as Desk;
  await api(first.url, '/sources/fetch', { method: 'POST' });
  const started = await api<{ executionId: string }>(first.url, '/workflow/ai-news/start', {
    method: 'POST',
    body: JSON.stringify({ topic: 'Breaking News' }),
  });
  await expect.poll(() => articleRequests, { timeout: 30_000 }).toBeGreaterThan(0);
  const runs = await api<Array<{ id: string; stages: Array<{ stage: string; state: string }> }>>(
    first.url,
    '/workflow/runs?limit=5',
  );
  expect(runs.find((r) => r.id === started.executionId)?.stages[0].state).toBe('started');
  first.child.kill('SIGKILL');
  await new Promise((resolve) => first.child.once('exit', resolve));

  desk = await startDesk(deskEnv());
  await signInToDesk(page, desk.url, '/dashboard/workflow');
  await page.getByRole('tab', { name: /Monitoring/ }).click();
  await expect(page.getByTestId('live-run-status')).toHaveText('Wartet auf Prüfung', { timeout: 90_000 });
  await expect(page.getByTestId('live-stage-Scraper')).toHaveAttribute('data-state', 'finished');
  const after = await api<Array<{ id: string; log: string[] }>>(desk.url, '/workflow/runs?limit=5');
  expect(after.find((r) => r.id === started.executionId)?.log.join('\n')).toContain(
    'Scraper nach einem Abbruch wieder aufgenommen',
  );
});
