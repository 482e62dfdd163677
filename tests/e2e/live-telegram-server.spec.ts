import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { expect, test } from '@playwright/test';
import { startFakeObs, type FakeObs } from '../fakes/fake-obs';
import { startTelegram, TELEGRAM_TOKEN } from '../fakes/telegram';
import { signInToDesk, startDesk, type Desk } from './desk';

// Live mode: the Live screen's Telegram notice goes through the Newsdesk server to the Bot API (the Telegram
// fake) with the configured chat and the screen's text; the bot token never reaches the browser. OBS is the small
// obs-websocket fake of the server tests (no OBS Studio needed). Ports: OBS 4355, Telegram 4353, desk 4354.
test.use({ serviceWorkers: 'block' });
test.describe.configure({ mode: 'serial', timeout: 180_000 });

const OBS_PASSWORD = 'e2e-live-telegram-obs';
let dataDir: string;
let desk: Desk;
let obs: FakeObs;
let telegram: Awaited<ReturnType<typeof startTelegram>>;

test.beforeAll(async () => {
  test.setTimeout(150_000);
  dataDir = await mkdtemp(path.join(os.tmpdir(), 'newsdesk-e2e-live-telegram-'));
  [obs, telegram] = await Promise.all([
    startFakeObs({
      password: OBS_PASSWORD,
      port: 4355,
      scenes: ['main-studio', 'intro', 'weather', 'breaking', 'outro'],
    }),
    startTelegram(4353),
  ]);
  desk = await startDesk({
    PORT: '4354',
    NEWSDESK_DATA_DIR: dataDir,
    OBS_URL: obs.url,
    OBS_PASSWORD,
    OBS_NAME: 'Studio',
    TELEGRAM_API_URL: telegram.url,
    TELEGRAM_BOT_TOKEN: TELEGRAM_TOKEN,
    TELEGRAM_CHAT_ID: '@newsdesk_live',
  });
});
test.afterAll(async () => {
  await desk?.stop();
  await Promise.all([obs?.close(), telegram?.close()]);
  await rm(dataDir, { recursive: true, force: true });
});

test('Telegram Notify while streaming reaches the Bot API with the configured chat and the live text; no token in the browser', async ({
  page,
}) => {
  const seen: string[] = [];
  page.on('request', (request) =>
    seen.push(`${request.url()}\n${JSON.stringify(request.headers())}\n${request.postData() ?? ''}`),
  );
  page.on('response', async (response) => {
    if (response.url().includes('/api/')) seen.push(await response.text().catch(() => ''));
  });
  // The instance list is held back until Connect has been measured: the list's arrival must not move the button
  // (a press across that move was lost: mousedown on one spot, mouseup on another).
  let release = () => {};
  const listed = new Promise<void>((resolve) => (release = resolve));
  await page.route('**/api/obs/instances', async (route) => {
    await listed;
    await route.continue();
  });
  await signInToDesk(page, desk.url, '/dashboard/live');
  await expect(page.getByRole('radio', { name: 'Über den Server' })).toBeChecked();
  const connect = page.getByRole('button', { name: 'Connect' });
  const before = await connect.boundingBox();
  release();
  await expect(page.getByLabel('OBS-Instanz')).toHaveText(`Studio (${obs.url})`);
  expect(await connect.boundingBox()).toEqual(before);
  await page.unroute('**/api/obs/instances');
  await connect.click();
  await expect(page.getByTestId('obs-status')).toHaveText('Connected');
  const notify = page.getByRole('button', { name: /Telegram Notify/ });
  // SPEC §5: disabled while not streaming.
  await expect(notify).toBeDisabled();
  await page.getByRole('button', { name: /^intro/ }).click();
  await expect.poll(() => obs.scene()).toBe('intro');
  await page.getByRole('button', { name: /Start Stream/ }).click();
  await expect(page.getByRole('button', { name: /Stop Stream/ })).toBeEnabled({ timeout: 15_000 });
  expect(telegram.sent()).toEqual([]);

  await notify.click();
  await expect(page.getByText('Live-Benachrichtigung wurde gesendet.')).toBeVisible();
  expect(telegram.sent()).toEqual([
    { chat_id: '@newsdesk_live', text: '🔴 Wir sind jetzt live (Szene: intro)! Jetzt einschalten.' },
  ]);
  expect(telegram.requests.at(-1)?.path).toBe(`/bot${TELEGRAM_TOKEN}/sendMessage`);
  expect(seen.join('\n')).not.toContain(TELEGRAM_TOKEN);
  expect(seen.join('\n')).not.toContain(TELEGRAM_TOKEN.split(':')[1]);
});
