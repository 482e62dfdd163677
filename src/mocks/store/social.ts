import type { Platform, PostTemplate, ScheduledPost, SocialPlatform } from '@/lib/api/types';
import type { SocialPostResult } from '@/lib/api/types';
import { makePlatforms, makeScheduled, makeTemplates } from '../fixtures/social';
import { registerStore } from './index';

export interface SentPost {
  id: string;
  platform: Platform;
  idempotencyKey: string | null;
  content: string;
  scheduledAt: string | null;
}

let platforms: SocialPlatform[] = [];
let templates: PostTemplate[] = [];
let scheduled: ScheduledPost[] = [];
let sent: SentPost[] = [];
let seq = 0;

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
  receive(platform: Platform, key: string | null, body: { content?: string; title?: string; scheduledAt?: string | null }): SocialPostResult {
    seq += 1;
    const id = `social-${seq}`;
    const scheduledAt = body.scheduledAt ?? null;
    const result: SocialPostResult = { id, platform, status: scheduledAt ? 'scheduled' : 'published' };
    sent = [...sent, { id, platform, idempotencyKey: key, content: body.content ?? '', scheduledAt }];
    if (scheduledAt) {
      scheduled = [...scheduled, { id, title: body.title?.trim() || (body.content ?? '').slice(0, 40), platform, time: scheduledAt, status: 'scheduled', content: body.content }];
    } else {
      platforms = platforms.map((p) => (p.id === platform ? { ...p, posts: p.posts + 1 } : p));
    }
    return result;
  },
};

registerStore((scenario) => {
  const empty = scenario === 'empty';
  platforms = makePlatforms();
  templates = makeTemplates();
  scheduled = empty ? [] : makeScheduled();
  sent = [];
  seq = 0;
});
