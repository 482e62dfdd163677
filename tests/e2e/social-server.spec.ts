import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { expect, test } from '@playwright/test';
import { startTelegramFake, TELEGRAM_TOKEN } from '../fakes/telegram-social';
import { startTikTokFake, TIKTOK_CLIENT, type TikTokFake } from '../fakes/tiktok';
import { signInToDesk, startDesk, type Desk } from './desk';

// Live mode against the Newsdesk server and the provider fakes (issue 15): a post scheduled a minute ahead is published
// once by the server's job queue; TikTok connects through the 600 × 400 popup and the server's OAuth.
test.use({ serviceWorkers: 'block', timezoneId: 'Europe/Berlin' });
test.describe.configure({ mode: 'serial', timeout: 180_000 });

let dataDir: string;
let desk: Desk;
let telegram: Awaited<ReturnType<typeof startTelegramFake>>;
let tiktok: TikTokFake;

test.beforeAll(async () => {
  // The first start of the embedded database (initdb) is slow on a loaded machine.
  test.setTimeout(150_000);
  dataDir = await mkdtemp(path.join(os.tmpdir(), 'newsdesk-e2e-social-'));
  [telegram, tiktok] = await Promise.all([startTelegramFake(4358), startTikTokFake(4359)]);
  desk = await startDesk({
    PORT: '4357', NEWSDESK_DATA_DIR: dataDir,
    // The scheduler looks every 200 ms, so the journey waits for the minute, not for the poll.
    NEWSDESK_JOB_POLL_MS: '200',
    TELEGRAM_API_URL: telegram.url, TELEGRAM_BOT_TOKEN: TELEGRAM_TOKEN, TELEGRAM_CHAT_ID: '@newsdesk',
    TIKTOK_API_URL: tiktok.url, TIKTOK_AUTH_URL: `${tiktok.url}/v2/auth/authorize/`, TIKTOK_CLIENT_ID: TIKTOK_CLIENT.id, TIKTOK_CLIENT_SECRET: TIKTOK_CLIENT.secret,
  });
});
test.afterAll(async () => {
  await desk?.stop();
  await Promise.all([telegram?.close(), tiktok?.close()]);
  await rm(dataDir, { recursive: true, force: true });
});

/** Date and time (Berlin wall clock) of the next whole minute that is at most a minute ahead. */
function nextMinuteInBerlin(): { date: string; time: string } {
  const at = new Date(Math.ceil((Date.now() + 5000) / 60_000) * 60_000);
  const parts = Object.fromEntries(new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/Berlin', year: 'numeric', month: '2-digit', day: '2-digit', hour: '2-digit', minute: '2-digit', hourCycle: 'h23' }).formatToParts(at).map((p) => [p.type, p.value]));
  return { date: `${parts.year}-${parts.month}-${parts.day}`, time: `${parts.hour}:${parts.minute}` };
}

test('schedule a Telegram post a minute ahead: the server publishes it at its time, once, and the Schedule tab says so', async ({ page }) => {
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
  await expect(item).toContainText('published', { timeout: 90_000 });
  expect(telegram.sent().filter((m) => m.text === content)).toEqual([{ chat_id: '@newsdesk', text: content }]);
});

test('connect TikTok through the 600 × 400 popup: the server exchanges the code and the console learns it; no token reaches the browser', async ({ page }) => {
  const bodies: string[] = [];
  page.on('response', async (response) => {
    if (response.url().includes('/api/')) bodies.push(await response.text().catch(() => ''));
  });
  await signInToDesk(page, desk.url, '/dashboard/admin/settings');
  await page.getByRole('tab', { name: 'Social Media' }).click();
  const card = page.getByTestId('platform-tiktok');
  await expect(card).toContainText('Disconnected');
  const popupOpened = page.waitForEvent('popup');
  await card.getByRole('button', { name: 'Connect TikTok with OAuth' }).click();
  const popup = await popupOpened;
  expect(popup.viewportSize()).toEqual({ width: 600, height: 400 });
  await popup.waitForEvent('close');
  await expect(page.getByText('TikTok verbunden', { exact: true })).toBeVisible();
  await expect(card).toContainText('Connected');
  await expect(card).toContainText('Verbunden (OAuth)');
  const exchange = tiktok.requests.find((r) => r.path === '/v2/oauth/token/');
  expect(new URLSearchParams(exchange?.text).get('redirect_uri')).toBe(`${desk.url}/api/oauth/tiktok/callback`);
  expect(bodies.join('\n')).not.toContain('act.tt-');
  expect(bodies.join('\n')).not.toContain(TIKTOK_CLIENT.secret);
});
