// A TikTok for Developers fake. Shapes from the public docs:
// - OAuth: https://developers.tiktok.com/doc/login-kit-web (authorise page /v2/auth/authorize/ with client_key, scope,
//   response_type=code, redirect_uri, state) and https://developers.tiktok.com/doc/oauth-user-access-token-management
//   (POST /v2/oauth/token/, application/x-www-form-urlencoded; grant_type authorization_code | refresh_token; answer
//   access_token, expires_in, open_id, refresh_expires_in, refresh_token, scope, token_type; errors {error, error_description, log_id}).
// - Direct Post: https://developers.tiktok.com/doc/content-posting-api-reference-direct-post (POST /v2/post/publish/video/init/,
//   Authorization: Bearer, Content-Type application/json; charset=UTF-8, post_info + source_info; answer
//   {data:{publish_id}, error:{code:'ok', message, log_id}}; 401 access_token_invalid; 429 rate_limit_exceeded).
// - Status: https://developers.tiktok.com/doc/content-posting-api-reference-get-video-status (POST /v2/post/publish/status/fetch/).
import { formOf, jsonOf, startFake, type FakeServer, type LoggedRequest, type Reply } from './social-fake-http';
import { authorizePage } from './oauth-pages';
import { pullMedia } from './facebook-graph';

export const TIKTOK_CLIENT = { id: 'tt-client-key', secret: 'tt-client-secret' };

const apiError = (status: number, code: string, message: string): Reply => ({
  status,
  body: { data: {}, error: { code, message, log_id: 'fake-log' } },
});
export const tiktokRateLimit: Reply = apiError(
  429,
  'rate_limit_exceeded',
  'Rate limit exceeded. Please try again later.',
);

export interface TikTokFake extends FakeServer {
  /** Access tokens currently valid. */
  accessTokens: Set<string>;
  refreshTokens: Set<string>;
  published: {
    publishId: string;
    title: string;
    videoUrl: string;
    fetched?: { bytes: number; contentType: string } | { error: string };
  }[];
  /** Download video_url as PULL_FROM_URL does (a video that cannot be fetched ends FAILED with video_pull_failed). */
  pullMedia: boolean;
  /** Seconds an issued access token lives (TikTok: 86 400). */
  expiresIn: number;
  refuseAuthorize: boolean;
}

export async function startTikTokFake(port = 0): Promise<TikTokFake> {
  const codes = new Set<string>();
  let n = 0;
  let state: Omit<TikTokFake, keyof FakeServer> = {
    accessTokens: new Set<string>(['tt-env-token']),
    refreshTokens: new Set<string>(),
    published: [] as TikTokFake['published'],
    expiresIn: 86_400,
    refuseAuthorize: false,
    pullMedia: false,
  };
  const issue = (): Reply => {
    n += 1;
    const access = `act.tt-${n}`;
    const refresh = `rft.tt-${n}`;
    state.accessTokens.add(access);
    state.refreshTokens.add(refresh);
    return {
      status: 200,
      body: {
        access_token: access,
        expires_in: state.expiresIn,
        open_id: 'open-id-1',
        refresh_expires_in: 31_536_000,
        refresh_token: refresh,
        scope: 'user.info.basic,video.publish',
        token_type: 'Bearer',
      },
    };
  };
  const bearer = (req: LoggedRequest) => /^Bearer (.+)$/.exec(req.headers.authorization ?? '')?.[1];
  const route = async (req: LoggedRequest): Promise<Reply> => {
    if (req.path === '/v2/auth/authorize/')
      return authorizePage(req, {
        clientParam: 'client_key',
        clientId: TIKTOK_CLIENT.id,
        codes,
        refuse: () => state.refuseAuthorize,
      });
    if (req.path === '/v2/oauth/token/') {
      const form = formOf(req);
      if (req.method !== 'POST' || !form)
        return {
          status: 400,
          body: {
            error: 'invalid_request',
            error_description: 'Content-Type must be application/x-www-form-urlencoded',
            log_id: 'fake-log',
          },
        };
      if (form.get('client_key') !== TIKTOK_CLIENT.id || form.get('client_secret') !== TIKTOK_CLIENT.secret)
        return {
          status: 401,
          body: {
            error: 'invalid_client',
            error_description: 'Client key or secret is incorrect.',
            log_id: 'fake-log',
          },
        };
      if (form.get('grant_type') === 'authorization_code') {
        const code = form.get('code') ?? '';
        if (!codes.delete(code) || !form.get('redirect_uri'))
          return {
            status: 400,
            body: { error: 'invalid_grant', error_description: 'Authorization code is expired.', log_id: 'fake-log' },
          };
        return issue();
      }
      if (form.get('grant_type') === 'refresh_token') {
        if (!state.refreshTokens.delete(form.get('refresh_token') ?? ''))
          return {
            status: 400,
            body: {
              error: 'invalid_grant',
              error_description: 'Refresh token is invalid or expired.',
              log_id: 'fake-log',
            },
          };
        return issue();
      }
      return {
        status: 400,
        body: { error: 'unsupported_grant_type', error_description: 'grant_type', log_id: 'fake-log' },
      };
    }
    if (req.path === '/v2/post/publish/video/init/' || req.path === '/v2/post/publish/status/fetch/') {
      if (req.method !== 'POST') return apiError(405, 'invalid_params', 'Method not allowed');
      const token = bearer(req);
      if (!token || !state.accessTokens.has(token))
        return apiError(401, 'access_token_invalid', 'The access token is invalid or not found in the request.');
      if (!/^application\/json; ?charset=UTF-8$/i.test(req.headers['content-type'] ?? ''))
        return apiError(400, 'invalid_params', 'Content-Type must be application/json; charset=UTF-8');
      const body = jsonOf(req) ?? {};
      if (req.path.endsWith('/status/fetch/')) {
        const found = state.published.find((p) => p.publishId === body.publish_id);
        if (!found) return apiError(400, 'invalid_publish_id', 'publish_id not found');
        if (found.fetched && 'error' in found.fetched)
          return {
            status: 200,
            body: {
              data: { status: 'FAILED', fail_reason: 'video_pull_failed', uploaded_bytes: 0 },
              error: { code: 'ok', message: '', log_id: 'fake-log' },
            },
          };
        return {
          status: 200,
          body: {
            data: {
              status: 'PUBLISH_COMPLETE',
              publicaly_available_post_id: [7_000_000 + state.published.indexOf(found)],
              uploaded_bytes: 0,
            },
            error: { code: 'ok', message: '', log_id: 'fake-log' },
          },
        };
      }
      const info = body.post_info as Record<string, unknown> | undefined;
      const source = body.source_info as Record<string, unknown> | undefined;
      if (!info || typeof info.privacy_level !== 'string')
        return apiError(400, 'invalid_params', 'post_info.privacy_level is required');
      if (!source || (source.source !== 'PULL_FROM_URL' && source.source !== 'FILE_UPLOAD'))
        return apiError(400, 'invalid_params', 'source_info.source must be FILE_UPLOAD or PULL_FROM_URL');
      if (source.source === 'PULL_FROM_URL' && typeof source.video_url !== 'string')
        return apiError(400, 'invalid_params', 'source_info.video_url is required');
      const publishId = `v_pub_url~${state.published.length + 1}`;
      const fetched =
        state.pullMedia && source.source === 'PULL_FROM_URL' ? await pullMedia(String(source.video_url)) : undefined;
      state.published.push({ publishId, title: String(info.title ?? ''), videoUrl: String(source.video_url), fetched });
      return {
        status: 200,
        body: { data: { publish_id: publishId }, error: { code: 'ok', message: '', log_id: 'fake-log' } },
      };
    }
    return apiError(404, 'not_found', 'Not found');
  };
  // Tests change expiresIn / refuseAuthorize on the returned object: the routes read that object from then on.
  const fake: TikTokFake = Object.assign(await startFake(port, route), state);
  state = fake;
  return fake;
}
