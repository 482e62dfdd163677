import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { expect, test } from '@playwright/test';
import { startHeygenFake, type HeygenFake } from '../fakes/heygen';
import { startOpenAiFake, type OpenAiFake } from '../fakes/openai';
import { signInToDesk, startDesk, type Desk } from './desk';

// Video Studio and Prompt Generator in live mode: the Newsdesk server against the HeyGen and chat-completions fakes
// (ports of the video range: desk 4349, HeyGen 4347, OpenAI 4348).
let heygen: HeygenFake;
let openai: OpenAiFake;
let desk: Desk;
let dataDir: string;

test.use({ serviceWorkers: 'block' });
test.describe.configure({ mode: 'serial', timeout: 180_000 });

test.beforeAll(async () => {
  // The desk's first start (tsx, PGlite, migrations) takes long on a loaded machine.
  test.setTimeout(150_000);
  dataDir = await mkdtemp(path.join(os.tmpdir(), 'newsdesk-e2e-video-'));
  // HeyGen reports the video done only after the test has seen it processing (release()) and six status calls:
  // on a loaded machine six polls alone can pass before the My Projects tab has rendered.
  heygen = await startHeygenFake(4347, { apiKey: 'hg-e2e-key-0123', pollsUntilDone: 6, holdUntilReleased: true });
  openai = await startOpenAiFake(4348, { apiKey: 'sk-e2e-key-0123' });
  desk = await startDesk({
    PORT: '4349',
    NEWSDESK_DATA_DIR: dataDir,
    HEYGEN_API_URL: heygen.url,
    HEYGEN_API_KEY: 'hg-e2e-key-0123',
    VIDEO_POLL_INTERVAL_MS: '700',
    OPENAI_API_URL: `${openai.url}/v1`,
    OPENAI_API_KEY: 'sk-e2e-key-0123',
  });
});
test.afterAll(async () => {
  await desk?.stop();
  await Promise.all([heygen?.close(), openai?.close()]);
  await rm(dataDir, { recursive: true, force: true });
});

test('Video Studio: generate a HeyGen video, watch its progress to completed and play it', async ({ page }) => {
  await signInToDesk(page, desk.url, '/dashboard/videos');
  await expect(page.getByRole('heading', { name: 'Video Studio', level: 1 })).toBeVisible();
  await page.getByText('HeyGen', { exact: true }).click();
  // HeyGen's own avatar list, through the server.
  await page.getByText('Angela in T-shirt', { exact: true }).click();
  await page.getByLabel('Script').fill('Guten Abend aus dem Live-Studio.');
  await page.getByRole('button', { name: 'Generate video' }).click();
  await expect(page.getByText('Video generiert')).toBeVisible();
  const generate = heygen.requests.find((r) => r.method === 'POST' && r.path === '/v2/video/generate');
  expect(generate?.body).toMatchObject({
    video_inputs: [
      {
        character: { avatar_id: 'Angela-inTshirt-20220820' },
        voice: { input_text: 'Guten Abend aus dem Live-Studio.', voice_id: '2d5b0e6cf36f460aa7fc47e3eee4ba54' },
      },
    ],
  });

  await page.getByRole('tab', { name: 'My Projects' }).click();
  const item = page
    .getByRole('list', { name: 'My Projects' })
    .getByRole('listitem')
    .filter({ hasText: 'Guten Abend aus dem Live-Studio.' });
  await expect(item).toContainText('Processing');
  const bar = item.getByRole('progressbar');
  // The server's poller moves the progress on (pushed over the event stream) before HeyGen reports completed.
  await expect
    .poll(async () => Number(await bar.getAttribute('aria-valuenow')), { timeout: 30_000 })
    .toBeGreaterThan(0);
  heygen.release();
  await expect(item).toContainText('Completed', { timeout: 30_000 });
  expect(heygen.requests.filter((r) => r.path === '/v1/video_status.get').length).toBeGreaterThanOrEqual(6);

  await item.getByRole('button', { name: /^Play: / }).click();
  const video = page.getByRole('dialog').locator('video');
  await expect
    .poll(() => video.evaluate((el: HTMLVideoElement) => [el.videoWidth, Math.round(el.duration)]), { timeout: 20_000 })
    .toEqual([320, 4]);
  expect(await video.evaluate((el: HTMLVideoElement) => new URL(el.currentSrc).pathname)).toMatch(
    /^\/api\/video\/heygen\/file\/vp-[\w-]+$/,
  );
  await expect(page.getByText('Video konnte nicht abgespielt werden.')).toHaveCount(0);
});

test('Prompt Generator: "Send to GPT" shows the text of the chat-completions provider', async ({ page }) => {
  openai.setReply(
    (messages) =>
      `Live-Antwort: ${messages.at(-1)?.content.includes('Klimagipfel') ? 'Klimagipfel erkannt' : 'kein Thema'}`,
  );
  await signInToDesk(page, desk.url, '/dashboard/prompts');
  await expect(page.getByRole('heading', { name: 'Prompt Generator', level: 1 })).toBeVisible();
  await page.getByLabel('Topic').fill('Klimagipfel');
  await page.getByRole('button', { name: 'Generate', exact: true }).click();
  await expect(page.getByLabel('Generated prompt')).toHaveValue(/Klimagipfel/);
  await page.getByRole('button', { name: 'Send to GPT' }).click();
  await expect(page.getByText('Live-Antwort: Klimagipfel erkannt')).toBeVisible();
  const sent = openai.requests.find((r) => r.path === '/v1/chat/completions');
  expect(sent?.headers.authorization).toBe('Bearer sk-e2e-key-0123');
});
