// The five platform adapters: what each platform's public API takes to publish a post (paths, auth, bodies as in the
// docs named in tests/fakes/*.ts), the platform's id of the published post back, or a PlatformError in German.
import { mkdtemp, open, rm, type FileHandle } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { FetchRefused, guardedFetch } from '../../net/guarded-fetch';
import type { Credentials } from '../credentials';
import { PLATFORM_NAMES, platformFetch, PlatformError, type PlatformId, type RetryPolicy } from './http';
import type { TokenStore } from './token-store';
import { CHUNK_TIMEOUT_MS, chunkBytesOf, uploadResumable } from './youtube-upload';

export interface PostInput {
  content: string;
  title?: string;
  /** A public address of an image or video the platform fetches (Telegram, Facebook, Instagram, TikTok) or we upload (YouTube). */
  mediaUrl?: string;
  mediaType?: 'photo' | 'video';
  /** A Media Library upload on this server's disk: YouTube gets these bytes without a round trip through the address. */
  mediaFile?: { path: string; type: string };
}

export interface AdapterContext {
  credentials: Credentials;
  tokens: TokenStore;
  retry: RetryPolicy;
  /** Wait between status polls (Instagram container, TikTok publish). */
  pollMs: number;
  pollAttempts: number;
  /** A media address may name a private or loopback host (NEWSDESK_FETCH_PRIVATE: an intranet; the tests' fakes). */
  allowPrivate: boolean;
  /** One upload request's time limit (a YouTube chunk); tests shorten it. */
  uploadTimeoutMs?: number;
}

export type Adapter = (ctx: AdapterContext, input: PostInput) => Promise<{ remoteId: string }>;

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * The answer to a call that publishes: the platform took it (2xx), so an answer that cannot be read or names no post
 * leaves open whether the post is out — 'uncertain', never sent again on its own.
 */
async function publishAnswer<T extends object>(
  platform: PlatformId,
  response: Response,
  idOf: (answer: T) => string | number | undefined,
): Promise<{ answer: T; id: string }> {
  const name = PLATFORM_NAMES[platform];
  const unclear = (what: string) =>
    new PlatformError(
      `${name} hat den Post mit HTTP ${response.status} angenommen, ${what}. Ob er erschienen ist, ist unklar – bitte dort prüfen, bevor er erneut gesendet wird.`,
      'uncertain',
    );
  let answer: T;
  try {
    answer = (await response.json()) as T;
  } catch {
    throw unclear('die Antwort ließ sich aber nicht lesen');
  }
  const id = answer && typeof answer === 'object' ? idOf(answer) : undefined;
  if (id === undefined || id === '') throw unclear('aber ohne Kennung des Posts geantwortet');
  return { answer, id: String(id) };
}

const notConfigured = (platform: PlatformId, what: string) =>
  new PlatformError(
    `Die Veröffentlichung auf ${PLATFORM_NAMES[platform]} ist nicht konfiguriert: ${what}.`,
    'not_configured',
  );

/** The OAuth token first (refreshed by the job), else a token from the environment/Admin. */
async function accessToken(ctx: AdapterContext, platform: PlatformId): Promise<{ token: string; account?: string }> {
  const stored = await ctx.tokens.get(platform);
  if (stored?.state === 'revoked')
    throw new PlatformError(
      `${PLATFORM_NAMES[platform]}: Die Anmeldung wurde widerrufen – bitte neu verbinden.`,
      'revoked',
    );
  if (stored) return { token: stored.accessToken, account: stored.account };
  const key = await ctx.credentials.key(platform);
  if (!key) throw notConfigured(platform, 'kein Zugangs-Token (bitte verbinden)');
  return { token: key };
}

const form = (fields: Record<string, string | undefined>) => {
  const body = new URLSearchParams();
  for (const [k, v] of Object.entries(fields)) if (v !== undefined) body.set(k, v);
  return body;
};

// Telegram Bot API: https://core.telegram.org/bots/api#sendmessage, #sendphoto, #sendvideo
export const telegram: Adapter = async (ctx, input) => {
  const token = await ctx.credentials.key('telegram');
  const chatId = ctx.credentials.setting('TELEGRAM_CHAT_ID');
  if (!token || !chatId) throw notConfigured('telegram', 'TELEGRAM_BOT_TOKEN und TELEGRAM_CHAT_ID müssen gesetzt sein');
  const [method, body] =
    input.mediaType === 'photo' && input.mediaUrl
      ? ['sendPhoto', { chat_id: chatId, photo: input.mediaUrl, caption: input.content }]
      : input.mediaType === 'video' && input.mediaUrl
        ? ['sendVideo', { chat_id: chatId, video: input.mediaUrl, caption: input.content }]
        : ['sendMessage', { chat_id: chatId, text: input.content }];
  const response = await platformFetch(
    'telegram',
    `${ctx.credentials.url('telegram')}/bot${token}/${method}`,
    {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify(body),
    },
    { retry: ctx.retry, secrets: [token], telegramRetryAfter: true, publishes: true },
  );
  const { id } = await publishAnswer<{ ok?: boolean; result?: { message_id?: number } }>(
    'telegram',
    response,
    (answer) => (answer.ok ? answer.result?.message_id : undefined),
  );
  return { remoteId: id };
};

// Graph API v23.0 Page publishing: https://developers.facebook.com/docs/pages-api/posts (/{page-id}/feed),
// /{page-id}/photos (url), /{page-id}/videos (file_url); the Page access token in the form body.
export const facebook: Adapter = async (ctx, input) => {
  const { token, account } = await accessToken(ctx, 'facebook');
  const pageId = account ?? ctx.credentials.setting('FACEBOOK_PAGE_ID');
  if (!pageId) throw notConfigured('facebook', 'keine Seite (FACEBOOK_PAGE_ID)');
  const base = `${ctx.credentials.url('facebook')}/${encodeURIComponent(pageId)}`;
  const [edge, fields] =
    input.mediaType === 'photo' && input.mediaUrl
      ? ['photos', { url: input.mediaUrl, caption: input.content }]
      : input.mediaType === 'video' && input.mediaUrl
        ? ['videos', { file_url: input.mediaUrl, description: input.content, title: input.title }]
        : ['feed', { message: input.content }];
  const response = await platformFetch(
    'facebook',
    `${base}/${edge}`,
    { method: 'POST', body: form({ ...fields, access_token: token }) },
    { retry: ctx.retry, secrets: [token], publishes: true },
  );
  const { id } = await publishAnswer<{ id?: string; post_id?: string }>(
    'facebook',
    response,
    (answer) => answer.post_id ?? answer.id,
  );
  return { remoteId: id };
};

// Instagram content publishing (Graph API v23.0): https://developers.facebook.com/docs/instagram-platform/content-publishing
// POST /{ig-user-id}/media → container; GET /{container}?fields=status_code until FINISHED; POST /{ig-user-id}/media_publish.
export const instagram: Adapter = async (ctx, input) => {
  // Not set up comes first (503), then what the platform cannot take (422).
  const { token, account } = await accessToken(ctx, 'instagram');
  const igUser = account ?? ctx.credentials.setting('INSTAGRAM_USER_ID');
  if (!igUser) throw notConfigured('instagram', 'kein Instagram-Konto (INSTAGRAM_USER_ID)');
  if (!input.mediaUrl)
    throw new PlatformError(
      'Instagram veröffentlicht nur Bilder und Videos: Bitte eine Bild- oder Video-Adresse angeben.',
      'rejected',
    );
  const graph = ctx.credentials.url('instagram');
  const options = { retry: ctx.retry, secrets: [token] };
  const media =
    input.mediaType === 'video' ? { media_type: 'REELS', video_url: input.mediaUrl } : { image_url: input.mediaUrl };
  const created = (await (
    await platformFetch(
      'instagram',
      `${graph}/${encodeURIComponent(igUser)}/media`,
      { method: 'POST', body: form({ ...media, caption: input.content, access_token: token }) },
      options,
    )
  ).json()) as { id?: string };
  if (!created.id) throw new PlatformError('Instagram hat keinen Container angelegt.', 'rejected');
  for (let i = 0; ; i += 1) {
    const status = (await (
      await platformFetch(
        'instagram',
        `${graph}/${encodeURIComponent(created.id)}?fields=status_code&access_token=${encodeURIComponent(token)}`,
        { method: 'GET' },
        options,
      )
    ).json()) as { status_code?: string };
    if (status.status_code === 'FINISHED') break;
    if (status.status_code === 'ERROR' || status.status_code === 'EXPIRED')
      throw new PlatformError(`Instagram konnte das Medium nicht verarbeiten (${status.status_code}).`, 'rejected');
    if (i + 1 >= ctx.pollAttempts)
      throw new PlatformError(
        'Instagram verarbeitet das Medium noch – die Veröffentlichung wird später erneut versucht.',
        'unavailable',
      );
    await sleep(ctx.pollMs);
  }
  const published = await publishAnswer<{ id?: string }>(
    'instagram',
    await platformFetch(
      'instagram',
      `${graph}/${encodeURIComponent(igUser)}/media_publish`,
      { method: 'POST', body: form({ creation_id: created.id, access_token: token }) },
      { ...options, publishes: true },
    ),
    (answer) => answer.id,
  );
  return { remoteId: published.id };
};

/** The largest video fetched from an address for an upload (YouTube's own limit is far above; a desk's disk is not). */
const MAX_VIDEO_BYTES = 512 * 1024 * 1024;

/** A video file to upload, open for reading; `close` also removes a downloaded copy. */
interface VideoFile {
  handle: FileHandle;
  size: number;
  type: string;
  close(): Promise<void>;
}

/** Opens a file for the upload; a file that cannot be read is refused with `what` in the message. */
async function openVideo(file: string, what: string): Promise<{ handle: FileHandle; size: number }> {
  let handle: FileHandle | undefined;
  try {
    handle = await open(file, 'r');
    return { handle, size: (await handle.stat()).size };
  } catch (error) {
    await handle?.close();
    throw new PlatformError(
      `${what} konnte nicht gelesen werden: ${(error as NodeJS.ErrnoException).code ?? (error as Error).message}`,
      'rejected',
    );
  }
}

/**
 * The video to upload: the stored file of the Media Library, else what its address serves (through the SSRF guard,
 * into a temporary file), so the upload reads it chunk by chunk instead of holding it in memory.
 */
async function videoFile(
  ctx: AdapterContext,
  url: string | undefined,
  local?: { path: string; type: string },
): Promise<VideoFile> {
  if (local) {
    const opened = await openVideo(local.path, 'Das Video der Mediathek');
    return { ...opened, type: local.type, close: () => opened.handle.close() };
  }
  if (!url)
    throw new PlatformError(
      'YouTube veröffentlicht nur Videos: Ein reiner Text-Post ist auf YouTube nicht möglich.',
      'rejected',
    );
  const folder = await mkdtemp(path.join(tmpdir(), 'newsdesk-upload-'));
  const removeFolder = () => rm(folder, { recursive: true, force: true });
  try {
    const saved = path.join(folder, 'video');
    const file = await guardedFetch(url, {
      allowPrivate: ctx.allowPrivate,
      timeoutMs: 10 * 60_000,
      maxBytes: MAX_VIDEO_BYTES,
      saveTo: saved,
    });
    if (file.status < 200 || file.status >= 300)
      throw new PlatformError(`Das Video konnte nicht geladen werden (HTTP ${file.status}).`, 'rejected');
    const opened = await openVideo(saved, 'Das geladene Video');
    return {
      ...opened,
      type: file.headers.get('content-type')?.split(';')[0] || 'video/mp4',
      close: () => opened.handle.close().finally(removeFolder),
    };
  } catch (error) {
    await removeFolder();
    if (error instanceof PlatformError) throw error;
    if (error instanceof FetchRefused)
      throw new PlatformError(
        `Das Video konnte nicht geladen werden: ${error.message}`,
        error.code === 'timeout' || error.code === 'network' ? 'unavailable' : 'rejected',
      );
    throw new PlatformError(`Das Video konnte nicht geladen werden: ${(error as Error).message}`, 'unavailable');
  }
}

// YouTube Data API v3 videos.insert, resumable: https://developers.google.com/youtube/v3/guides/using_resumable_upload_protocol
export const youtube: Adapter = async (ctx, input) => {
  const { token } = await accessToken(ctx, 'youtube');
  if (input.mediaType !== 'video' || (!input.mediaUrl && !input.mediaFile))
    throw new PlatformError(
      'YouTube veröffentlicht nur Videos: Ein reiner Text-Post ist auf YouTube nicht möglich.',
      'rejected',
    );
  const file = await videoFile(ctx, input.mediaUrl, input.mediaFile);
  try {
    const title = (input.title?.trim() || input.content.split('\n')[0]).slice(0, 100);
    const id = await uploadResumable({
      base: ctx.credentials.url('youtube'),
      token,
      metadata: {
        snippet: { title, description: input.content },
        status: { privacyStatus: ctx.credentials.setting('YOUTUBE_PRIVACY_STATUS') ?? 'private' },
      },
      file,
      chunkBytes: chunkBytesOf(ctx.credentials.setting('YOUTUBE_UPLOAD_CHUNK_BYTES')),
      retry: ctx.retry,
      timeoutMs: ctx.uploadTimeoutMs ?? CHUNK_TIMEOUT_MS,
    });
    return { remoteId: id };
  } finally {
    await file.close();
  }
};

// TikTok Content Posting API, Direct Post: https://developers.tiktok.com/doc/content-posting-api-reference-direct-post
// and the status: https://developers.tiktok.com/doc/content-posting-api-reference-get-video-status
export const tiktok: Adapter = async (ctx, input) => {
  const { token } = await accessToken(ctx, 'tiktok');
  if (input.mediaType !== 'video' || !input.mediaUrl)
    throw new PlatformError('TikTok veröffentlicht nur Videos: Bitte eine Video-Adresse angeben.', 'rejected');
  const base = ctx.credentials.url('tiktok');
  const headers = { Authorization: `Bearer ${token}`, 'Content-Type': 'application/json; charset=UTF-8' };
  const options = { retry: ctx.retry, secrets: [token] };
  const init = (await (
    await platformFetch(
      'tiktok',
      `${base}/v2/post/publish/video/init/`,
      {
        method: 'POST',
        headers,
        body: JSON.stringify({
          post_info: {
            title: input.content.slice(0, 2200),
            privacy_level: ctx.credentials.setting('TIKTOK_PRIVACY_LEVEL') ?? 'SELF_ONLY',
          },
          source_info: { source: 'PULL_FROM_URL', video_url: input.mediaUrl },
        }),
      },
      { ...options, publishes: true },
    )
  ).json()) as { data?: { publish_id?: string } };
  const publishId = init.data?.publish_id;
  if (!publishId) throw new PlatformError('TikTok hat keine publish_id zurückgegeben.', 'rejected');
  for (let i = 0; ; i += 1) {
    let status: { data?: { status?: string; fail_reason?: string } };
    try {
      status = (await (
        await platformFetch(
          'tiktok',
          `${base}/v2/post/publish/status/fetch/`,
          { method: 'POST', headers, body: JSON.stringify({ publish_id: publishId }) },
          options,
        )
      ).json()) as typeof status;
    } catch (error) {
      // TikTok has the video already: asked again, init would post it a second time.
      const reason = error instanceof Error ? error.message : String(error);
      throw new PlatformError(
        `TikTok hat das Video angenommen, sein Status ist aber nicht abrufbar (${reason}) – bitte in TikTok prüfen, bevor es erneut gesendet wird.`,
        'uncertain',
      );
    }
    if (status.data?.status === 'PUBLISH_COMPLETE') return { remoteId: publishId };
    if (status.data?.status === 'FAILED')
      throw new PlatformError(
        `TikTok hat das Video abgelehnt: ${status.data.fail_reason ?? 'unbekannter Grund'}.`,
        'rejected',
      );
    if (i + 1 >= ctx.pollAttempts) return { remoteId: publishId };
    await sleep(ctx.pollMs);
  }
};

export const ADAPTERS: Record<PlatformId, Adapter> = { telegram, facebook, instagram, youtube, tiktok };
