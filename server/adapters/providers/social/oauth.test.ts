// OAuth on the server against the TikTok fake: authorise URL from the client settings, the callback outside the bearer
// auth with a one-time state, the code exchanged, tokens stored encrypted, refreshed by the job before they expire.
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { startTikTokFake, TIKTOK_CLIENT, type TikTokFake } from '../../../../tests/fakes/tiktok';
import type { ChangeEvent } from '../../../data/events';
import { contractBody, createTestApp, errorBody, type TestApp } from '../../../testing';
import { createCredentials } from '../credentials';
import { createJobWorker } from './services';

let t: TestApp;
let tiktok: TikTokFake;
let clock = new Date('2026-11-24T10:00:00Z');

beforeAll(async () => {
  tiktok = await startTikTokFake(0);
  t = await createTestApp({
    now: () => clock,
    credentials: createCredentials({
      TIKTOK_API_URL: tiktok.url,
      TIKTOK_AUTH_URL: `${tiktok.url}/v2/auth/authorize/`,
      TIKTOK_CLIENT_ID: TIKTOK_CLIENT.id,
      TIKTOK_CLIENT_SECRET: TIKTOK_CLIENT.secret,
    }),
  });
});
afterAll(async () => {
  await t?.close();
  await tiktok?.close();
});

/** The popup's way: the authorise page (the fake agrees at once), then the redirect to our callback, without a token. */
async function popup(authorizeUrl: string): Promise<{ location: string; callback: string }> {
  const agreed = await fetch(authorizeUrl, { redirect: 'manual' });
  const callback = new URL(agreed.headers.get('location') ?? '');
  const answer = await t.app.request(`${callback.pathname}${callback.search}`);
  expect(answer.status).toBe(302);
  return { location: answer.headers.get('location') ?? '', callback: `${callback.pathname}${callback.search}` };
}

test('without client settings the start is a German 503', async () => {
  const bare = await createTestApp();
  try {
    const response = await bare.call('/social/oauth/youtube/start', { method: 'POST' });
    expect(response.status).toBe(503);
    expect((await errorBody(response)).message).toBe(
      'OAuth für YouTube ist nicht konfiguriert: YOUTUBE_CLIENT_ID und YOUTUBE_CLIENT_SECRET müssen gesetzt sein.',
    );
  } finally {
    await bare.close();
  }
  // A second app (its own database) starts slowly on a loaded machine.
}, 90_000);

test('connect TikTok: authorise URL, callback with state (once), code exchange, encrypted tokens, platform connected, event', async () => {
  const events: ChangeEvent[] = [];
  const unsubscribe = t.events.subscribe((e) => events.push(e));
  const { url, state } = await contractBody(
    'social.oauthStart',
    await t.call('/social/oauth/tiktok/start', { method: 'POST' }),
  );
  const authorize = new URL(url);
  expect(authorize.pathname).toBe('/v2/auth/authorize/');
  expect(Object.fromEntries(authorize.searchParams)).toEqual({
    client_key: TIKTOK_CLIENT.id,
    scope: 'user.info.basic,video.publish',
    response_type: 'code',
    redirect_uri: 'http://localhost/api/oauth/tiktok/callback',
    state,
  });

  const { location, callback } = await popup(url);
  expect(location).toBe(`/auth/callback.html?provider=tiktok&state=${encodeURIComponent(state)}&status=success`);
  const exchange = tiktok.requests.find((r) => r.path === '/v2/oauth/token/');
  expect(new URLSearchParams(exchange?.text).get('grant_type')).toBe('authorization_code');

  const platforms = await t.call('/social/platforms');
  const text = await platforms.clone().text();
  expect((await contractBody('social.platforms', platforms)).find((p) => p.id === 'tiktok')).toMatchObject({
    connected: true,
    status: 'Verbunden (OAuth)',
  });
  expect(text).not.toContain('act.tt');
  const stored = (await t.database.db.execute(
    sql`SELECT secret FROM oauth_tokens WHERE platform = 'tiktok'`,
  )) as unknown as { rows: { secret: string }[] };
  expect(stored.rows[0].secret).not.toContain('act.tt-1');
  expect((await t.social.tokens.get('tiktok'))?.accessToken).toBe('act.tt-1');
  await expect.poll(() => events).toContainEqual({ topic: 'social', action: 'updated', id: 'tiktok' });
  unsubscribe();

  // The same callback again: the state was used.
  const again = await t.app.request(callback);
  expect(again.headers.get('location')).toContain('status=error');
});

test('a post uses the OAuth token; the job refreshes it before it expires; a refused refresh shows as revoked', async () => {
  await contractBody(
    'social.tiktokPost',
    await t.call('/social/tiktok/post', {
      method: 'POST',
      json: { content: 'Mit OAuth', mediaUrl: 'https://cdn.example/v.mp4' },
    }),
  );
  expect(await t.runPublishJobs()).toBe(1);
  expect(tiktok.requests.filter((r) => r.path === '/v2/post/publish/video/init/').at(-1)?.headers.authorization).toBe(
    'Bearer act.tt-1',
  );

  const worker = createJobWorker(t.database, t.social, { pollMs: 1000, now: () => clock });
  expect(await worker.runDue()).toBe(0);
  // 24 h token, refreshed 10 minutes before it ends.
  clock = new Date('2026-11-25T09:50:00Z');
  expect(await worker.runDue()).toBe(1);
  const refresh = tiktok.requests.filter((r) => r.path === '/v2/oauth/token/').at(-1);
  expect(Object.fromEntries(new URLSearchParams(refresh?.text))).toMatchObject({
    grant_type: 'refresh_token',
    refresh_token: 'rft.tt-1',
    client_key: TIKTOK_CLIENT.id,
  });
  expect((await t.social.tokens.get('tiktok'))?.accessToken).toBe('act.tt-2');
  expect(await contractBody('social.tokens', await t.call('/social/tokens'))).toEqual([
    expect.objectContaining({ platform: 'tiktok', state: 'ok' }),
  ]);

  // The user revoked the app: the next refresh is refused, the Social screen learns it before a post fails.
  tiktok.refreshTokens.clear();
  clock = new Date('2026-11-26T09:50:00Z');
  expect(await worker.runDue()).toBe(1);
  expect(await contractBody('social.tokens', await t.call('/social/tokens'))).toEqual([
    { platform: 'tiktok', state: 'revoked', expiresAt: expect.any(String) },
  ]);
  expect(
    (await contractBody('social.platforms', await t.call('/social/platforms'))).find((p) => p.id === 'tiktok')?.status,
  ).toBe('Anmeldung abgelaufen – bitte neu verbinden');
  const blocked = await contractBody(
    'social.tiktokPost',
    await t.call('/social/tiktok/post', {
      method: 'POST',
      json: { content: 'Geht nicht', mediaUrl: 'https://cdn.example/v.mp4' },
    }),
  );
  expect(await t.runPublishJobs()).toBe(1);
  expect(
    (await contractBody('social.publications', await t.call('/social/publications'))).find((p) => p.id === blocked.id),
  ).toMatchObject({ status: 'failed', error: 'TikTok: Die Anmeldung wurde widerrufen – bitte neu verbinden.' });
});

test('a refused authorisation ends in status=error and the platform stays disconnected', async () => {
  await t.call('/social/platforms/tiktok/disconnect', { method: 'POST' });
  tiktok.refuseAuthorize = true;
  const { url } = await contractBody(
    'social.oauthStart',
    await t.call('/social/oauth/tiktok/start', { method: 'POST' }),
  );
  const { location } = await popup(url);
  tiktok.refuseAuthorize = false;
  expect(location).toContain('status=error');
  const platform = (await contractBody('social.platforms', await t.call('/social/platforms'))).find(
    (p) => p.id === 'tiktok',
  );
  expect(platform).toMatchObject({
    connected: false,
    status: 'Verbindung fehlgeschlagen: TikTok hat die Anmeldung abgelehnt (access_denied).',
  });
});
