import { http, HttpResponse } from 'msw';
import type { SocialPostResult } from '@/lib/api/social';
import type { Platform, PostTemplate, ScheduledPost, SocialPlatform } from '@/lib/api/types';
import { socialStore, type SentPost } from '../store/social';
import type { AnyHandler } from '../types';

const PLATFORMS: Platform[] = ['youtube', 'facebook', 'telegram', 'instagram', 'tiktok'];
type PostBody = { content?: string; title?: string; scheduledAt?: string | null };

/**
 * The in-page mock answers even when the browser is offline, so posting behaves like a dropped
 * network whenever navigator.onLine is false (the app decides "offline" the same way).
 */
function browserOffline(): boolean {
  return typeof navigator !== 'undefined' && navigator.onLine === false;
}

async function receive(platform: string, request: Request) {
  if (browserOffline()) return HttpResponse.error();
  if (!PLATFORMS.includes(platform as Platform)) return HttpResponse.json({ message: `Unbekannte Plattform: ${platform}` }, { status: 404 });
  const target = socialStore.platforms().find((p) => p.id === platform);
  if (!target?.connected) return HttpResponse.json({ message: `${target?.name ?? platform} ist nicht verbunden.` }, { status: 409 });
  const body = (await request.json()) as PostBody;
  if (!body.content || !body.content.trim()) return HttpResponse.json({ message: 'Inhalt fehlt' }, { status: 400 });
  const result = socialStore.receive(platform as Platform, request.headers.get('Idempotency-Key'), body);
  return HttpResponse.json<SocialPostResult>(result, { status: 201 });
}

/** Social media: platforms, connect/disconnect, posting (idempotent per key), templates, schedule, analytics. */
export const socialHandlers: AnyHandler[] = [
  http.get<never, never, SocialPlatform[]>('*/api/social/platforms', () => HttpResponse.json(socialStore.platforms())),
  http.post<{ id: Platform; action: string }>('*/api/social/platforms/:id/:action', ({ params }) => {
    if (params.action !== 'connect' && params.action !== 'disconnect') return HttpResponse.json({ message: 'Unbekannte Aktion' }, { status: 404 });
    const updated = socialStore.setConnected(params.id, params.action === 'connect');
    return updated ? HttpResponse.json(updated) : HttpResponse.json({ message: 'Plattform nicht gefunden' }, { status: 404 });
  }),
  http.post<{ platform: string }>('*/api/social/post/:platform', ({ params, request }) => receive(params.platform, request)),
  http.post('*/api/social/tiktok/post', ({ request }) => receive('tiktok', request)),
  http.post('*/api/social/instagram/post', ({ request }) => receive('instagram', request)),
  // What the mock backend received (tests count posts to prove "sent exactly once").
  http.get<never, never, { count: number; posts: SentPost[] }>('*/api/social/sent', () => HttpResponse.json({ count: socialStore.sent().length, posts: socialStore.sent() })),
  http.get<never, never, PostTemplate[]>('*/api/social/templates', () => HttpResponse.json(socialStore.templates())),
  http.put<{ id: string }, PostTemplate>('*/api/social/templates/:id', async ({ params, request }) => {
    const updated = socialStore.updateTemplate({ ...(await request.json()), id: params.id });
    return updated ? HttpResponse.json(updated) : HttpResponse.json({ message: 'Vorlage nicht gefunden' }, { status: 404 });
  }),
  http.get<never, never, ScheduledPost[]>('*/api/social/scheduled', () => HttpResponse.json(socialStore.scheduled())),
  http.put<{ id: string }, ScheduledPost>('*/api/social/scheduled/:id', async ({ params, request }) => {
    const updated = socialStore.updateScheduled({ ...(await request.json()), id: params.id });
    return updated ? HttpResponse.json(updated) : HttpResponse.json({ message: 'Geplanter Post nicht gefunden' }, { status: 404 });
  }),
  http.get('*/api/social/analytics', () => {
    const platforms = socialStore.platforms();
    const connected = platforms.filter((p) => p.connected);
    const followers = platforms.reduce((s, p) => s + p.followers, 0);
    const posts = platforms.reduce((s, p) => s + p.posts, 0);
    const perPlatform = platforms.map((p, i) => ({ platform: p.id, reach: Math.round(p.followers * (2.1 + i * 0.3)), engagement: p.connected ? Math.round((3.2 + i * 0.9) * 10) / 10 : 0, series: Array.from({ length: 7 }, (_, d) => (p.connected ? Math.round((p.followers / 20) * (1 + Math.sin(d + i) * 0.35)) : 0)) }));
    const reach = perPlatform.reduce((s, p) => s + p.reach, 0);
    return HttpResponse.json({
      stats: [
        { id: 'followers', title: 'Follower gesamt', value: followers.toLocaleString('de-DE'), description: `${connected.length} verbundene Plattformen` },
        { id: 'posts', title: 'Posts gesamt', value: posts.toLocaleString('de-DE'), description: 'über alle Plattformen' },
        { id: 'reach', title: 'Reichweite', value: reach.toLocaleString('de-DE'), description: 'letzte 30 Tage' },
        { id: 'scheduled', title: 'Geplant', value: String(socialStore.scheduled().length), description: 'anstehende Posts' },
      ],
      perPlatform,
    });
  }),
];
