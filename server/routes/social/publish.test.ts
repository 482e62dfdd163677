// Publishing through the five platform adapters against the local fakes (tests/fakes/*), with their error and 429 answers.
// A post is accepted (202) and published by the job queue; the same Idempotency-Key then answers how it ended.
import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, test, vi } from 'vitest';
import { startGraphFake, graphRateLimit, IG_USER, PAGE, type GraphFake } from '../../../tests/fakes/facebook-graph';
import { startTelegramFake, TELEGRAM_TOKEN, telegramRateLimit } from '../../../tests/fakes/telegram-social';
import { startTikTokFake, tiktokRateLimit, type TikTokFake } from '../../../tests/fakes/tiktok';
import { startYouTubeFake, youtubeRateLimit, type YouTubeFake } from '../../../tests/fakes/youtube';
import { createCredentials } from '../../adapters/providers/credentials';
import { contractBody, createTestApp, diedThreeTimes, errorBody, type TestApp } from '../../testing';

let t: TestApp;
let telegram: Awaited<ReturnType<typeof startTelegramFake>>;
let graph: GraphFake;
let youtube: YouTubeFake;
let tiktok: TikTokFake;

beforeAll(async () => {
  [telegram, graph, youtube, tiktok] = await Promise.all([
    startTelegramFake(0),
    startGraphFake(0),
    startYouTubeFake(0),
    startTikTokFake(0),
  ]);
  t = await createTestApp({
    credentials: createCredentials({
      TELEGRAM_API_URL: telegram.url,
      TELEGRAM_BOT_TOKEN: TELEGRAM_TOKEN,
      TELEGRAM_CHAT_ID: '@newsdesk',
      FACEBOOK_GRAPH_URL: graph.base,
      FACEBOOK_PAGE_TOKEN: PAGE.token,
      FACEBOOK_PAGE_ID: PAGE.id,
      INSTAGRAM_ACCESS_TOKEN: 'ig-env-token',
      INSTAGRAM_USER_ID: IG_USER,
      YOUTUBE_API_URL: youtube.url,
      YOUTUBE_ACCESS_TOKEN: 'yt-env-token',
      TIKTOK_API_URL: tiktok.url,
      TIKTOK_ACCESS_TOKEN: 'tt-env-token',
    }),
  });
  for (const id of ['telegram', 'facebook', 'instagram', 'youtube', 'tiktok'])
    await t.call(`/social/platforms/${id}/connect`, { method: 'POST' });
});
afterAll(async () => {
  await t?.close();
  await Promise.all([telegram, graph, youtube, tiktok].map((f) => f?.close()));
});

/** Posts, lets the job queue publish it, and asks again with the same key: the publication as it ended (published or failed). */
async function publish(path: string, json: Record<string, unknown>) {
  const headers = { 'Idempotency-Key': randomUUID() };
  const accepted = await contractBody('social.post', await t.call(path, { method: 'POST', json, headers }));
  expect(accepted.status).toBe('pending');
  await t.runPublishJobs();
  const ended = await contractBody('social.post', await t.call(path, { method: 'POST', json, headers }));
  expect(ended.id).toBe(accepted.id);
  return ended;
}

describe('Telegram (Bot API)', () => {
  test('a post the platform took whose success could not be recorded says the platform has it; it went out once', async () => {
    const held = telegram.holdNext(/sendMessage/);
    const before = telegram.requests.filter((r) => r.path.endsWith('/sendMessage')).length;
    const headers = { 'Idempotency-Key': randomUUID() };
    const path = '/social/post/telegram';
    const json = { content: 'Aufgezeichnet oder nicht' };
    const accepted = await contractBody('social.post', await t.call(path, { method: 'POST', json, headers }));
    const running = t.runPublishJobs();
    await held.arrived;
    // The database refuses the next change: the one that records the platform's success.
    const spy = vi.spyOn(t.database.db, 'update').mockImplementationOnce(() => {
      throw new Error('Datenbank nicht erreichbar');
    });
    held.release();
    await running;
    spy.mockRestore();
    // Failed, and saying the platform has it (not the platform's refusal, which a Retry would answer by sending again).
    const row = await contractBody('social.post', await t.call(path, { method: 'POST', json, headers }));
    expect(row).toMatchObject({
      id: accepted.id,
      status: 'failed',
      error:
        'Die Plattform hat den Post angenommen, das Ergebnis konnte aber nicht gespeichert werden (Datenbank nicht erreichbar) – bitte auf der Plattform prüfen, bevor er erneut gesendet wird.',
    });
    expect(telegram.requests.filter((r) => r.path.endsWith('/sendMessage')).length).toBe(before + 1);
  });

  test('a text goes out with sendMessage to the configured chat; the token is only in the Bot API path', async () => {
    const result = await publish('/social/post/telegram', { content: 'Eilmeldung: Test' });
    expect(result).toMatchObject({ platform: 'telegram', status: 'published' });
    expect(telegram.sent().at(-1)).toEqual({ chat_id: '@newsdesk', text: 'Eilmeldung: Test' });
    expect(telegram.requests.at(-1)?.path).toBe(`/bot${TELEGRAM_TOKEN}/sendMessage`);
  });

  test('a post whose instance went down with it three times fails with that reason and is not sent', async () => {
    const json = { content: 'Dreimal abgestürzt' };
    const headers = { 'Idempotency-Key': randomUUID() };
    const accepted = await contractBody(
      'social.post',
      await t.call('/social/post/telegram', { method: 'POST', json, headers }),
    );
    await diedThreeTimes(t.database, sql`payload->>'resultId' = ${accepted.id}`);
    const sentBefore = telegram.sent().length;
    expect(await t.runPublishJobs()).toBe(1);
    const ended = await contractBody(
      'social.post',
      await t.call('/social/post/telegram', { method: 'POST', json, headers }),
    );
    expect(ended).toMatchObject({
      status: 'failed',
      error: 'Aufgegeben: Die Instanz, die diesen Auftrag ausführte, ist 3-mal mitten in der Arbeit ausgefallen.',
    });
    expect(telegram.sent()).toHaveLength(sentBefore);
  });

  test('a repeat of a post the server took answers that post even after the platform was disconnected', async () => {
    const json = { content: 'Angenommen, Antwort verloren' };
    const headers = { 'Idempotency-Key': randomUUID() };
    const accepted = await contractBody(
      'social.post',
      await t.call('/social/post/telegram', { method: 'POST', json, headers }),
    );
    await t.runPublishJobs();
    await t.call('/social/platforms/telegram/disconnect', { method: 'POST' });
    try {
      // The console never saw the answer and sends the same key again.
      const repeat = await t.call('/social/post/telegram', { method: 'POST', json, headers });
      expect(repeat.status).toBe(202);
      expect(await contractBody('social.post', repeat)).toMatchObject({ id: accepted.id, status: 'published' });
      // Another post under that key is still refused: other text, or the same text for later.
      for (const other of [{ content: 'Anders' }, { ...json, scheduledAt: '2099-01-01T08:00:00+01:00' }]) {
        const refused = await t.call('/social/post/telegram', { method: 'POST', json: other, headers });
        expect(refused.status).toBe(422);
        expect((await errorBody(refused)).message).toBe('Dieser Idempotency-Key gehört zu einer anderen Anfrage.');
      }
      // A new post to the disconnected platform is refused.
      const fresh = await t.call('/social/post/telegram', {
        method: 'POST',
        json,
        headers: { 'Idempotency-Key': randomUUID() },
      });
      expect(fresh.status).toBe(409);
    } finally {
      await t.call('/social/platforms/telegram/connect', { method: 'POST' });
    }
  });

  test('a video link goes out with sendVideo and the text as caption', async () => {
    await publish('/social/post/telegram', {
      content: 'Neue Folge',
      mediaUrl: 'https://cdn.example/video.mp4',
      mediaType: 'video',
    });
    expect(telegram.requests.at(-1)?.path).toMatch(/\/sendVideo$/);
    expect(telegram.sent().at(-1)).toEqual({
      chat_id: '@newsdesk',
      video: 'https://cdn.example/video.mp4',
      caption: 'Neue Folge',
    });
  });

  test('a 429 is retried (SPEC §8) and then succeeds; four 429s leave it failed with the German rate-limit reason', async () => {
    const before = telegram.sent().length;
    telegram.failNext(/sendMessage/, telegramRateLimit(0), 2);
    expect((await publish('/social/post/telegram', { content: 'Nach dem Limit' })).status).toBe('published');
    expect(telegram.sent().length).toBe(before + 1);

    telegram.failNext(/sendMessage/, telegramRateLimit(0), 4);
    const limited = await publish('/social/post/telegram', { content: 'Immer noch Limit' });
    expect(limited.status).toBe('failed');
    expect(limited.error).toContain('Telegram: Zu viele Anfragen (Rate Limit)');
    expect(limited.error).not.toContain(TELEGRAM_TOKEN);
  });

  test("Telegram's refusal leaves the publication failed with its description, never the token", async () => {
    telegram.failNext(/sendMessage/, {
      status: 400,
      body: { ok: false, error_code: 400, description: 'Bad Request: chat not found' },
    });
    const refused = await publish('/social/post/telegram', { content: 'Hallo' });
    expect(refused).toMatchObject({
      status: 'failed',
      error: 'Telegram hat den Post abgelehnt (HTTP 400): Bad Request: chat not found',
    });
  });
});

describe('Facebook Page (Graph API v23.0)', () => {
  test('a text goes to /{page-id}/feed with the Page token in the form body', async () => {
    const result = await publish('/social/post/facebook', { content: 'Guten Morgen' });
    expect(result.status).toBe('published');
    const sent = graph.requests.at(-1);
    expect(sent?.path).toBe(`/v23.0/${PAGE.id}/feed`);
    expect(sent?.headers['content-type']).toMatch(/application\/x-www-form-urlencoded/);
    expect(graph.pagePosts.at(-1)).toEqual({ edge: 'feed', fields: { message: 'Guten Morgen' } });
  });

  test('a photo goes to /photos with url and caption; a rate limit answer is retried', async () => {
    graph.failNext(/\/photos$/, graphRateLimit(429), 1);
    await publish('/social/post/facebook', {
      content: 'Bild des Tages',
      mediaUrl: 'https://cdn.example/a.jpg',
      mediaType: 'photo',
    });
    expect(graph.pagePosts.at(-1)).toEqual({
      edge: 'photos',
      fields: { url: 'https://cdn.example/a.jpg', caption: 'Bild des Tages' },
    });
  });
});

describe('Instagram (content publishing)', () => {
  test('an image: container, status until FINISHED, media_publish', async () => {
    const result = await publish('/social/instagram/post', {
      content: 'Insta #news',
      mediaUrl: 'https://cdn.example/b.jpg',
      mediaType: 'photo',
    });
    expect(result).toMatchObject({ platform: 'instagram', status: 'published' });
    const paths = graph.requests
      .filter((r) => r.path.includes(IG_USER) || r.path.includes('container-'))
      .map((r) => `${r.method} ${r.path}`);
    expect(paths).toEqual([
      `POST /v23.0/${IG_USER}/media`,
      'GET /v23.0/container-1',
      'GET /v23.0/container-1',
      `POST /v23.0/${IG_USER}/media_publish`,
    ]);
    expect(graph.igPublished.at(-1)).toEqual({ id: 'ig-media-1', caption: 'Insta #news' });
  });

  test('a text without an image is refused in German before any call', async () => {
    const before = graph.requests.length;
    const refused = await publish('/social/instagram/post', { content: 'Nur Text' });
    expect(refused).toMatchObject({
      status: 'failed',
      error: 'Instagram veröffentlicht nur Bilder und Videos: Bitte eine Bild- oder Video-Adresse angeben.',
    });
    expect(graph.requests.length).toBe(before);
  });
});

describe('YouTube (Data API v3, resumable upload)', () => {
  test('a video is uploaded: the session POST with its headers, then the bytes PUT to the Location', async () => {
    const result = await publish('/social/post/youtube', {
      content: 'Beschreibung',
      title: 'Abendnachrichten',
      mediaUrl: youtube.sampleVideoUrl,
      mediaType: 'video',
    });
    expect(result.status).toBe('published');
    const session = youtube.requests.find((r) => r.method === 'POST');
    expect(session?.headers.authorization).toBe('Bearer yt-env-token');
    expect(session?.headers['x-upload-content-type']).toBe('video/mp4');
    expect(JSON.parse(session?.text ?? '{}')).toMatchObject({
      snippet: { title: 'Abendnachrichten', description: 'Beschreibung' },
    });
    expect(youtube.videos).toEqual([
      expect.objectContaining({ id: 'yt-video-1', title: 'Abendnachrichten', contentType: 'video/mp4' }),
    ]);
  });

  test('a text-only post is refused in German', async () => {
    const refused = await publish('/social/post/youtube', { content: 'Nur Text' });
    expect(refused).toMatchObject({
      status: 'failed',
      error: 'YouTube veröffentlicht nur Videos: Ein reiner Text-Post ist auf YouTube nicht möglich.',
    });
  });

  test('a 429 of the upload session is retried', async () => {
    youtube.failNext(/^\/upload\/youtube\/v3\/videos$/, youtubeRateLimit, 1);
    await publish('/social/post/youtube', {
      content: 'Zweites Video',
      mediaUrl: youtube.sampleVideoUrl,
      mediaType: 'video',
    });
    expect(youtube.videos).toHaveLength(2);
  });
});

describe('TikTok (Content Posting API)', () => {
  test('a video: init with PULL_FROM_URL and the documented headers, then the status fetch', async () => {
    const result = await publish('/social/tiktok/post', {
      content: 'TikTok-Clip',
      mediaUrl: 'https://cdn.example/c.mp4',
      mediaType: 'video',
    });
    expect(result).toMatchObject({ platform: 'tiktok', status: 'published' });
    const init = tiktok.requests.find((r) => r.path === '/v2/post/publish/video/init/');
    expect(init?.headers['content-type']).toBe('application/json; charset=UTF-8');
    expect(JSON.parse(init?.text ?? '{}')).toEqual({
      post_info: { title: 'TikTok-Clip', privacy_level: 'SELF_ONLY' },
      source_info: { source: 'PULL_FROM_URL', video_url: 'https://cdn.example/c.mp4' },
    });
    expect(tiktok.requests.some((r) => r.path === '/v2/post/publish/status/fetch/')).toBe(true);
  });

  test('TikTok has the video but its status cannot be read: failed as uncertain, never initialised again', async () => {
    // Every status request fails while this test runs (the platform's retries included), none after it.
    let failing = true;
    tiktok.failNext(
      (head) => failing && head.path.endsWith('/status/fetch/'),
      { status: 503, body: { error: { code: 'internal_error', message: 'Service unavailable', log_id: 'fake-log' } } },
      100,
    );
    const inits = () => tiktok.requests.filter((r) => r.path === '/v2/post/publish/video/init/').length;
    const before = inits();
    const result = await publish('/social/tiktok/post', {
      content: 'Status unbekannt',
      mediaUrl: 'https://cdn.example/s.mp4',
      mediaType: 'video',
    });
    expect(result.status).toBe('failed');
    expect(result.error).toMatch(
      /^TikTok hat das Video angenommen, sein Status ist aber nicht abrufbar \(.*\) – bitte in TikTok prüfen, bevor es erneut gesendet wird\.$/,
    );
    await t.runPublishJobs();
    expect(inits()).toBe(before + 1);
    failing = false;
  });

  test('an invalid token: failed with the German reason; a 429 is retried', async () => {
    tiktok.failNext(/video\/init/, tiktokRateLimit, 1);
    expect(
      (await publish('/social/tiktok/post', { content: 'Nach Limit', mediaUrl: 'https://cdn.example/d.mp4' })).status,
    ).toBe('published');
    tiktok.accessTokens.delete('tt-env-token');
    const revoked = await publish('/social/tiktok/post', {
      content: 'Abgelaufen',
      mediaUrl: 'https://cdn.example/e.mp4',
    });
    expect(revoked.status).toBe('failed');
    expect(revoked.error).toMatch(
      /^TikTok: Die Anmeldung ist abgelaufen oder wurde widerrufen – bitte neu verbinden\./,
    );
    expect(revoked.error).not.toContain('tt-env-token');
  });
});

test('a platform that is not set up fails the post with the German reason; a zone-less schedule is refused', async () => {
  const bare = await createTestApp();
  try {
    await bare.call('/social/platforms/telegram/connect', { method: 'POST' });
    const accepted = await contractBody(
      'social.post',
      await bare.call('/social/post/telegram', { method: 'POST', json: { content: 'Hallo' } }),
    );
    await bare.runPublishJobs();
    const [ended] = (await contractBody('social.publications', await bare.call('/social/publications'))).filter(
      (p) => p.id === accepted.id,
    );
    expect(ended).toMatchObject({
      status: 'failed',
      error:
        'Die Veröffentlichung auf Telegram ist nicht konfiguriert: TELEGRAM_BOT_TOKEN und TELEGRAM_CHAT_ID müssen gesetzt sein.',
    });
    const zoneless = await bare.call('/social/post/telegram', {
      method: 'POST',
      json: { content: 'Hallo', scheduledAt: '2026-11-24T08:00' },
    });
    expect(zoneless.status).toBe(400);
    expect((await errorBody(zoneless)).message).toBe(
      'Der geplante Zeitpunkt braucht eine Zeitzone (z. B. 2026-11-24T08:00+01:00 oder timeZone: Europe/Berlin).',
    );
  } finally {
    await bare.close();
  }
  // A second app (its own database) starts slowly on a loaded machine.
}, 90_000);
