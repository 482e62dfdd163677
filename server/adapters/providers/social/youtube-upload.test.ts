// YouTube's resumable upload against the fake that follows Google's "Resumable Uploads" page: chunks of a multiple of
// 256 KiB, a broken chunk resumed from the byte the server reports (not from 0), a lost session started over, a final
// refusal in German, and the outcome of a last chunk without an answer.
import { createHash, randomBytes } from 'node:crypto';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { gError, startYouTubeFake, UPLOAD_BLOCK, type YouTubeFake } from '../../../../tests/fakes/youtube';
import { createCredentials } from '../credentials';
import { youtube, type AdapterContext } from './adapters';
import { PlatformError } from './http';
import type { TokenStore } from './token-store';
import { chunkBytesOf, DEFAULT_CHUNK_BYTES } from './youtube-upload';

const CHUNK = 2 * UPLOAD_BLOCK;
/** Three whole chunks and a short last one. */
const SIZE = 3 * CHUNK + 12_345;

let fake: YouTubeFake;
let folder = '';
let video = '';
let videoSha = '';

beforeAll(async () => {
  fake = await startYouTubeFake(0);
  folder = await mkdtemp(path.join(tmpdir(), 'yt-upload-test-'));
  video = path.join(folder, 'clip.mp4');
  const bytes = randomBytes(SIZE);
  videoSha = createHash('sha256').update(bytes).digest('hex');
  await writeFile(video, bytes);
});
afterAll(async () => {
  await fake?.close();
  await rm(folder, { recursive: true, force: true });
});

const context = (options: { retries?: number; uploadTimeoutMs?: number } = {}): AdapterContext => ({
  credentials: createCredentials({
    YOUTUBE_API_URL: fake.url,
    YOUTUBE_ACCESS_TOKEN: 'yt-env-token',
    YOUTUBE_UPLOAD_CHUNK_BYTES: String(CHUNK),
  }),
  tokens: { get: async () => undefined } as unknown as TokenStore,
  // A scheduled job's policy: no retries of the post within a run, yet the upload itself still resumes.
  retry: { retries: options.retries ?? 0, baseDelayMs: 1, multiplier: 2 },
  pollMs: 1,
  pollAttempts: 1,
  allowPrivate: true,
  uploadTimeoutMs: options.uploadTimeoutMs,
});

const post = (ctx = context()) =>
  youtube(ctx, {
    content: 'Die ganze Sendung',
    title: 'Abendausgabe',
    mediaType: 'video',
    mediaFile: { path: video, type: 'video/mp4' },
  });

/** The upload PUTs since request `before`, as their Content-Range without the total (a status request: `*`). */
const rangesSince = (before: number) =>
  fake.requests
    .slice(before)
    .filter((r) => r.method === 'PUT')
    .map((r) => r.headers['content-range']?.replace(/\/\d+$/, '').replace(/^bytes /, '') ?? 'none');

test('a connection dropped mid-chunk resumes from the byte the server reports; only the part it did not keep is sent again', async () => {
  const before = fake.requests.length;
  fake.interruptChunk({ from: CHUNK, after: 300_000, how: 'drop' });
  const { remoteId } = await post();

  const upload = fake.uploads.at(-1);
  expect(fake.requests.slice(before).filter((r) => r.method === 'POST')).toHaveLength(1);
  // The fake keeps one whole 256 KiB block of the 300 000 bytes that arrived, and says so when asked.
  expect(upload?.cuts).toEqual([{ from: CHUNK, arrived: 300_000, kept: UPLOAD_BLOCK }]);
  const resumedAt = CHUNK + UPLOAD_BLOCK;
  expect(rangesSince(before)).toEqual([
    `0-${CHUNK - 1}`,
    `${CHUNK}-${2 * CHUNK - 1}`,
    '*',
    `${resumedAt}-${resumedAt + CHUNK - 1}`,
    `${resumedAt + CHUNK}-${SIZE - 1}`,
  ]);
  expect(upload?.arrived).toBe(SIZE + (300_000 - UPLOAD_BLOCK));
  expect(fake.videos.at(-1)).toMatchObject({ id: remoteId, title: 'Abendausgabe', bytes: SIZE, sha256: videoSha });
  for (const put of fake.requests.slice(before).filter((r) => r.method === 'PUT'))
    expect(put.headers.authorization).toBe('Bearer yt-env-token');
});

test('a chunk the server stops reading ends by the time limit, and the upload goes on from where the server stands', async () => {
  const before = fake.requests.length;
  fake.interruptChunk({ from: 0, after: 400_000, how: 'stall' });
  const { remoteId } = await post(context({ uploadTimeoutMs: 500 }));

  expect(fake.uploads.at(-1)?.cuts).toEqual([{ from: 0, arrived: 400_000, kept: UPLOAD_BLOCK }]);
  expect(rangesSince(before).slice(0, 3)).toEqual([
    `0-${CHUNK - 1}`,
    '*',
    `${UPLOAD_BLOCK}-${UPLOAD_BLOCK + CHUNK - 1}`,
  ]);
  expect(fake.videos.at(-1)).toMatchObject({ id: remoteId, bytes: SIZE, sha256: videoSha });
});

test('a session the server has lost (404) starts over with a new session from byte 0', async () => {
  const before = fake.requests.length;
  const sessionsBefore = fake.uploads.length;
  fake.expireSessionAt(CHUNK);
  const { remoteId } = await post();

  expect(fake.uploads.length - sessionsBefore).toBe(2);
  expect(fake.requests.slice(before).filter((r) => r.method === 'POST')).toHaveLength(2);
  expect(rangesSince(before)).toEqual([
    `0-${CHUNK - 1}`,
    `${CHUNK}-${2 * CHUNK - 1}`, // 404: the session is gone
    `0-${CHUNK - 1}`,
    `${CHUNK}-${2 * CHUNK - 1}`,
    `${2 * CHUNK}-${3 * CHUNK - 1}`,
    `${3 * CHUNK}-${SIZE - 1}`,
  ]);
  expect(fake.uploads.at(-1)?.videoId).toBe(remoteId);
  expect(fake.videos.at(-1)).toMatchObject({ id: remoteId, bytes: SIZE, sha256: videoSha });
});

test('a refusal of a chunk (4xx) ends the upload at once with the German reason', async () => {
  const before = fake.requests.length;
  const videos = fake.videos.length;
  fake.failNext(
    (head) => head.method === 'PUT' && head.headers['content-range']?.startsWith(`bytes ${CHUNK}-`) === true,
    gError(403, 'forbidden', 'The request is not properly authorized to upload this video.'),
  );
  const failed = await post(context({ retries: 3 })).catch((e: unknown) => e);

  expect(failed).toBeInstanceOf(PlatformError);
  expect((failed as PlatformError).message).toBe(
    'YouTube hat den Post abgelehnt (HTTP 403): The request is not properly authorized to upload this video.',
  );
  expect((failed as PlatformError).kind).toBe('rejected');
  expect(rangesSince(before)).toEqual([`0-${CHUNK - 1}`, `${CHUNK}-${2 * CHUNK - 1}`]);
  expect(fake.videos.length).toBe(videos);
});

test('a last chunk whose answer is lost is found complete by the status request: one video, nothing sent twice', async () => {
  const before = fake.requests.length;
  const videos = fake.videos.length;
  fake.interruptChunk({ from: 3 * CHUNK, after: SIZE - 3 * CHUNK, how: 'drop' });
  const { remoteId } = await post();

  expect(rangesSince(before).slice(-2)).toEqual([`${3 * CHUNK}-${SIZE - 1}`, '*']);
  expect(fake.videos.length).toBe(videos + 1);
  expect(fake.videos.at(-1)).toMatchObject({ id: remoteId, sha256: videoSha });
  expect(fake.uploads.at(-1)?.arrived).toBe(SIZE);
});

test('a last chunk and status requests without an answer leave the post uncertain, not sent again by itself', async () => {
  const videos = fake.videos.length;
  fake.interruptChunk({ from: 3 * CHUNK, after: 5_000, how: 'stall' });
  // The status requests are answered only after their time limit.
  fake.delayNext((head) => head.headers['content-range']?.startsWith('bytes */') === true, 1_500, 3);
  const before = fake.requests.length;
  const failed = await post(context({ uploadTimeoutMs: 300 })).catch((e: unknown) => e);

  expect(failed).toBeInstanceOf(PlatformError);
  expect((failed as PlatformError).kind).toBe('uncertain');
  expect((failed as PlatformError).message).toBe(
    'YouTube hat den letzten Teil des Videos nicht bestätigt. Ob YouTube das Video angenommen hat, ist unklar – bitte dort prüfen, bevor es erneut gesendet wird.',
  );
  expect(rangesSince(before).slice(-4)).toEqual([`${3 * CHUNK}-${SIZE - 1}`, '*', '*', '*']);
  expect(fake.videos.length).toBe(videos);
});

test('a session address on another host is refused: the token is not sent there', async () => {
  const before = fake.requests.length;
  fake.failNext(/^\/upload\/youtube\/v3\/videos$/, {
    status: 200,
    headers: { Location: 'http://127.0.0.2:9/upload/youtube/v3/videos?upload_id=elsewhere' },
  });
  const failed = await post().catch((e: unknown) => e);
  expect((failed as PlatformError).message).toBe('YouTube hat eine Upload-Adresse auf einem fremden Host geliefert.');
  expect(fake.requests.slice(before).map((r) => r.method)).toEqual(['POST']);
});

test('the fake refuses what Google refuses: a short middle chunk, a gap, a wrong length, an unknown session', async () => {
  const open = await fetch(`${fake.url}/upload/youtube/v3/videos?uploadType=resumable&part=snippet`, {
    method: 'POST',
    headers: {
      Authorization: 'Bearer yt-env-token',
      'Content-Type': 'application/json; charset=UTF-8',
      'X-Upload-Content-Length': String(SIZE),
      'X-Upload-Content-Type': 'video/mp4',
    },
    body: JSON.stringify({ snippet: { title: 'Probe' } }),
  });
  const uri = open.headers.get('location') ?? '';
  const put = (target: string, range: string, body: Uint8Array<ArrayBuffer>) =>
    fetch(target, {
      method: 'PUT',
      headers: { Authorization: 'Bearer yt-env-token', 'Content-Range': range, 'Content-Type': 'video/mp4' },
      body,
    });
  const block = new Uint8Array(UPLOAD_BLOCK);
  expect((await put(uri, `bytes 0-999/${SIZE}`, new Uint8Array(1000))).status).toBe(400);
  expect((await put(uri, `bytes ${UPLOAD_BLOCK}-${2 * UPLOAD_BLOCK - 1}/${SIZE}`, block)).status).toBe(400);
  expect((await put(uri, `bytes 0-${2 * UPLOAD_BLOCK - 1}/${SIZE}`, block)).status).toBe(400);
  expect(
    (await put(uri.replace(/upload_id=[^&]+/, 'upload_id=nope'), `bytes 0-${UPLOAD_BLOCK - 1}/${SIZE}`, block)).status,
  ).toBe(404);
  const first = await put(uri, `bytes 0-${UPLOAD_BLOCK - 1}/${SIZE}`, block);
  expect([first.status, first.headers.get('range')]).toEqual([308, `bytes=0-${UPLOAD_BLOCK - 1}`]);
});

test('the chunk size setting is rounded down to a multiple of 256 KiB', () => {
  expect(chunkBytesOf(undefined)).toBe(DEFAULT_CHUNK_BYTES);
  expect(chunkBytesOf('600000')).toBe(2 * UPLOAD_BLOCK);
  expect(chunkBytesOf('1000')).toBe(DEFAULT_CHUNK_BYTES);
});
