// A YouTube Data API v3 + Google OAuth fake. Shapes from the public docs:
// - Resumable upload: https://developers.google.com/youtube/v3/guides/using_resumable_upload_protocol (POST
//   /upload/youtube/v3/videos?uploadType=resumable&part=snippet,status with Authorization: Bearer, Content-Type
//   application/json; charset=UTF-8, X-Upload-Content-Length, X-Upload-Content-Type and a video resource; answer 200
//   with the session URI in Location; PUT the bytes there; answer 201 with the video resource).
// - Errors: https://developers.google.com/youtube/v3/docs/errors ({error:{code, message, errors:[{reason}]}}, 401
//   authError, 403 quotaExceeded, 429 rateLimitExceeded).
// - OAuth: https://developers.google.com/identity/protocols/oauth2/web-server (authorise page with client_id,
//   redirect_uri, response_type=code, scope, access_type=offline, state; POST https://oauth2.googleapis.com/token
//   form code|refresh_token, client_id, client_secret, grant_type; answer access_token, expires_in, refresh_token,
//   scope, token_type; errors {error:'invalid_grant', error_description}).
import { formOf, jsonOf, startFake, type FakeServer, type LoggedRequest, type Reply } from './social-fake-http';
import { authorizePage } from './oauth-pages';

export const GOOGLE_CLIENT = { id: 'yt-client-id.apps.googleusercontent.com', secret: 'yt-client-secret' };

const gError = (code: number, reason: string, message: string): Reply => ({
  status: code,
  body: { error: { code, message, errors: [{ message, domain: 'youtube', reason }] } },
});
export const youtubeRateLimit: Reply = gError(
  429,
  'rateLimitExceeded',
  'The request cannot be completed because you have exceeded your quota.',
);

export interface YouTubeFake extends FakeServer {
  accessTokens: Set<string>;
  refreshTokens: Set<string>;
  videos: { id: string; title: string; bytes: number; contentType: string }[];
  /** A small mp4-like file the tests give as mediaUrl. */
  sampleVideoUrl: string;
}

export async function startYouTubeFake(port = 0): Promise<YouTubeFake> {
  const codes = new Set<string>();
  const sessions = new Map<string, { title: string; length: number; type: string }>();
  let n = 0;
  let self: Omit<YouTubeFake, keyof FakeServer> = {
    accessTokens: new Set(['yt-env-token']),
    refreshTokens: new Set(),
    videos: [],
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
      const id = `session-${sessions.size + 1}`;
      sessions.set(id, { title: video.snippet.title, length, type });
      return {
        status: 200,
        headers: { Location: `${fake.url}/upload/youtube/v3/videos?uploadType=resumable&upload_id=${id}` },
      };
    }
    if (req.path === '/upload/youtube/v3/videos' && req.method === 'PUT') {
      const session = sessions.get(req.query.get('upload_id') ?? '');
      if (!session) return gError(404, 'notFound', 'Upload session not found');
      if (req.body.length !== session.length)
        return gError(400, 'invalidContentLength', `expected ${session.length} bytes, got ${req.body.length}`);
      sessions.delete(req.query.get('upload_id') ?? '');
      const id = `yt-video-${self.videos.length + 1}`;
      self.videos.push({ id, title: session.title, bytes: req.body.length, contentType: session.type });
      return {
        status: 201,
        body: { kind: 'youtube#video', id, snippet: { title: session.title }, status: { uploadStatus: 'uploaded' } },
      };
    }
    return gError(404, 'notFound', 'Not Found');
  };
  const fake: YouTubeFake = Object.assign(await startFake(port, route), self);
  fake.sampleVideoUrl = `${fake.url}/sample.mp4`;
  self = fake;
  return fake;
}
