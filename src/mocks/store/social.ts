import type { Platform, PostTemplate, ScheduledPost, SocialPlatform } from '@/contract';
import type { SocialPostResult, SocialPublication } from '@/contract';
import type { ChangeEvent } from '@/contract';
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
// each platform's result of a post, newest first (the server's social_post_results).
let publications: SocialPublication[] = [];
/** The publication each Idempotency-Key made, and what was posted with it (a repeat finds it; another post under it is refused). */
let byKey = new Map<string, { id: string; request: string }>();
let completion: ReturnType<typeof setTimeout> | undefined;

/** How long the demo platforms take to publish accepted posts (long enough to see „Wird veröffentlicht …“). */
export const DEMO_PUBLISH_MS = 1500;

/** Announces a change as lib/demo-events hears it (DEMO_CHANGE_EVENT, written out: see there), like a live desk's event. */
function announce(change: ChangeEvent): void {
  if (typeof window !== 'undefined')
    window.dispatchEvent(new CustomEvent<ChangeEvent>('newsdesk:demo-change', { detail: change }));
}

/** The demo platforms publish every post still pending, together (the platforms of one Post Now end at once), and say so. */
function publishPending(): void {
  completion = undefined;
  const done = publications.filter((p) => p.status === 'pending');
  if (done.length === 0) return;
  const at = new Date().toISOString();
  publications = publications.map((p) => (done.includes(p) ? { ...p, status: 'published', publishedAt: at } : p));
  for (const p of done) platforms = platforms.map((x) => (x.id === p.platform ? { ...x, posts: x.posts + 1 } : x));
  for (const p of done) announce({ topic: 'social', action: 'updated', id: p.id });
}

type Received = { content?: string; title?: string; scheduledAt?: string | null; postId?: string };
const requestOf = (platform: Platform, body: Received) =>
  JSON.stringify([platform, body.content ?? '', body.title ?? '', body.scheduledAt ?? null]);
const resultOf = (p: SocialPublication): SocialPostResult => ({
  id: p.id,
  platform: p.platform,
  status: p.status,
  ...(p.status === 'failed' && p.error ? { error: p.error } : {}),
});

/** Social media: platform connections, templates, scheduled posts, and every post received (by idempotency key). */
export const socialStore = {
  platforms: () => platforms,
  setConnected(id: Platform, connected: boolean): SocialPlatform | undefined {
    const current = platforms.find((p) => p.id === id);
    if (!current) return undefined;
    const fb = id === 'facebook';
    const next: SocialPlatform = {
      ...current,
      connected,
      status: connected ? (fb ? 'Graph API v23' : 'Verbunden') : 'Nicht verbunden',
    };
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
  /**
   * A repeat of an Idempotency-Key: the publication it made as it stands now (pending, published, …), 'reused' when the
   * key came with another post, undefined for a key not seen yet.
   */
  repeat(key: string, platform: Platform, body: Received): SocialPostResult | 'reused' | undefined {
    const known = byKey.get(key);
    if (!known) return undefined;
    if (known.request !== requestOf(platform, body)) return 'reused';
    const row = publications.find((p) => p.id === known.id);
    return row ? resultOf(row) : undefined;
  },
  /**
   * Accepts a received post as the server does (202, pending) and publishes it a moment later, announced like a live
   * event; a scheduled one is listed for later. Once per Idempotency-Key: a repeat is answered by `repeat`.
   */
  receive(
    platform: Platform,
    key: string | null,
    body: Received,
    media?: { id: string; type: 'photo' | 'video' },
  ): SocialPostResult {
    seq += 1;
    const id = `social-${seq}`;
    const scheduledAt = body.scheduledAt ?? null;
    if (key) byKey.set(key, { id, request: requestOf(platform, body) });
    sent = [
      ...sent,
      {
        id,
        platform,
        idempotencyKey: key,
        content: body.content ?? '',
        scheduledAt,
        ...(media ? { mediaId: media.id } : {}),
      },
    ];
    const row: SocialPublication = {
      id,
      postId: body.postId ?? id,
      platform,
      status: scheduledAt ? 'scheduled' : 'pending',
      content: body.content ?? '',
      createdAt: new Date().toISOString(),
      ...(body.title ? { title: body.title } : {}),
      ...(media ? { mediaId: media.id, mediaType: media.type } : {}),
    };
    publications = [row, ...publications];
    if (scheduledAt) {
      scheduled = [
        ...scheduled,
        {
          id,
          title: body.title?.trim() || (body.content ?? '').slice(0, 40),
          platform,
          time: scheduledAt,
          status: 'scheduled',
          content: body.content,
        },
      ];
    } else {
      // Counted from the last platform accepted: the platforms of one Post Now are each on their way for the whole moment.
      clearTimeout(completion);
      completion = setTimeout(publishPending, DEMO_PUBLISH_MS);
      // A script capturing examples in Node is not kept alive by the demo platforms.
      (completion as { unref?: () => void }).unref?.();
    }
    return resultOf(row);
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
  byKey = new Map();
  clearTimeout(completion);
  completion = undefined;
  // The demo shows a partly failed post (TikTok refused it), so Retry can be tried in mock mode.
  publications = empty
    ? []
    : [
        {
          id: 'sp-1',
          postId: 'post-demo-1',
          platform: 'tiktok',
          status: 'failed',
          content: 'Die Nachrichten des Tages im Video',
          title: 'Tagesrückblick',
          mediaId: 'media-1',
          mediaType: 'video',
          error: 'TikTok hat den Post abgelehnt (HTTP 400): Too many posts',
          createdAt: '2024-01-15T18:00:00.000Z',
        },
        {
          id: 'sp-2',
          postId: 'post-demo-1',
          platform: 'youtube',
          status: 'published',
          content: 'Die Nachrichten des Tages im Video',
          title: 'Tagesrückblick',
          mediaId: 'media-1',
          mediaType: 'video',
          createdAt: '2024-01-15T18:00:00.000Z',
          publishedAt: '2024-01-15T18:00:05.000Z',
        },
      ];
});
