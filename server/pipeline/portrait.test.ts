// A story whose run rendered a landscape and a portrait video: TikTok pulls the upright one from its own public
// address, Telegram gets the landscape one; a run with one video gives every platform that one.
import { execFileSync } from 'node:child_process';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import ffmpegInstaller from '@ffmpeg-installer/ffmpeg';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { startTelegramFake, TELEGRAM_TOKEN } from '../../tests/fakes/telegram-social';
import { startTikTokFake, type TikTokFake } from '../../tests/fakes/tiktok';
import { media, news, newsTexts, runArtefacts, runs } from '../data/db/schema';
import { createCredentials } from '../adapters/providers/credentials';
import { createTestApp, type TestApp } from '../testing';
import { postStory } from './publication';

const PUBLIC = 'https://desk.example';
let t: TestApp;
let tiktok: TikTokFake;
let telegram: Awaited<ReturnType<typeof startTelegramFake>>;

beforeAll(async () => {
  [tiktok, telegram] = await Promise.all([startTikTokFake(0), startTelegramFake(0)]);
  t = await createTestApp({
    publicUrl: PUBLIC,
    credentials: createCredentials({
      TIKTOK_API_URL: tiktok.url,
      TIKTOK_ACCESS_TOKEN: 'tt-env-token',
      TELEGRAM_API_URL: telegram.url,
      TELEGRAM_BOT_TOKEN: TELEGRAM_TOKEN,
      TELEGRAM_CHAT_ID: '@desk',
    }),
  });
  for (const id of ['tiktok', 'telegram']) await t.call(`/social/platforms/${id}/connect`, { method: 'POST' });
});
afterAll(async () => {
  await t?.close();
  await Promise.all([tiktok, telegram].map((f) => f?.close()));
});

const deps = () => ({
  database: t.database,
  events: t.events,
  social: t.social,
  publicUrl: PUBLIC,
  mediaDir: t.mediaDir,
});

/** A one-second H.264 clip of the given size in the data folder, filed as a Media Library video. */
async function clip(id: string, width: number, height: number): Promise<string> {
  const fileName = `${id}.mp4`;
  execFileSync(ffmpegInstaller.path, [
    '-hide_banner',
    '-loglevel',
    'error',
    '-f',
    'lavfi',
    '-i',
    `color=c=navy:s=${width}x${height}:d=1`,
    '-c:v',
    'libx264',
    '-pix_fmt',
    'yuv420p',
    '-y',
    path.join(t.mediaDir, fileName),
  ]);
  await t.database.db.insert(media).values({
    id,
    title: id,
    type: 'video',
    size: '1 KB',
    duration: '0:01',
    date: '2026-11-27',
    thumbnail: '',
    url: null,
    fileName,
    mime: 'video/mp4',
    bytes: 1,
  });
  return fileName;
}

/** A published story from a run that filed the given videos, in that order. */
async function story(name: string, videos: string[]): Promise<{ id: string; slug: string }> {
  const runId = `run-${name}`;
  const id = `news-${name}`;
  const slug = `2026-11-27-${name}`;
  await t.database.db
    .insert(runs)
    .values({ id: runId, workflowId: 'wf-desk', topic: 'Test', status: 'waiting', tokenHash: 'x', engine: 'desk' });
  for (const video of videos)
    await t.database.db
      .insert(runArtefacts)
      .values({ runId, stage: 'Video Gen', kind: 'video', refId: video, title: video });
  await t.database.db.insert(news).values({
    id,
    title: `Meldung ${name}`,
    source: 'Alpha',
    category: 'general',
    status: 'published',
    createdAt: '2026-11-27T08:00:00Z',
    publishedAt: '2026-11-27T08:05:00Z',
    runId,
    slug,
  });
  await t.database.db.insert(newsTexts).values({
    newsId: id,
    body: 'Text [1]',
    teaser: 'Kurz',
    model: 'Automatisch zusammengefasst (ohne KI)',
    disclosure: 'Hinweis',
    reviewed: true,
    sources: [],
  });
  return { id, slug };
}

test('TikTok pulls the portrait render from its own address, Telegram gets the landscape one', async () => {
  await clip('media-wide', 320, 180);
  const upright = await clip('media-tall', 180, 320);
  const { id, slug } = await story('zwei', ['media-wide', 'media-tall']);

  const outcome = await postStory(deps(), id, ['tiktok', 'telegram']);
  expect(outcome).toEqual({ published: ['tiktok', 'telegram'], failed: [], skipped: [] });
  expect(tiktok.published.at(-1)?.videoUrl).toBe(`${PUBLIC}/news/${slug}/portrait-video`);
  expect(telegram.sent().at(-1)).toMatchObject({ video: `${PUBLIC}/news/${slug}/video` });

  // The address serves the upright file itself, without a token, while the story is published.
  const served = await t.app.request(`/news/${slug}/portrait-video`);
  expect(served.status).toBe(200);
  expect(Buffer.from(await served.arrayBuffer()).equals(await readFile(path.join(t.mediaDir, upright)))).toBe(true);
});

test('a run with only the landscape video gives it to TikTok too, and has no portrait address', async () => {
  await clip('media-only', 320, 180);
  const { id, slug } = await story('eins', ['media-only']);
  await postStory(deps(), id, ['tiktok']);
  expect(tiktok.published.at(-1)?.videoUrl).toBe(`${PUBLIC}/news/${slug}/video`);
  expect((await t.app.request(`/news/${slug}/portrait-video`)).status).toBe(404);
});
