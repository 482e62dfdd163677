// OAuth on the server for YouTube (Google), Facebook and Instagram (Graph) against their fakes: the authorise URL from
// the client settings, the popup's callback with its state, the documented code exchange, the tokens a post then uses,
// and the refresh before expiry (Google refresh_token grant; Graph fb_exchange_token of the user token).
import { afterAll, beforeAll, expect, test } from 'vitest';
import { FACEBOOK_CLIENT, IG_USER, PAGE, startGraphFake, type GraphFake } from '../../../../tests/fakes/facebook-graph';
import { GOOGLE_CLIENT, startYouTubeFake, type YouTubeFake } from '../../../../tests/fakes/youtube';
import { contractBody, createTestApp, type TestApp } from '../../../testing';
import { createCredentials } from '../credentials';
import { createJobWorker } from './services';

let t: TestApp;
let youtube: YouTubeFake;
let graph: GraphFake;
let clock = new Date('2026-11-24T10:00:00Z');

beforeAll(async () => {
  [youtube, graph] = await Promise.all([startYouTubeFake(0), startGraphFake(0)]);
  t = await createTestApp({
    now: () => clock,
    credentials: createCredentials({
      YOUTUBE_API_URL: youtube.url,
      YOUTUBE_AUTH_URL: `${youtube.url}/o/oauth2/v2/auth`,
      YOUTUBE_TOKEN_URL: `${youtube.url}/token`,
      YOUTUBE_CLIENT_ID: GOOGLE_CLIENT.id,
      YOUTUBE_CLIENT_SECRET: GOOGLE_CLIENT.secret,
      FACEBOOK_GRAPH_URL: graph.base,
      FACEBOOK_AUTH_URL: `${graph.base}/dialog/oauth`,
      // Instagram uses the Facebook app's client (no INSTAGRAM_CLIENT_ID set).
      FACEBOOK_CLIENT_ID: FACEBOOK_CLIENT.id,
      FACEBOOK_CLIENT_SECRET: FACEBOOK_CLIENT.secret,
    }),
  });
});
afterAll(async () => {
  await t?.close();
  await Promise.all([youtube?.close(), graph?.close()]);
});

/** Start, the authorise page (the fake agrees at once), the redirect to our callback: what the popup does. */
async function connect(platform: 'youtube' | 'facebook' | 'instagram'): Promise<{ authorize: URL; location: string }> {
  const { url, state } = await contractBody(
    'social.oauthStart',
    await t.call(`/social/oauth/${platform}/start`, { method: 'POST' }),
  );
  const authorize = new URL(url);
  expect(authorize.searchParams.get('state')).toBe(state);
  const agreed = await fetch(url, { redirect: 'manual' });
  expect(agreed.status).toBe(302);
  const callback = new URL(agreed.headers.get('location') ?? '');
  expect(callback.pathname).toBe(`/api/oauth/${platform}/callback`);
  const answer = await t.app.request(`${callback.pathname}${callback.search}`);
  return { authorize, location: answer.headers.get('location') ?? '' };
}

const platformRow = async (id: string) =>
  (await contractBody('social.platforms', await t.call('/social/platforms'))).find((p) => p.id === id);

test('YouTube: Google authorise URL (offline access), form POST code exchange, the token uploads, refresh_token grant before expiry', async () => {
  const { authorize, location } = await connect('youtube');
  expect(authorize.pathname).toBe('/o/oauth2/v2/auth');
  expect(Object.fromEntries(authorize.searchParams)).toMatchObject({
    client_id: GOOGLE_CLIENT.id,
    redirect_uri: 'http://localhost/api/oauth/youtube/callback',
    response_type: 'code',
    scope: 'https://www.googleapis.com/auth/youtube.upload',
    access_type: 'offline',
  });
  expect(location).toContain('status=success');
  const exchange = youtube.requests.find((r) => r.path === '/token');
  expect(exchange?.method).toBe('POST');
  expect(exchange?.headers['content-type']).toMatch(/application\/x-www-form-urlencoded/);
  expect(Object.fromEntries(new URLSearchParams(exchange?.text))).toMatchObject({
    grant_type: 'authorization_code',
    client_id: GOOGLE_CLIENT.id,
    client_secret: GOOGLE_CLIENT.secret,
    redirect_uri: 'http://localhost/api/oauth/youtube/callback',
  });
  expect(await platformRow('youtube')).toMatchObject({ connected: true, status: 'Verbunden (OAuth)' });
  expect(await t.social.tokens.get('youtube')).toMatchObject({
    accessToken: 'ya29.fake-1',
    refreshToken: '1//fake-refresh-1',
  });

  await contractBody(
    'social.post',
    await t.call('/social/post/youtube', {
      method: 'POST',
      json: { content: 'Mit Google-Token', title: 'OAuth-Video', mediaUrl: youtube.sampleVideoUrl, mediaType: 'video' },
    }),
  );
  expect(await t.runPublishJobs()).toBe(1);
  expect(
    youtube.requests.filter((r) => r.path === '/upload/youtube/v3/videos' && r.method === 'POST').at(-1)?.headers
      .authorization,
  ).toBe('Bearer ya29.fake-1');

  // Google's token lives 3599 s; the job refreshes it 10 minutes before.
  const worker = createJobWorker(t.database, t.social, { pollMs: 1000, now: () => clock });
  expect(await worker.runDue()).toBe(0);
  clock = new Date('2026-11-24T10:50:00Z');
  expect(await worker.runDue()).toBe(1);
  const refresh = youtube.requests.filter((r) => r.path === '/token').at(-1);
  expect(Object.fromEntries(new URLSearchParams(refresh?.text))).toMatchObject({
    grant_type: 'refresh_token',
    refresh_token: '1//fake-refresh-1',
    client_id: GOOGLE_CLIENT.id,
  });
  // Google sends no new refresh token: the stored one stays.
  expect(await t.social.tokens.get('youtube')).toMatchObject({
    accessToken: 'ya29.fake-2',
    refreshToken: '1//fake-refresh-1',
  });

  // Access revoked at Google: the next refresh is refused with invalid_grant and the token shows as revoked.
  youtube.refreshTokens.clear();
  clock = new Date('2026-11-24T11:50:00Z');
  expect(await worker.runDue()).toBe(1);
  expect(
    (await contractBody('social.tokens', await t.call('/social/tokens'))).find((s) => s.platform === 'youtube')?.state,
  ).toBe('revoked');
});

test('Facebook: Graph dialog, code exchange by GET, the Page token from /me/accounts publishes, fb_exchange_token of the user token refreshes it', async () => {
  clock = new Date('2026-11-24T10:00:00Z');
  const { authorize, location } = await connect('facebook');
  expect(authorize.pathname).toBe('/v23.0/dialog/oauth');
  expect(Object.fromEntries(authorize.searchParams)).toMatchObject({
    client_id: FACEBOOK_CLIENT.id,
    response_type: 'code',
    scope: 'pages_show_list,pages_read_engagement,pages_manage_posts',
    redirect_uri: 'http://localhost/api/oauth/facebook/callback',
  });
  expect(location).toContain('status=success');
  const exchange = graph.requests.find((r) => r.path === '/v23.0/oauth/access_token');
  expect(exchange?.method).toBe('GET');
  expect(exchange?.query.get('client_secret')).toBe(FACEBOOK_CLIENT.secret);
  expect(exchange?.query.get('redirect_uri')).toBe('http://localhost/api/oauth/facebook/callback');
  const accounts = graph.requests.find((r) => r.path === '/v23.0/me/accounts');
  expect(accounts?.query.get('access_token')).toBe('EAAG-user-1');
  expect(await t.social.tokens.get('facebook')).toMatchObject({
    accessToken: PAGE.token,
    account: PAGE.id,
    refreshToken: 'EAAG-user-1',
  });
  expect(await platformRow('facebook')).toMatchObject({ connected: true, status: 'Verbunden (OAuth)' });

  await contractBody(
    'social.post',
    await t.call('/social/post/facebook', { method: 'POST', json: { content: 'Über OAuth auf die Seite' } }),
  );
  expect(await t.runPublishJobs()).toBe(1);
  expect(graph.pagePosts.at(-1)).toEqual({ edge: 'feed', fields: { message: 'Über OAuth auf die Seite' } });
  expect(
    new URLSearchParams(graph.requests.filter((r) => r.path === `/v23.0/${PAGE.id}/feed`).at(-1)?.text).get(
      'access_token',
    ),
  ).toBe(PAGE.token);

  // The user token (about 60 days) is extended before it ends; the Page token is fetched again with the new one.
  await t.social.oauth.refresh('facebook');
  const extend = graph.requests.filter((r) => r.path === '/v23.0/oauth/access_token').at(-1);
  expect(extend?.query.get('grant_type')).toBe('fb_exchange_token');
  expect(extend?.query.get('fb_exchange_token')).toBe('EAAG-user-1');
  expect(await t.social.tokens.get('facebook')).toMatchObject({
    accessToken: PAGE.token,
    refreshToken: 'EAAG-user-2',
    account: PAGE.id,
  });
  expect(
    (await contractBody('social.tokens', await t.call('/social/tokens'))).find((s) => s.platform === 'facebook')?.state,
  ).toBe('ok');
});

test("Instagram: the Facebook app's client, the Instagram business account of the Page, a post with its token", async () => {
  const { authorize, location } = await connect('instagram');
  expect(authorize.searchParams.get('client_id')).toBe(FACEBOOK_CLIENT.id);
  expect(authorize.searchParams.get('scope')).toBe(
    'instagram_basic,instagram_content_publish,pages_show_list,pages_read_engagement',
  );
  expect(location).toContain('status=success');
  const stored = await t.social.tokens.get('instagram');
  expect(stored?.account).toBe(IG_USER);
  expect(stored?.accessToken).toMatch(/^EAAG-user-/);
  expect(await platformRow('instagram')).toMatchObject({ connected: true, status: 'Verbunden (OAuth)' });

  await contractBody(
    'social.instagramPost',
    await t.call('/social/instagram/post', {
      method: 'POST',
      json: { content: 'Über OAuth auf Instagram', mediaUrl: 'https://cdn.example/ig.jpg', mediaType: 'photo' },
    }),
  );
  expect(await t.runPublishJobs()).toBe(1);
  const container = graph.requests.filter((r) => r.path === `/v23.0/${IG_USER}/media`).at(-1);
  expect(new URLSearchParams(container?.text).get('access_token')).toBe(stored?.accessToken);
  expect(graph.igPublished.at(-1)?.caption).toBe('Über OAuth auf Instagram');
});

test('a code Graph refuses ends the popup with status=error and a German reason on the card', async () => {
  await t.call('/social/platforms/facebook/disconnect', { method: 'POST' });
  graph.failNext(/\/oauth\/access_token$/, {
    status: 400,
    body: {
      error: { message: 'This authorization code has expired.', type: 'OAuthException', code: 100, fbtrace_id: 'x' },
    },
  });
  const { location } = await connect('facebook');
  expect(location).toContain('status=error');
  expect(await platformRow('facebook')).toMatchObject({
    connected: false,
    status:
      'Verbindung fehlgeschlagen: Facebook hat den Post abgelehnt (HTTP 400): This authorization code has expired.',
  });
});
