// A Media Library file attached to a post reaches each platform in its documented shape (Instagram: a REELS / image
// container whose address the platform fetches; TikTok: PULL_FROM_URL; YouTube: the bytes in the resumable upload),
// Retry re-sends only a failed platform, once, even with two workers; a file a post still to go out carries stays.
import { randomUUID } from 'node:crypto';
import type { AddressInfo } from 'node:net';
import { serve, type ServerType } from '@hono/node-server';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { startGraphFake, IG_USER, type GraphFake } from '../../../tests/fakes/facebook-graph';
import { startTikTokFake, type TikTokFake } from '../../../tests/fakes/tiktok';
import { startYouTubeFake, type YouTubeFake } from '../../../tests/fakes/youtube';
import { createCredentials } from '../../adapters/providers/credentials';
import { createJobWorker } from '../../adapters/providers/social/services';
import { contractBody, createTestApp, errorBody, TEST_SIGNER, TEST_TOKEN, type TestApp } from '../../testing';

let t: TestApp;
let server: ServerType;
let origin: string;
let graph: GraphFake;
let youtube: YouTubeFake;
let tiktok: TikTokFake;

beforeAll(async () => {
  [graph, youtube, tiktok] = await Promise.all([startGraphFake(0), startYouTubeFake(0), startTikTokFake(0)]);
  graph.pullMedia = true;
  tiktok.pullMedia = true;
  t = await createTestApp({
    maxUploadBytes: 256 * 1024,
    credentials: createCredentials({
      FACEBOOK_GRAPH_URL: graph.base,
      INSTAGRAM_ACCESS_TOKEN: 'ig-env-token',
      INSTAGRAM_USER_ID: IG_USER,
      YOUTUBE_API_URL: youtube.url,
      YOUTUBE_ACCESS_TOKEN: 'yt-env-token',
      TIKTOK_API_URL: tiktok.url,
      TIKTOK_ACCESS_TOKEN: 'tt-env-token',
    }),
  });
  // Served on a real port: the platforms fetch the signed file address from this server, as they would in production.
  await new Promise<void>((resolve) => {
    server = serve({ fetch: t.app.fetch, port: 0, hostname: '127.0.0.1' }, () => resolve());
  });
  origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  for (const id of ['instagram', 'youtube', 'tiktok'])
    await call(`/social/platforms/${id}/connect`, { method: 'POST' });
});
afterAll(async () => {
  await new Promise<void>((resolve) => (server ? server.close(() => resolve()) : resolve()));
  await t?.close();
  await Promise.all([graph, youtube, tiktok].map((f) => f?.close()));
});

function call(pathAndQuery: string, init: RequestInit & { json?: unknown } = {}): Promise<Response> {
  const { json, ...rest } = init;
  const headers = new Headers(rest.headers);
  headers.set('Authorization', `Bearer ${TEST_TOKEN}`);
  if (json !== undefined) headers.set('Content-Type', 'application/json');
  return fetch(`${origin}/api${pathAndQuery}`, {
    ...rest,
    headers,
    ...(json !== undefined ? { body: JSON.stringify(json) } : {}),
  });
}

/** Posts (202), lets the job queue publish it, and answers the publication as it ended (the same key asked again). */
async function publish(path: string, json: Record<string, unknown>) {
  const headers = { 'Idempotency-Key': randomUUID() };
  const accepted = await contractBody('social.post', await call(path, { method: 'POST', json, headers }));
  await t.runPublishJobs();
  const ended = await contractBody('social.post', await call(path, { method: 'POST', json, headers }));
  expect(ended.id).toBe(accepted.id);
  return ended;
}

/** An MP4 (ftyp box) of `size` bytes. */
function mp4(size: number): Uint8Array<ArrayBuffer> {
  const bytes = new Uint8Array(size).map((_, i) => i % 251);
  bytes.set([0, 0, 0, 0x18, ...new TextEncoder().encode('ftypmp42')], 0);
  return bytes;
}
const png = (): Uint8Array<ArrayBuffer> =>
  new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, ...new Array<number>(200).fill(7)]);

async function upload(bytes: Uint8Array<ArrayBuffer>, name: string, type: string, title: string) {
  const data = new FormData();
  data.append('media', new File([bytes], name, { type }));
  data.append('metadata', JSON.stringify({ title }));
  return contractBody('media.upload', await call('/media/upload', { method: 'POST', body: data }));
}

test('Instagram: an attached video becomes a REELS container whose signed address Instagram fetches (all the bytes)', async () => {
  const video = await upload(mp4(40_000), 'reel.mp4', 'video/mp4', 'Reel');
  const result = await publish('/social/instagram/post', { content: 'Reel des Tages', mediaId: video.id });
  expect(result).toMatchObject({ platform: 'instagram', status: 'published' });
  const container = graph.igContainers.at(-1);
  expect(container?.fields).toMatchObject({ media_type: 'REELS', caption: 'Reel des Tages' });
  expect(container?.fields.video_url).toMatch(new RegExp(`^${origin}/api/media/${video.id}/file\\?exp=\\d+&sig=`));
  expect(container?.fields.video_url).not.toContain(TEST_TOKEN);
  expect(container?.fetched).toEqual({ bytes: 40_000, contentType: 'video/mp4' });
  expect(graph.igPublished.at(-1)?.caption).toBe('Reel des Tages');
});

test('Instagram: an attached image becomes an image_url container', async () => {
  const image = await upload(png(), 'bild.png', 'image/png', 'Bild');
  await publish('/social/instagram/post', { content: 'Bild des Tages', mediaId: image.id });
  const container = graph.igContainers.at(-1);
  expect(container?.fields.image_url).toMatch(new RegExp(`/api/media/${image.id}/file\\?exp=\\d+&sig=`));
  expect(container?.fields.media_type).toBeUndefined();
  expect(container?.fetched).toEqual({ bytes: 208, contentType: 'image/png' });
});

test('TikTok: an attached video goes out with PULL_FROM_URL and TikTok downloads every byte', async () => {
  const video = await upload(mp4(30_000), 'clip.mp4', 'video/mp4', 'Clip');
  await publish('/social/tiktok/post', { content: 'TikTok mit Video', mediaId: video.id });
  const published = tiktok.published.at(-1);
  expect(published?.videoUrl).toMatch(new RegExp(`^${origin}/api/media/${video.id}/file\\?exp=\\d+&sig=`));
  expect(published?.fetched).toEqual({ bytes: 30_000, contentType: 'video/mp4' });
  expect(published?.title).toBe('TikTok mit Video');
});

test('YouTube: the bytes of the attached video are uploaded through the resumable session', async () => {
  const video = await upload(mp4(50_000), 'sendung.mp4', 'video/mp4', 'Sendung');
  const before = youtube.videos.length;
  await publish('/social/post/youtube', { content: 'Die ganze Sendung', title: 'Abendausgabe', mediaId: video.id });
  expect(youtube.videos.slice(before)).toEqual([
    expect.objectContaining({ title: 'Abendausgabe', bytes: 50_000, contentType: 'video/mp4' }),
  ]);
  const session = youtube.requests.filter((r) => r.method === 'POST').at(-1);
  expect(session?.headers['x-upload-content-length']).toBe('50000');
});

test('an unknown or audio medium is refused in German before any platform call', async () => {
  const before = tiktok.requests.length;
  const unknown = await call('/social/tiktok/post', {
    method: 'POST',
    json: { content: 'Hallo', mediaId: 'media-gibt-es-nicht' },
  });
  expect(unknown.status).toBe(400);
  expect((await errorBody(unknown)).message).toBe('Das gewählte Medium gibt es in der Mediathek nicht mehr.');
  const mp3 = new Uint8Array([0x49, 0x44, 0x33, 4, 0, 0, 0, 0, 0, 0, ...new Array<number>(100).fill(1)]);
  const audio = await upload(mp3, 'ton.mp3', 'audio/mpeg', 'Ton');
  expect(audio.type).toBe('audio');
  const refused = await call('/social/tiktok/post', { method: 'POST', json: { content: 'Hallo', mediaId: audio.id } });
  expect(refused.status).toBe(400);
  expect((await errorBody(refused)).message).toBe(
    'Audiodateien können nicht gepostet werden: Bitte ein Bild oder Video wählen.',
  );
  expect(tiktok.requests.length).toBe(before);
});

test('Retry re-sends only the failed platform, once, with its medium, even when two workers and two clicks race', async () => {
  const video = await upload(mp4(20_000), 'retry.mp4', 'video/mp4', 'Retry');
  const postId = `post-retry-${Date.now()}`;
  const body = { content: 'Zweiter Versuch', mediaId: video.id, postId };
  expect((await publish('/social/post/youtube', body)).status).toBe('published');
  tiktok.failNext(/video\/init/, {
    status: 400,
    body: { data: {}, error: { code: 'spam_risk_too_many_posts', message: 'Too many posts', log_id: 'x' } },
  });
  expect((await publish('/social/tiktok/post', body)).status).toBe('failed');

  const listed = (await contractBody('social.publications', await call('/social/publications'))).filter(
    (p) => p.postId === postId,
  );
  expect(listed.map((p) => [p.platform, p.status])).toEqual([
    ['tiktok', 'failed'],
    ['youtube', 'published'],
  ]);
  const tiktokRow = listed[0];
  expect(tiktokRow).toMatchObject({
    mediaId: video.id,
    mediaType: 'video',
    error: 'TikTok hat den Post abgelehnt (HTTP 400): Too many posts',
  });

  // A published platform is never sent again.
  const youtubeRetry = await call(`/social/publications/${listed[1].id}/retry`, { method: 'POST' });
  expect(youtubeRetry.status).toBe(409);
  expect((await errorBody(youtubeRetry)).message).toBe('Dieser Post ist auf der Plattform bereits veröffentlicht.');

  const [a, b] = await Promise.all(
    [1, 2].map(() => call(`/social/publications/${tiktokRow.id}/retry`, { method: 'POST' })),
  );
  expect([a.status, b.status].sort()).toEqual([200, 409]);
  const accepted = a.status === 200 ? a : b;
  expect((await contractBody('social.retry', accepted)).status).toBe('pending');

  const initsBefore = tiktok.requests.filter((r) => r.path === '/v2/post/publish/video/init/').length;
  const uploadsBefore = youtube.videos.length;
  const workers = [
    createJobWorker(t.database, t.social, { pollMs: 1000, workerId: 'retry-a' }),
    createJobWorker(t.database, t.social, { pollMs: 1000, workerId: 'retry-b' }),
  ];
  const ran = await Promise.all(workers.map((w) => w.runDue()));
  expect(ran.reduce((s, n) => s + n, 0)).toBe(1);
  expect(tiktok.requests.filter((r) => r.path === '/v2/post/publish/video/init/').length).toBe(initsBefore + 1);
  expect(tiktok.published.at(-1)).toMatchObject({
    title: 'Zweiter Versuch',
    fetched: { bytes: 20_000, contentType: 'video/mp4' },
  });
  expect(youtube.videos.length).toBe(uploadsBefore);

  const after = (await contractBody('social.publications', await call('/social/publications'))).filter(
    (p) => p.postId === postId,
  );
  expect(after.map((p) => [p.platform, p.status])).toEqual([
    ['tiktok', 'published'],
    ['youtube', 'published'],
  ]);
  expect(after[0].error).toBeUndefined();
  const counted = await t.database.db.execute(
    sql`SELECT count(*)::int AS jobs FROM jobs WHERE unique_key LIKE ${`social-retry:${tiktokRow.id}:%`}`,
  );
  const [{ jobs }] = (counted as unknown as { rows: { jobs: number }[] }).rows;
  expect(jobs).toBe(1);
  expect((await call('/social/publications/sp-unbekannt/retry', { method: 'POST' })).status).toBe(404);
});

test('the platform gets a signature made when the post goes out, valid for a day; the recorded post keeps none', async () => {
  const video = await upload(mp4(10_000), 'frisch.mp4', 'video/mp4', 'Frisch');
  const before = Date.now();
  const result = await publish('/social/tiktok/post', { content: 'Frisch signiert', mediaId: video.id });
  const sent = new URL(tiktok.published.at(-1)?.videoUrl ?? '');
  const exp = Number(sent.searchParams.get('exp')) * 1000;
  expect(exp).toBeGreaterThanOrEqual(before + 24 * 3600_000 - 1000);
  expect(exp).toBeLessThanOrEqual(Date.now() + 24 * 3600_000);
  const recorded = await t.database.db.execute(sql`SELECT media_url FROM social_post_results WHERE id = ${result.id}`);
  const [stored] = (recorded as unknown as { rows: { media_url: string }[] }).rows;
  expect(stored.media_url).toBe(`${origin}/api/media/${video.id}/file`);
  // An address signed for an earlier send is refused once its day is over.
  const old = await fetch(
    `${origin}${sent.pathname}?${TEST_SIGNER.query('media', video.id, Math.floor(before / 1000) - 1)}`,
  );
  expect(old.status).toBe(403);
  expect((await errorBody(old)).code).toBe('expired_signature');
});

test('a file that a scheduled post carries is not deleted before the post has gone out', async () => {
  const video = await upload(mp4(4096), 'termin.mp4', 'video/mp4', 'Termin-Video');
  const scheduledAt = new Date(Date.now() + 3_600_000).toISOString();
  await contractBody(
    'social.post',
    await call('/social/post/youtube', {
      method: 'POST',
      json: { content: 'Später mit Video', mediaId: video.id, scheduledAt },
      headers: { 'Idempotency-Key': randomUUID() },
    }),
  );
  const refused = await call(`/media/${video.id}`, { method: 'DELETE' });
  expect(refused.status).toBe(409);
  expect((await errorBody(refused)).message).toBe(
    'Die Datei gehört zu einem geplanten Post und kann erst gelöscht werden, wenn er veröffentlicht ist.',
  );
  const listed = await contractBody('media.list', await call('/media'));
  expect(listed.map((m) => m.id)).toContain(video.id);
  // A file only posted already (or never) goes as before.
  const spare = await upload(png(), 'frei.png', 'image/png', 'Frei');
  expect((await call(`/media/${spare.id}`, { method: 'DELETE' })).status).toBe(204);
});

test('a post whose file left the library before it went out fails saying so, and is not sent without it', async () => {
  const video = await upload(mp4(4096), 'weg.mp4', 'video/mp4', 'Gelöschtes Video');
  const before = youtube.videos.length;
  const headers = { 'Idempotency-Key': randomUUID() };
  const json = { content: 'Nur mit Video', title: 'Nur mit Video', mediaId: video.id };
  await contractBody('social.post', await call('/social/post/youtube', { method: 'POST', json, headers }));
  // Gone before its job ran, as a failed post's file may go before its Retry.
  await t.database.db.execute(sql`DELETE FROM media WHERE id = ${video.id}`);
  await t.runPublishJobs();
  const ended = await contractBody(
    'social.post',
    await call('/social/post/youtube', { method: 'POST', json, headers }),
  );
  expect(ended).toMatchObject({
    status: 'failed',
    error:
      'Die Datei dieses Posts ist nicht mehr in der Mediathek – ohne sie wird er nicht gesendet. Bitte den Post mit einer Datei neu anlegen.',
  });
  expect(youtube.videos.length).toBe(before);
});
