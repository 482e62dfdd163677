// A Facebook Graph API v23.0 fake for Pages and Instagram. Shapes from the public docs:
// - Page posts: https://developers.facebook.com/docs/pages-api/posts (POST /{page-id}/feed message + Page access_token;
//   answer {id}); /{page-id}/photos (url, caption → {id, post_id}); /{page-id}/videos (file_url, description → {id}).
// - Instagram content publishing: https://developers.facebook.com/docs/instagram-platform/content-publishing
//   (POST /{ig-user-id}/media image_url | media_type=REELS+video_url, caption → {id}; GET /{container}?fields=status_code
//   → IN_PROGRESS | FINISHED | ERROR | EXPIRED; POST /{ig-user-id}/media_publish creation_id → {id}).
// - Errors: https://developers.facebook.com/docs/graph-api/guides/error-handling ({error:{message, type, code,
//   fbtrace_id}}; code 190 OAuthException for a bad token, 4/17/32 rate limits, 100 invalid parameter).
// - Login: https://developers.facebook.com/docs/facebook-login/guides/advanced/manual-flow (dialog/oauth; GET
//   /oauth/access_token?client_id&redirect_uri&client_secret&code → {access_token, token_type, expires_in};
//   grant_type=fb_exchange_token for a long-lived token) and /me/accounts (the user's Pages with their tokens).
import { formOf, startFake, type FakeServer, type LoggedRequest, type Reply } from './social-fake-http';
import { authorizePage } from './oauth-pages';

export const GRAPH_VERSION = 'v23.0';
export const FACEBOOK_CLIENT = { id: 'fb-app-id', secret: 'fb-app-secret' };
export const PAGE = { id: '1010', token: 'page-token-1010' };
export const IG_USER = '17841400000000001';

const graphError = (status: number, code: number, message: string, type = 'OAuthException'): Reply => ({
  status,
  body: { error: { message, type, code, fbtrace_id: 'fake-trace' } },
});
/** Graph's application rate limit (code 4), HTTP 400 as Graph sends it, or 429 where a test wants the status. */
export const graphRateLimit = (status = 400): Reply =>
  graphError(status, 4, '(#4) Application request limit reached', 'OAuthException');

export interface GraphFake extends FakeServer {
  base: string;
  userTokens: Set<string>;
  pagePosts: { edge: string; fields: Record<string, string> }[];
  igPublished: { id: string; caption: string }[];
  /** How many status polls a container stays IN_PROGRESS. */
  containerPolls: number;
  /** Every media container asked for (its fields as sent, and what the fake fetched from the media address). */
  igContainers: {
    id: string;
    fields: Record<string, string>;
    fetched?: { bytes: number; contentType: string } | { error: string };
  }[];
  /** Fetch image_url / video_url as Instagram's cURL does (a container whose medium cannot be fetched ends in ERROR). */
  pullMedia: boolean;
}

/** Fetches a media address as the platform would; its size and type, or why not. */
export async function pullMedia(url: string): Promise<{ bytes: number; contentType: string } | { error: string }> {
  try {
    const response = await fetch(url);
    if (!response.ok) return { error: `HTTP ${response.status}` };
    return {
      bytes: (await response.arrayBuffer()).byteLength,
      contentType: response.headers.get('content-type') ?? '',
    };
  } catch (error) {
    return { error: (error as Error).message };
  }
}

export async function startGraphFake(port = 0): Promise<GraphFake> {
  const codes = new Set<string>();
  const containers = new Map<string, { caption: string; polls: number; failed?: boolean }>();
  let self: Omit<GraphFake, keyof FakeServer | 'base'> = {
    userTokens: new Set(['ig-env-token']),
    pagePosts: [],
    igPublished: [],
    containerPolls: 1,
    igContainers: [],
    pullMedia: false,
  };
  let n = 0;
  const route = async (req: LoggedRequest): Promise<Reply> => {
    if (req.path === `/${GRAPH_VERSION}/dialog/oauth`)
      return authorizePage(req, { clientParam: 'client_id', clientId: FACEBOOK_CLIENT.id, codes });
    if (!req.path.startsWith(`/${GRAPH_VERSION}/`))
      return graphError(400, 2500, 'Unknown path components', 'OAuthException');
    const rest = req.path.slice(GRAPH_VERSION.length + 2).split('/');
    const params = req.method === 'POST' ? (formOf(req) ?? new URLSearchParams()) : req.query;
    const token = params.get('access_token') ?? /^Bearer (.+)$/.exec(req.headers.authorization ?? '')?.[1];
    if (rest[0] === 'oauth' && rest[1] === 'access_token') {
      if (params.get('client_id') !== FACEBOOK_CLIENT.id || params.get('client_secret') !== FACEBOOK_CLIENT.secret)
        return graphError(400, 101, 'Error validating application. Invalid application ID or secret.');
      const grant = params.get('grant_type');
      const valid =
        grant === 'fb_exchange_token'
          ? self.userTokens.has(params.get('fb_exchange_token') ?? '')
          : codes.delete(params.get('code') ?? '') && !!params.get('redirect_uri');
      if (!valid) return graphError(400, 100, 'Invalid verification code format.');
      n += 1;
      const access = `EAAG-user-${n}`;
      self.userTokens.add(access);
      return { status: 200, body: { access_token: access, token_type: 'bearer', expires_in: 5_183_944 } };
    }
    if (rest[0] === 'me' && rest[1] === 'accounts') {
      if (!token || !self.userTokens.has(token))
        return graphError(400, 190, 'Invalid OAuth access token - Cannot parse access token');
      return {
        status: 200,
        body: {
          data: [
            {
              id: PAGE.id,
              name: 'Newsdesk Seite',
              access_token: PAGE.token,
              instagram_business_account: { id: IG_USER },
            },
          ],
        },
      };
    }
    if (
      req.method === 'POST' &&
      rest.length === 2 &&
      rest[0] === PAGE.id &&
      ['feed', 'photos', 'videos'].includes(rest[1])
    ) {
      if (token !== PAGE.token) return graphError(400, 190, 'Invalid OAuth access token - Cannot parse access token');
      const fields = Object.fromEntries([...params.entries()].filter(([k]) => k !== 'access_token'));
      const need = { feed: 'message', photos: 'url', videos: 'file_url' }[rest[1]] as string;
      if (!fields[need]) return graphError(400, 100, `(#100) The parameter ${need} is required`, 'OAuthException');
      self.pagePosts.push({ edge: rest[1], fields });
      const id = `${PAGE.id}_${self.pagePosts.length}`;
      return {
        status: 200,
        body: rest[1] === 'photos' ? { id: `photo-${self.pagePosts.length}`, post_id: id } : { id },
      };
    }
    if (rest[0] === IG_USER && rest.length === 2 && req.method === 'POST') {
      if (!token || !self.userTokens.has(token))
        return graphError(400, 190, 'Invalid OAuth access token - Cannot parse access token');
      if (rest[1] === 'media') {
        const image = params.get('image_url');
        const video = params.get('video_url');
        if (!image && !(video && params.get('media_type') === 'REELS'))
          return graphError(
            400,
            100,
            '(#100) The parameter image_url (or media_type=REELS with video_url) is required',
          );
        const id = `container-${self.igContainers.length + 1}`;
        const fetched = self.pullMedia ? await pullMedia((image ?? video) as string) : undefined;
        self.igContainers.push({
          id,
          fields: Object.fromEntries([...params.entries()].filter(([k]) => k !== 'access_token')),
          fetched,
        });
        containers.set(id, {
          caption: params.get('caption') ?? '',
          polls: self.containerPolls,
          failed: fetched !== undefined && 'error' in fetched,
        });
        return { status: 200, body: { id } };
      }
      if (rest[1] === 'media_publish') {
        const container = containers.get(params.get('creation_id') ?? '');
        if (!container) return graphError(400, 100, '(#100) creation_id is invalid');
        if (container.polls > 0) return graphError(400, 9007, 'Media ID is not available');
        containers.delete(params.get('creation_id') ?? '');
        const id = `ig-media-${self.igPublished.length + 1}`;
        self.igPublished.push({ id, caption: container.caption });
        return { status: 200, body: { id } };
      }
    }
    if (rest.length === 1 && req.method === 'GET' && containers.has(rest[0])) {
      if (!token || !self.userTokens.has(token))
        return graphError(400, 190, 'Invalid OAuth access token - Cannot parse access token');
      const container = containers.get(rest[0]) as { polls: number; failed?: boolean };
      const status = container.failed ? 'ERROR' : container.polls > 0 ? 'IN_PROGRESS' : 'FINISHED';
      container.polls -= 1;
      return { status: 200, body: { status_code: status, id: rest[0] } };
    }
    return graphError(400, 100, `(#100) Unsupported ${req.method} request.`, 'GraphMethodException');
  };
  const fake = Object.assign(await startFake(port, route), self, { base: '' }) as GraphFake;
  fake.base = `${fake.url}/${GRAPH_VERSION}`;
  self = fake;
  return fake;
}
