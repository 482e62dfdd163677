import type { Platform, PostTemplate, ScheduledPost, SocialPlatform } from '@/lib/api/types';
import type { SocialPostResult, SocialPublication } from '@/lib/api/types';
import { makePlatforms, makeScheduled, makeTemplates } from '../fixtures/social';
import { registerStore } from './index';

export interface SentPost {
  id: string;
  platform: Platform;
  idempotencyKey: string | null;
  content: string;
  scheduledAt: string | null;
  mediaId?: string;
}

let platforms: SocialPlatform[] = [];
let templates: PostTemplate[] = [];
let scheduled: ScheduledPost[] = [];
let sent: SentPost[] = [];
let seq = 0;
// prov15: each platform's result of a post, newest first (the server's social_post_results).
let publications: SocialPublication[] = [];

/** Social media: platform connections, templates, scheduled posts, and every post received (by idempotency key). */
export const socialStore = {
  platforms: () => platforms,
  setConnected(id: Platform, connected: boolean): SocialPlatform | undefined {
    const current = platforms.find((p) => p.id === id);
    if (!current) return undefined;
    const fb = id === 'facebook';
    const next: SocialPlatform = { ...current, connected, status: connected ? (fb ? 'Graph API v23' : 'Verbunden') : 'Nicht verbunden' };
    platforms = platforms.map((p) => (p.id === id ? next : p));
    return next;
  },
  templates: () => templates,
  updateTemplate(t: PostTemplate): PostTemplate | undefined {
    if (!templates.some((x) => x.id === t.id)) return undefined;
    templates = templates.map((x) => (x.id === t.id ? t : x));
    return t;
  },
  scheduled: () => scheduled,
  updateScheduled(post: ScheduledPost): ScheduledPost | undefined {
    if (!scheduled.some((x) => x.id === post.id)) return undefined;
    scheduled = scheduled.map((x) => (x.id === post.id ? post : x));
    return post;
  },
  sent: () => sent,
  /** Records a received post (a repeated Idempotency-Key never reaches here: src/mocks/idempotency answers it). */
  receive(platform: Platform, key: string | null, body: { content?: string; title?: string; scheduledAt?: string | null; postId?: string }, media?: { id: string; type: 'photo' | 'video' }): SocialPostResult {
    seq += 1;
    const id = `social-${seq}`;
    const scheduledAt = body.scheduledAt ?? null;
    const result: SocialPostResult = { id, platform, status: scheduledAt ? 'scheduled' : 'published' };
    sent = [...sent, { id, platform, idempotencyKey: key, content: body.content ?? '', scheduledAt, ...(media ? { mediaId: media.id } : {}) }];
    publications = [{
      id, postId: body.postId ?? id, platform, status: scheduledAt ? 'scheduled' : 'published', content: body.content ?? '', createdAt: new Date().toISOString(),
      ...(body.title ? { title: body.title } : {}), ...(media ? { mediaId: media.id, mediaType: media.type } : {}), ...(scheduledAt ? {} : { publishedAt: new Date().toISOString() }),
    }, ...publications];
    if (scheduledAt) {
      scheduled = [...scheduled, { id, title: body.title?.trim() || (body.content ?? '').slice(0, 40), platform, time: scheduledAt, status: 'scheduled', content: body.content }];
    } else {
      platforms = platforms.map((p) => (p.id === platform ? { ...p, posts: p.posts + 1 } : p));
    }
    return result;
  },
  publications: () => publications,
  /** A platform's refusal as the server records it (tests and the demo's failed post). */
  recordFailed(publication: Omit<SocialPublication, 'status' | 'createdAt'> & { error: string }): SocialPublication {
    const row: SocialPublication = { ...publication, status: 'failed', createdAt: new Date().toISOString() };
    publications = [row, ...publications.filter((p) => p.id !== row.id)];
    return row;
  },
  /** Retry of a failed result: the demo platform takes it at once. */
  retry(id: string): SocialPublication | 'missing' | 'not_failed' {
    const row = publications.find((p) => p.id === id);
    if (!row) return 'missing';
    if (row.status !== 'failed') return 'not_failed';
    const next: SocialPublication = { ...row, status: 'published', publishedAt: new Date().toISOString() };
    delete next.error;
    publications = publications.map((p) => (p.id === id ? next : p));
    platforms = platforms.map((p) => (p.id === row.platform ? { ...p, posts: p.posts + 1 } : p));
    return { ...row, status: 'pending' };
  },
};

registerStore((scenario) => {
  const empty = scenario === 'empty';
  platforms = makePlatforms();
  templates = makeTemplates();
  scheduled = empty ? [] : makeScheduled();
  sent = [];
  seq = 0;
  // The demo shows a partly failed post (TikTok refused it), so Retry can be tried in mock mode.
  publications = empty ? [] : [
    { id: 'sp-1', postId: 'post-demo-1', platform: 'tiktok', status: 'failed', content: 'Die Nachrichten des Tages im Video', title: 'Tagesrückblick', mediaId: 'media-1', mediaType: 'video', error: 'TikTok hat den Post abgelehnt (HTTP 400): Too many posts', createdAt: '2024-01-15T18:00:00.000Z' },
    { id: 'sp-2', postId: 'post-demo-1', platform: 'youtube', status: 'published', content: 'Die Nachrichten des Tages im Video', title: 'Tagesrückblick', mediaId: 'media-1', mediaType: 'video', createdAt: '2024-01-15T18:00:00.000Z', publishedAt: '2024-01-15T18:00:05.000Z' },
  ];
});
