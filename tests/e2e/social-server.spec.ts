import { mkdtemp, readFile, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { expect, test, type Page } from '@playwright/test';
import { FACEBOOK_CLIENT, startGraphFake, type GraphFake } from '../fakes/facebook-graph';
import { startTelegramFake, TELEGRAM_TOKEN } from '../fakes/telegram-social';
import { startTikTokFake, TIKTOK_CLIENT, type TikTokFake } from '../fakes/tiktok';
import { startYouTubeFake, type YouTubeFake } from '../fakes/youtube';
import { DESK_TOKEN, signInToDesk, startDesk, type Desk } from './desk';

// Live mode against the Newsdesk server and the provider fakes: a post scheduled a minute ahead is published
// once by the server's job queue; TikTok connects through the 600 × 400 popup and the server's OAuth.
test.use({ serviceWorkers: 'block', timezoneId: 'Europe/Berlin' });
test.describe.configure({ mode: 'serial', timeout: 180_000 });

let dataDir: string;
let desk: Desk;
let telegram: Awaited<ReturnType<typeof startTelegramFake>>;
let tiktok: TikTokFake;
let youtube: YouTubeFake;
let graph: GraphFake;

test.beforeAll(async () => {
  // The first start of the embedded database (initdb) is slow on a loaded machine.
  test.setTimeout(150_000);
  dataDir = await mkdtemp(path.join(os.tmpdir(), 'newsdesk-e2e-social-'));
  [telegram, tiktok, youtube, graph] = await Promise.all([
    startTelegramFake(4358),
    startTikTokFake(4359),
    startYouTubeFake(4356),
    startGraphFake(4352),
  ]);
  // TikTok pulls the attached video from the desk's signed file address, as PULL_FROM_URL does.
  tiktok.pullMedia = true;
  desk = await startDesk({
    PORT: '4357',
    NEWSDESK_DATA_DIR: dataDir,
    // The scheduler looks every 200 ms, so the journey waits for the minute, not for the poll.
    NEWSDESK_JOB_POLL_MS: '200',
    TELEGRAM_API_URL: telegram.url,
    TELEGRAM_BOT_TOKEN: TELEGRAM_TOKEN,
    TELEGRAM_CHAT_ID: '@newsdesk',
    FACEBOOK_GRAPH_URL: graph.base,
    FACEBOOK_AUTH_URL: `${graph.base}/dialog/oauth`,
    FACEBOOK_CLIENT_ID: FACEBOOK_CLIENT.id,
    FACEBOOK_CLIENT_SECRET: FACEBOOK_CLIENT.secret,
    YOUTUBE_API_URL: youtube.url,
    YOUTUBE_ACCESS_TOKEN: 'yt-env-token',
    TIKTOK_ACCESS_TOKEN: 'tt-env-token',
    TIKTOK_API_URL: tiktok.url,
    TIKTOK_AUTH_URL: `${tiktok.url}/v2/auth/authorize/`,
    TIKTOK_CLIENT_ID: TIKTOK_CLIENT.id,
    TIKTOK_CLIENT_SECRET: TIKTOK_CLIENT.secret,
  });
});
test.afterAll(async () => {
  await desk?.stop();
  await Promise.all([telegram?.close(), tiktok?.close(), youtube?.close(), graph?.close()]);
  await rm(dataDir, { recursive: true, force: true });
});

/** Date and time (Berlin wall clock) of the next whole minute that is at most a minute ahead. */
function nextMinuteInBerlin(): { date: string; time: string } {
  // At least half a minute ahead: on a loaded machine the steps before the due time check take many seconds.
  const at = new Date(Math.ceil((Date.now() + 30_000) / 60_000) * 60_000);
  const parts = Object.fromEntries(
    new Intl.DateTimeFormat('en-CA', {
      timeZone: 'Europe/Berlin',
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      hourCycle: 'h23',
    })
      .formatToParts(at)
      .map((p) => [p.type, p.value]),
  );
  return { date: `${parts.year}-${parts.month}-${parts.day}`, time: `${parts.hour}:${parts.minute}` };
}

test('schedule a Telegram post a minute ahead: the server publishes it at its time, once, and the Schedule tab says so', async ({
  page,
}) => {
  await signInToDesk(page, desk.url, '/dashboard/social');
  await page.getByRole('button', { name: 'Connect Telegram Bot' }).click();
  await expect(page.getByTestId('platform-telegram')).toContainText('Connected');

  const content = `Geplant über den Server ${Date.now()}`;
  await page.getByRole('checkbox', { name: 'Telegram' }).check();
  await page.getByLabel('Titel').fill('Minuten-Post');
  await page.getByLabel('Inhalt').fill(content);
  const planen = page.getByRole('switch', { name: 'Planen' });
  if (!(await planen.isChecked())) await planen.click();
  await expect(page.getByText('Zeitzone: Europe/Berlin')).toBeVisible();
  const { date, time } = nextMinuteInBerlin();
  await page.getByLabel('Datum').fill(date);
  await page.getByLabel('Uhrzeit').fill(time);
  await page.getByRole('button', { name: 'Schedule' }).click();
  await expect(page.getByText('Post geplant', { exact: true })).toBeVisible();
  expect(telegram.sent().filter((m) => m.text === content)).toHaveLength(0);

  await page.getByRole('tab', { name: 'Schedule' }).click();
  const item = page.getByRole('listitem').filter({ hasText: 'Minuten-Post' });
  await expect(item).toContainText(`Telegram · ${date} ${time}`);
  await expect(item).toContainText('Geplant');
  // The event stream brings the new state without a reload.
  await expect(item).toContainText('published', { timeout: 120_000 });
  expect(telegram.sent().filter((m) => m.text === content)).toEqual([{ chat_id: '@newsdesk', text: content }]);
});

/**
 * Admin → Social Media → Connect <label> with OAuth: the 600 × 400 popup opens, runs the server's OAuth and closes
 * itself; the card then says Connected. Returns the bodies of every /api answer the console received meanwhile.
 */
async function connectThroughPopup(page: Page, platform: string, label: string): Promise<string[]> {
  const bodies: string[] = [];
  page.on('response', async (response) => {
    if (response.url().includes('/api/')) bodies.push(await response.text().catch(() => ''));
  });
  await signInToDesk(page, desk.url, '/dashboard/admin/settings');
  await page.getByRole('tab', { name: 'Social Media' }).click();
  const card = page.getByTestId(`platform-${platform}`);
  await expect(card).toContainText('Disconnected');
  const popupOpened = page.waitForEvent('popup');
  await card.getByRole('button', { name: `Connect ${label} with OAuth` }).click();
  const popup = await popupOpened;
  expect(popup.viewportSize()).toEqual({ width: 600, height: 400 });
  // The popup may close itself before this line runs (a 'close' event already gone would be waited for in vain).
  await expect.poll(() => popup.isClosed(), { timeout: 30_000 }).toBe(true);
  await expect(page.getByText(`${label} verbunden`, { exact: true })).toBeVisible();
  await expect(card).toContainText('Connected');
  await expect(card).toContainText('Verbunden (OAuth)');
  return bodies;
}

test('connect TikTok through the 600 × 400 popup: the server exchanges the code and the console learns it; no token reaches the browser', async ({
  page,
}) => {
  const bodies = await connectThroughPopup(page, 'tiktok', 'TikTok');
  const exchange = tiktok.requests.find((r) => r.path === '/v2/oauth/token/');
  expect(new URLSearchParams(exchange?.text).get('redirect_uri')).toBe(`${desk.url}/api/oauth/tiktok/callback`);
  expect(bodies.join('\n')).not.toContain('act.tt-');
  expect(bodies.join('\n')).not.toContain(TIKTOK_CLIENT.secret);
});

test('post a video uploaded in the composer to YouTube and TikTok; TikTok refuses once, Retry sends it there only, once', async ({
  page,
}) => {
  const video = await readFile('public/samples/demo-video.webm');
  await signInToDesk(page, desk.url, '/dashboard/social');
  for (const [id, name] of [
    ['youtube', 'YouTube Channel'],
    ['tiktok', 'TikTok'],
  ]) {
    const card = page.getByTestId(`platform-${id}`);
    await expect(card.getByRole('button', { name: new RegExp(`^(Connect|Disconnect) ${name}$`) })).toBeVisible();
    // An earlier journey may have connected it already.
    const connect = card.getByRole('button', { name: `Connect ${name}`, exact: true });
    if ((await connect.count()) > 0) await connect.click();
    await expect(card.getByRole('button', { name: `Disconnect ${name}` })).toBeVisible();
  }
  await expect(page.getByRole('checkbox', { name: 'TikTok' })).toBeEnabled();
  await expect(page.getByRole('checkbox', { name: 'YouTube' })).toBeEnabled();
  await page.getByRole('checkbox', { name: 'YouTube' }).check();
  await page.getByRole('checkbox', { name: 'TikTok' }).check();
  await expect(page.getByRole('region', { name: 'Vorschau TikTok' })).toContainText(
    'TikTok veröffentlicht nur Videos: Bitte ein Video anhängen.',
  );

  await page
    .getByLabel('Medium hochladen')
    .setInputFiles({ name: 'abendclip.webm', mimeType: 'video/webm', buffer: video });
  await expect(page.getByText('„abendclip“ ist angehängt.')).toBeVisible();
  await expect(page.getByLabel('Medium', { exact: true }).locator('option:checked')).toHaveText('abendclip (Video)');
  await expect(page.getByRole('region', { name: 'Vorschau TikTok' })).toContainText('Anhang: abendclip (Video)');

  const title = `Video-Post ${Date.now()}`;
  await page.getByLabel('Titel').fill(title);
  await page.getByLabel('Inhalt').fill('Die Abendausgabe als Clip');
  // TikTok refuses the first attempt (its documented spam_risk answer); YouTube takes it.
  tiktok.failNext(/video\/init/, {
    status: 400,
    body: { data: {}, error: { code: 'spam_risk_too_many_posts', message: 'Too many posts', log_id: 'e2e' } },
  });
  await page.getByRole('button', { name: 'Post Now' }).click();
  await expect(page.getByText('Gesendet an: YouTube.')).toBeVisible();

  // YouTube got the whole file through the resumable upload.
  expect(youtube.videos.at(-1)).toMatchObject({ title, bytes: video.length, contentType: 'video/webm' });
  const youtubeUploads = youtube.videos.length;

  const post = page.getByRole('region', { name: `Post ${title}` });
  await expect(post.getByTestId('publication-youtube')).toContainText('Veröffentlicht');
  await expect(post.getByTestId('publication-tiktok')).toContainText('Fehlgeschlagen');
  await expect(post.getByTestId('publication-tiktok')).toContainText('Too many posts');
  await expect(post.getByTestId('publication-youtube').getByRole('button', { name: /Erneut senden/ })).toHaveCount(0);
  await post.getByRole('button', { name: 'Erneut senden: TikTok' }).click();
  await expect(page.getByText('TikTok: Der Post geht noch einmal an die Plattform.')).toBeVisible();
  // The job queue sends it (the worker looks every 200 ms); the list follows by itself.
  await expect(post.getByTestId('publication-tiktok')).toContainText('Veröffentlicht', { timeout: 30_000 });
  await expect(post.getByRole('button', { name: /Erneut senden/ })).toHaveCount(0);

  const inits = tiktok.requests.filter(
    (r) => r.path === '/v2/post/publish/video/init/' && r.text.includes('Die Abendausgabe als Clip'),
  );
  expect(inits).toHaveLength(2);
  const source = (JSON.parse(inits[1].text) as { source_info: { source: string; video_url: string } }).source_info;
  expect(source.source).toBe('PULL_FROM_URL');
  expect(source.video_url.startsWith(`${desk.url}/api/media/`)).toBe(true);
  expect(source.video_url).not.toContain('e2e-operator-token');
  expect(tiktok.published.filter((p) => p.title === 'Die Abendausgabe als Clip')).toEqual([
    expect.objectContaining({ fetched: { bytes: video.length, contentType: 'video/webm' } }),
  ]);
  expect(youtube.videos.length).toBe(youtubeUploads);
});

test('connect Instagram through the popup: Graph dialog, code exchange and /me/accounts on the server; no token reaches the browser', async ({
  page,
}) => {
  const bodies = await connectThroughPopup(page, 'instagram', 'Instagram');
  const exchange = graph.requests.find((r) => r.path === '/v23.0/oauth/access_token');
  expect(exchange?.method).toBe('GET');
  expect(exchange?.query.get('redirect_uri')).toBe(`${desk.url}/api/oauth/instagram/callback`);
  expect(exchange?.query.get('client_id')).toBe(FACEBOOK_CLIENT.id);
  expect(graph.requests.some((r) => r.path === '/v23.0/me/accounts')).toBe(true);
  const authorize = graph.requests.find((r) => r.path === '/v23.0/dialog/oauth');
  expect(authorize?.query.get('scope')).toContain('instagram_content_publish');
  expect(bodies.join('\n')).not.toContain('EAAG-user-');
  expect(bodies.join('\n')).not.toContain(FACEBOOK_CLIENT.secret);
});

test('a post queued offline waits in a new tab without a token, and goes out once after sign-in there', async ({
  page,
  context,
}) => {
  await fetch(`${desk.url}/api/social/platforms/telegram/connect`, {
    method: 'POST',
    headers: { Authorization: `Bearer ${DESK_TOKEN}` },
  });
  await signInToDesk(page, desk.url, '/dashboard/social');
  await expect(page.getByTestId('platform-telegram')).toContainText('Connected');
  const content = `Offline in die Warteschlange ${Date.now()}`;
  await context.setOffline(true);
  await page.getByRole('checkbox', { name: 'Telegram' }).check();
  const planen = page.getByRole('switch', { name: 'Planen' });
  if (await planen.isChecked()) await planen.click();
  await page.getByLabel('Inhalt').fill(content);
  await page.getByRole('button', { name: 'Post Now' }).click();
  await expect(page.getByText('Im Postausgang', { exact: true })).toBeVisible();
  // The tab is closed while offline; the token lived in its sessionStorage only.
  await page.close();
  await context.setOffline(false);

  // A new tab (a relaunched app): the queue is there, the tab has no token yet.
  const fresh = await context.newPage();
  await fresh.goto(`${desk.url}/dashboard/social`);
  const dialog = fresh.getByRole('dialog', { name: 'Zugang zum Newsdesk' });
  await expect(dialog).toBeVisible({ timeout: 30_000 });
  await fresh.waitForTimeout(3000);
  expect(telegram.sent().filter((m) => m.text === content)).toHaveLength(0);
  await dialog.getByRole('button', { name: 'Mit API-Token anmelden' }).click();
  await dialog.getByLabel('Zugangs-Token').fill(DESK_TOKEN);
  await dialog.getByRole('button', { name: 'Anmelden' }).click();
  await expect(dialog).toBeHidden({ timeout: 30_000 });
  // Not failed while it waited: it goes out now, once.
  await expect.poll(() => telegram.sent().filter((m) => m.text === content).length, { timeout: 30_000 }).toBe(1);
  await fresh.getByRole('tab', { name: 'Outbox' }).click();
  await expect(fresh.getByTestId('outbox-entry').filter({ hasText: content })).toContainText('Gesendet');
  await fresh.waitForTimeout(1000);
  expect(telegram.sent().filter((m) => m.text === content)).toHaveLength(1);
});
