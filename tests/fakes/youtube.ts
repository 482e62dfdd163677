// A YouTube Data API v3 + Google OAuth fake. Shapes from the public docs:
// - Resumable upload, as Google's page "Resumable Uploads" describes it:
//   https://developers.google.com/youtube/v3/guides/using_resumable_upload_protocol
//   Step 1: POST /upload/youtube/v3/videos?uploadType=resumable&part=snippet,status with Authorization: Bearer,
//   Content-Type application/json; charset=UTF-8, X-Upload-Content-Length, X-Upload-Content-Type and a video resource;
//   answer 200 with the session URI in Location.
//   Step 3: PUT the bytes to the session URI, whole or in chunks ("Uploading a file in chunks": Content-Length and
//   Content-Range: bytes first-last/total, every chunk but the last a multiple of 256 KiB); a chunk that leaves bytes
//   missing gets 308 Resume Incomplete with Range: bytes=0-last (no Range while nothing arrived), the last one 201
//   with the video resource.
//   Step 4: an empty PUT with Content-Range: bytes */total asks how far the upload got (308 with Range, or 200/201
//   with the resource once complete); the upload goes on from the byte after the Range. An unknown or expired session
//   answers 404 (start a new one).
//   Like Google, the fake keeps what arrived of a chunk whose connection broke, in whole 256 KiB blocks, and rejects
//   a chunk that does not continue from what it has, a wrong Content-Length, or a size not a multiple of 256 KiB.
// - Errors: https://developers.google.com/youtube/v3/docs/errors ({error:{code, message, errors:[{reason}]}}, 401
//   authError, 403 quotaExceeded, 429 rateLimitExceeded).
// - OAuth: https://developers.google.com/identity/protocols/oauth2/web-server (authorise page with client_id,
//   redirect_uri, response_type=code, scope, access_type=offline, state; POST https://oauth2.googleapis.com/token
//   form code|refresh_token, client_id, client_secret, grant_type; answer access_token, expires_in, refresh_token,
//   scope, token_type; errors {error:'invalid_grant', error_description}).
import { createHash } from 'node:crypto';
import { formOf, jsonOf, startFake, type FakeServer, type LoggedRequest, type Reply } from './social-fake-http';
import { authorizePage } from './oauth-pages';

export const GOOGLE_CLIENT = { id: 'yt-client-id.apps.googleusercontent.com', secret: 'yt-client-secret' };

export const gError = (code: number, reason: string, message: string): Reply => ({
  status: code,
  body: { error: { code, message, errors: [{ message, domain: 'youtube', reason }] } },
});
export const youtubeRateLimit: Reply = gError(
  429,
  'rateLimitExceeded',
  'The request cannot be completed because you have exceeded your quota.',
);

/** One resumable session as the fake holds it. */
export interface UploadSession {
  id: string;
  title: string;
  length: number;
  type: string;
  /** The bytes it keeps, from byte 0 on. */
  held: number;
  /** Every byte of a PUT body that reached it, kept or not (a re-sent byte counts twice). */
  arrived: number;
  /** Chunks whose connection broke: what of them arrived and what was kept. */
  cuts: { from: number; arrived: number; kept: number }[];
  videoId?: string;
}

export interface YouTubeFake extends FakeServer {
  accessTokens: Set<string>;
  refreshTokens: Set<string>;
  videos: { id: string; title: string; bytes: number; contentType: string; sha256: string }[];
  /** Every session opened, in order (expired ones too). */
  uploads: UploadSession[];
  /** A small mp4-like file the tests give as mediaUrl. */
  sampleVideoUrl: string;
  /** The next chunk PUT starting at byte `from` (any chunk when left out) is cut after `after` bytes of its body. */
  interruptChunk(options: { from?: number; after: number; how?: 'drop' | 'stall' }): void;
  /** The open session is forgotten (its next PUT gets 404) once it holds at least `bytes`. */
  expireSessionAt(bytes: number): void;
}

/** Google's block size: every chunk but the last is a multiple of it, and a broken chunk is kept in whole blocks. */
export const UPLOAD_BLOCK = 256 * 1024;
const UPLOAD_PATH = '/upload/youtube/v3/videos';

export async function startYouTubeFake(port = 0): Promise<YouTubeFake> {
  const codes = new Set<string>();
  const sessions = new Map<string, UploadSession & { parts: Buffer[] }>();
  let expireAt: number | undefined;
  let n = 0;
  let self: Omit<YouTubeFake, keyof FakeServer | 'interruptChunk' | 'expireSessionAt'> = {
    accessTokens: new Set(['yt-env-token']),
    refreshTokens: new Set(),
    videos: [],
    uploads: [],
    sampleVideoUrl: '',
  };
  const bearer = (req: LoggedRequest) => /^Bearer (.+)$/.exec(req.headers.authorization ?? '')?.[1];
  const route = (req: LoggedRequest): Reply => {
    if (req.path === '/o/oauth2/v2/auth')
      return authorizePage(req, { clientParam: 'client_id', clientId: GOOGLE_CLIENT.id, codes });
    if (req.path === '/token') {
      const form = formOf(req);
      if (req.method !== 'POST' || !form)
        return { status: 400, body: { error: 'invalid_request', error_description: 'form body required' } };
      if (form.get('client_id') !== GOOGLE_CLIENT.id || form.get('client_secret') !== GOOGLE_CLIENT.secret)
        return { status: 401, body: { error: 'invalid_client', error_description: 'The OAuth client was not found.' } };
      const grant = form.get('grant_type');
      const ok =
        grant === 'authorization_code'
          ? codes.delete(form.get('code') ?? '') && !!form.get('redirect_uri')
          : grant === 'refresh_token'
            ? self.refreshTokens.has(form.get('refresh_token') ?? '')
            : false;
      if (!ok)
        return {
          status: 400,
          body: { error: 'invalid_grant', error_description: 'Token has been expired or revoked.' },
        };
      n += 1;
      const access = `ya29.fake-${n}`;
      self.accessTokens.add(access);
      const refresh = grant === 'authorization_code' ? `1//fake-refresh-${n}` : undefined;
      if (refresh) self.refreshTokens.add(refresh);
      return {
        status: 200,
        body: {
          access_token: access,
          expires_in: 3599,
          scope: 'https://www.googleapis.com/auth/youtube.upload',
          token_type: 'Bearer',
          ...(refresh ? { refresh_token: refresh } : {}),
        },
      };
    }
    if (req.path === '/sample.mp4')
      return {
        status: 200,
        body: Buffer.from('\x00\x00\x00\x18ftypmp42fake-video-bytes'),
        headers: { 'Content-Type': 'video/mp4' },
      };
    if (req.path === '/upload/youtube/v3/videos' && req.method === 'POST') {
      const token = bearer(req);
      if (!token || !self.accessTokens.has(token)) return gError(401, 'authError', 'Invalid Credentials');
      if (req.query.get('uploadType') !== 'resumable' || !req.query.get('part')?.includes('snippet'))
        return gError(400, 'invalidParameter', 'uploadType=resumable and part are required');
      const length = Number(req.headers['x-upload-content-length']);
      const type = String(req.headers['x-upload-content-type'] ?? '');
      if (!Number.isFinite(length) || length <= 0 || !/^video\//.test(type))
        return gError(
          400,
          'invalidParameter',
          'X-Upload-Content-Length and X-Upload-Content-Type (video/*) are required',
        );
      const video = jsonOf(req) as { snippet?: { title?: string } } | undefined;
      if (!video?.snippet?.title)
        return gError(400, 'invalidTitle', 'The request metadata specifies an invalid or empty video title.');
      const id = `session-${self.uploads.length + 1}`;
      const session = { id, title: video.snippet.title, length, type, held: 0, arrived: 0, cuts: [], parts: [] };
      sessions.set(id, session);
      self.uploads.push(session);
      return {
        status: 200,
        headers: { Location: `${fake.url}/upload/youtube/v3/videos?uploadType=resumable&upload_id=${id}` },
      };
    }
    if (req.path === UPLOAD_PATH && req.method === 'PUT') {
      const session = sessions.get(req.query.get('upload_id') ?? '');
      if (!session) return gError(404, 'notFound', 'Upload session not found');
      session.arrived += req.body.length;
      const token = bearer(req);
      if (!token || !self.accessTokens.has(token)) return gError(401, 'authError', 'Invalid Credentials');
      const declared = req.headers['content-length'];
      if (declared === undefined || Number(declared) !== req.body.length)
        return gError(400, 'badContent', 'Content-Length is required and must match the body');
      const range = req.headers['content-range'];
      if (range !== undefined && /^bytes \*\/\d+$/.test(range)) {
        if (req.body.length !== 0 || Number(range.slice(8)) !== session.length)
          return gError(400, 'badContent', `a status request has no body and names the total ${session.length}`);
        return statusOf(session);
      }
      const chunk = chunkOf(session, range, req.body.length);
      if (typeof chunk === 'string') return gError(400, 'badContent', chunk);
      return keep(session, req.body);
    }
    return gError(404, 'notFound', 'Not Found');
  };
  /** Where the session stands: 308 with the Range it holds (none while empty), or the finished video. */
  const statusOf = (session: UploadSession): Reply => {
    if (session.videoId) return { status: 200, body: resource(session) };
    return { status: 308, headers: session.held > 0 ? { Range: `bytes=0-${session.held - 1}` } : {} };
  };
  const resource = (session: UploadSession) => ({
    kind: 'youtube#video',
    id: session.videoId,
    snippet: { title: session.title },
    status: { uploadStatus: 'uploaded' },
  });
  /** A chunk's first byte, or why Google would refuse it; no Content-Range: the whole file in one request. */
  const chunkOf = (session: UploadSession, range: string | undefined, size: number): number | string => {
    if (range === undefined)
      return session.held === 0 && size === session.length
        ? 0
        : `expected ${session.length} bytes in one request, got ${size}`;
    const match = /^bytes (\d+)-(\d+)\/(\d+)$/.exec(range);
    if (!match) return `invalid Content-Range: ${range}`;
    const [first, last, total] = match.slice(1).map(Number);
    if (total !== session.length) return `the upload has ${session.length} bytes, not ${total}`;
    if (last < first || last >= total || last - first + 1 !== size)
      return `Content-Range ${range} does not match Content-Length ${size}`;
    if (first !== session.held) return `the upload goes on at byte ${session.held}, not ${first}`;
    if (last + 1 < total && size % UPLOAD_BLOCK !== 0) return 'a chunk but the last must be a multiple of 256 KiB';
    return first;
  };
  const keep = (session: UploadSession & { parts: Buffer[] }, bytes: Buffer): Reply => {
    session.parts.push(bytes);
    session.held += bytes.length;
    if (session.held < session.length) {
      if (expireAt !== undefined && session.held >= expireAt) {
        sessions.delete(session.id);
        expireAt = undefined;
      }
      return statusOf(session);
    }
    // A finished session still answers a status request with its video (the client may have missed the 201).
    session.videoId = `yt-video-${self.videos.length + 1}`;
    const content = Buffer.concat(session.parts);
    session.parts = [];
    self.videos.push({
      id: session.videoId,
      title: session.title,
      bytes: content.length,
      contentType: session.type,
      sha256: createHash('sha256').update(content).digest('hex'),
    });
    return { status: 201, body: resource(session) };
  };
  /** A chunk whose connection broke: Google keeps what arrived in whole blocks (all of it when the chunk was whole). */
  const broken = (req: LoggedRequest) => {
    if (req.path !== UPLOAD_PATH || req.method !== 'PUT') return;
    const session = sessions.get(req.query.get('upload_id') ?? '');
    if (!session) return;
    session.arrived += req.body.length;
    const range = req.headers['content-range'];
    const match = range === undefined ? undefined : /^bytes (\d+)-(\d+)\/(\d+)$/.exec(range);
    if (!match || Number(match[1]) !== session.held || Number(match[3]) !== session.length) return;
    const size = Number(match[2]) - Number(match[1]) + 1;
    const kept = req.body.length === size ? size : Math.floor(req.body.length / UPLOAD_BLOCK) * UPLOAD_BLOCK;
    session.cuts.push({ from: session.held, arrived: req.body.length, kept });
    if (kept > 0) keep(session, req.body.subarray(0, kept));
  };
  const server = await startFake(port, route, { onAborted: broken });
  const fake: YouTubeFake = Object.assign(server, self, {
    interruptChunk({ from, after, how }: { from?: number; after: number; how?: 'drop' | 'stall' }) {
      server.cutNext(
        (head) =>
          head.method === 'PUT' &&
          head.path === UPLOAD_PATH &&
          Number(head.headers['content-length'] ?? 0) > 0 &&
          (from === undefined || head.headers['content-range']?.startsWith(`bytes ${from}-`) === true),
        after,
        how,
      );
    },
    expireSessionAt(bytes: number) {
      expireAt = bytes;
    },
  });
  fake.sampleVideoUrl = `${fake.url}/sample.mp4`;
  self = fake;
  return fake;
}
