import { http, HttpResponse } from 'msw';
import type { Platform, SocialPostBody, SocialPostResult } from '@/contract';
import { errorResponse, handle } from '../contract-handler';
import { mediaStore } from '../store/media';
import { socialStore, type SentPost } from '../store/social';
import type { AnyHandler } from '../types';

/**
 * The in-page mock answers even when the browser is offline, so posting behaves like a dropped
 * network whenever navigator.onLine is false (the app decides "offline" the same way).
 */
function browserOffline(): boolean {
  return typeof navigator !== 'undefined' && navigator.onLine === false;
}

function receive(platform: Platform, body: SocialPostBody, request: Request): SocialPostResult | Response {
  if (browserOffline()) return HttpResponse.error();
  const key = request.headers.get('Idempotency-Key');
  // A repeat of the key answers its publication as it stands now (202), however long ago it was accepted.
  const repeated = key ? socialStore.repeat(key, platform, body) : undefined;
  if (repeated === 'reused') return errorResponse(422, 'Dieser Idempotency-Key gehört zu einer anderen Anfrage.');
  if (repeated) return repeated;
  const target = socialStore.platforms().find((p) => p.id === platform);
  if (!target?.connected) return errorResponse(409, `${target?.name ?? platform} ist nicht verbunden.`);
  // An attached Media Library file, checked as the server checks it.
  let media: { id: string; type: 'photo' | 'video' } | undefined;
  if (body.mediaId) {
    const file = mediaStore.list().find((m) => m.id === body.mediaId);
    if (!file) return errorResponse(400, 'Das gewählte Medium gibt es in der Mediathek nicht mehr.');
    if (file.type === 'audio')
      return errorResponse(400, 'Audiodateien können nicht gepostet werden: Bitte ein Bild oder Video wählen.');
    media = { id: file.id, type: file.type === 'image' ? 'photo' : 'video' };
  }
  const postId = typeof body.postId === 'string' ? body.postId : undefined;
  return socialStore.receive(platform, key, { ...body, postId }, media);
}

let demoOAuthStates = 0;

/** Social media: platforms, connect/disconnect, posting (accepted once per Idempotency-Key), templates, schedule, analytics. */
export const socialHandlers: AnyHandler[] = [
  handle('social.platforms', () => socialStore.platforms()),
  handle(
    'social.connect',
    ({ params }) => socialStore.setConnected(params.id, true) ?? errorResponse(404, 'Plattform nicht gefunden'),
    { notFound: 'Plattform nicht gefunden' },
  ),
  handle(
    'social.disconnect',
    ({ params }) => socialStore.setConnected(params.id, false) ?? errorResponse(404, 'Plattform nicht gefunden'),
    { notFound: 'Plattform nicht gefunden' },
  ),
  handle('social.post', ({ params, body, request }) => receive(params.platform, body, request), {
    notFound: (p) => `Unbekannte Plattform: ${p.platform}`,
  }),
  handle('social.tiktokPost', ({ body, request }) => receive('tiktok', body, request)),
  handle('social.instagramPost', ({ body, request }) => receive('instagram', body, request)),
  // Test helper (not in the contract): what the mock backend received, to prove "sent exactly once".
  http.get<never, never, { count: number; posts: SentPost[] }>('*/api/social/sent', () =>
    HttpResponse.json({ count: socialStore.sent().length, posts: socialStore.sent() }),
  ),
  handle('social.templates', () => socialStore.templates()),
  handle(
    'social.updateTemplate',
    ({ params, body }) =>
      socialStore.updateTemplate({ ...body, id: params.id }) ?? errorResponse(404, 'Vorlage nicht gefunden'),
  ),
  handle('social.scheduled', () => socialStore.scheduled()),
  handle(
    'social.updateScheduled',
    ({ params, body }) =>
      socialStore.updateScheduled({ ...body, id: params.id }) ?? errorResponse(404, 'Geplanter Post nicht gefunden'),
  ),
  handle('social.analytics', () => {
    const platforms = socialStore.platforms();
    const connected = platforms.filter((p) => p.connected);
    const followers = platforms.reduce((s, p) => s + p.followers, 0);
    const posts = platforms.reduce((s, p) => s + p.posts, 0);
    const perPlatform = platforms.map((p, i) => ({
      platform: p.id,
      reach: Math.round(p.followers * (2.1 + i * 0.3)),
      engagement: p.connected ? Math.round((3.2 + i * 0.9) * 10) / 10 : 0,
      series: Array.from({ length: 7 }, (_, d) =>
        p.connected ? Math.round((p.followers / 20) * (1 + Math.sin(d + i) * 0.35)) : 0,
      ),
    }));
    const reach = perPlatform.reduce((s, p) => s + p.reach, 0);
    return {
      stats: [
        {
          id: 'followers',
          title: 'Follower gesamt',
          value: followers.toLocaleString('de-DE'),
          description: `${connected.length} verbundene Plattformen`,
        },
        {
          id: 'posts',
          title: 'Posts gesamt',
          value: posts.toLocaleString('de-DE'),
          description: 'über alle Plattformen',
        },
        { id: 'reach', title: 'Reichweite', value: reach.toLocaleString('de-DE'), description: 'letzte 30 Tage' },
        {
          id: 'scheduled',
          title: 'Geplant',
          value: String(socialStore.scheduled().length),
          description: 'anstehende Posts',
        },
      ],
      perPlatform,
    };
  }),
  // the demo's OAuth ends on our own callback page with a fake code; the demo stores no tokens.
  handle('social.oauthStart', ({ params }) => {
    demoOAuthStates += 1;
    const state = `demo-oauth-${demoOAuthStates}`;
    return {
      url: `/auth/callback.html?${new URLSearchParams({ provider: params.platform, state, code: 'mock-code' })}`,
      state,
    };
  }),
  handle('social.tokens', () => []),
  // each platform's result, and Retry of a failed one.
  handle('social.publications', () => socialStore.publications()),
  handle(
    'social.retry',
    ({ params }) => {
      const outcome = socialStore.retry(params.id);
      if (outcome === 'missing') return errorResponse(404, 'Veröffentlichung nicht gefunden');
      if (outcome === 'not_failed')
        return errorResponse(409, 'Dieser Post ist auf der Plattform bereits veröffentlicht.');
      return outcome;
    },
    { notFound: 'Veröffentlichung nicht gefunden' },
  ),
];
