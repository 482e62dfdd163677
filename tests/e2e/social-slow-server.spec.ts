import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { expect, test } from '@playwright/test';
import { startTelegramFake, TELEGRAM_TOKEN } from '../fakes/telegram-social';
import { DESK_TOKEN, freePort, signInToDesk, startDesk, type Desk } from './desk';

// Live mode against the real desk and a Telegram that answers only after 35 s — longer than the browser waits for a
// write (30 s). Post Now is accepted at once, the composer says „Wird veröffentlicht …“ until the job queue has the
// platform's answer, a second Post Now of the same text is not offered meanwhile, and the post arrives exactly once.
test.use({ serviceWorkers: 'block' });
test.describe.configure({ mode: 'serial', timeout: 180_000 });

const SLOW_MS = 35_000;
let dataDir: string;
let desk: Desk;
let telegram: Awaited<ReturnType<typeof startTelegramFake>>;

test.beforeAll(async () => {
  // The first start of the embedded database (initdb) is slow on a loaded machine.
  test.setTimeout(150_000);
  dataDir = await mkdtemp(path.join(os.tmpdir(), 'newsdesk-e2e-slow-'));
  telegram = await startTelegramFake(0);
  desk = await startDesk({
    PORT: String(await freePort()),
    NEWSDESK_DATA_DIR: dataDir,
    // The queue's own poll is far off: the accepted post is published because Post Now wakes the worker.
    NEWSDESK_JOB_POLL_MS: '60000',
    TELEGRAM_API_URL: telegram.url,
    TELEGRAM_BOT_TOKEN: TELEGRAM_TOKEN,
    TELEGRAM_CHAT_ID: '@newsdesk',
  });
});
test.afterAll(async () => {
  await desk?.stop();
  await telegram?.close();
  await rm(dataDir, { recursive: true, force: true });
});

test('a Telegram answering after 35 s: „Wird veröffentlicht …“, no second send of the same text, then the success; one post', async ({
  page,
}) => {
  // Connected before the screen opens: a check of the button right after sign-in raced the cards' first render.
  expect(
    (
      await fetch(`${desk.url}/api/social/platforms/telegram/connect`, {
        method: 'POST',
        headers: { Authorization: `Bearer ${DESK_TOKEN}` },
      })
    ).ok,
  ).toBe(true);
  await signInToDesk(page, desk.url, '/dashboard/social');
  await expect(page.getByTestId('platform-telegram')).toContainText('Connected');

  const content = `Langsamer Kanal ${Date.now()}`;
  telegram.delayNext(/sendMessage$/, SLOW_MS);
  const planen = page.getByRole('switch', { name: 'Planen' });
  if (await planen.isChecked()) await planen.click();
  await page.getByRole('checkbox', { name: 'Telegram' }).check();
  await page.getByLabel('Inhalt').fill(content);
  const accepted = page.waitForResponse(
    (r) => r.url().endsWith('/api/social/post/telegram') && r.request().method() === 'POST',
  );
  await page.getByRole('button', { name: 'Post Now' }).click();
  expect((await accepted).status()).toBe(202);

  await expect(page.getByTestId('publishing-telegram')).toContainText('Telegram: Wird veröffentlicht …');
  await expect
    .poll(() => telegram.requests.filter((r) => r.text.includes(content)).length, { timeout: 20_000 })
    .toBe(1);
  // The same text again while Telegram has not answered: Post Now is off, and says why.
  await page.getByLabel('Inhalt').fill(content);
  await expect(page.getByRole('button', { name: 'Post Now' })).toBeDisabled();
  await expect(
    page.getByText('Derselbe Text wird für Telegram noch veröffentlicht: Post Now erst nach dem Ergebnis.'),
  ).toBeVisible();
  await expect(page.getByText('Post veröffentlicht', { exact: true })).toHaveCount(0);

  // Telegram answers; the event stream brings the result without a reload.
  await expect(page.getByText('Gesendet an: Telegram.')).toBeVisible({ timeout: SLOW_MS + 30_000 });
  await expect(page.getByTestId('publishing-telegram')).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Post Now' })).toBeEnabled();
  expect(telegram.requests.filter((r) => r.text.includes(content))).toHaveLength(1);
  expect(telegram.sent().filter((m) => m.text === content)).toEqual([{ chat_id: '@newsdesk', text: content }]);
});
