// A story's way out: review (publish or reject), the desk's own channel (status published, its disclosure line) and
// one post per platform of its run through the social publisher. Nothing leaves the desk unseen unless the desk's
// „Freigabe vor Veröffentlichung“ is off; every post carries its sources and the disclosure.
import path from 'node:path';
import { and, asc, eq, inArray } from 'drizzle-orm';
import {
  PLATFORMS,
  type AiNewsDetails,
  type AiNewsItem,
  type NewsPlatformResult,
  type Platform,
} from '../../src/contract';
import type { Deps } from '../context';
import type { Db } from '../data/db/client';
import { media, news, newsTexts, posts, runArtefacts, socialPlatforms, socialPostResults } from '../data/db/schema';
import { HttpError, notFound } from '../http/errors';
import { probeMedia } from '../adapters/media-engines/render';
import { onAirFailure, onAirStep } from '../adapters/obs/on-air';
import { PlatformError } from '../adapters/providers/social/http';
import { appendLog } from '../routes/workflow/workflow.queries';
import { readSettings } from '../data/settings';
import { deskDay } from '../data/day';

type NewsRow = typeof news.$inferSelect;

export const REJECTED_REASON = 'Von der Redaktion abgelehnt.';

export function toNews(row: NewsRow): AiNewsItem {
  return {
    id: row.id,
    title: row.title,
    source: row.source,
    category: row.category,
    status: row.status as AiNewsItem['status'],
    createdAt: row.createdAt,
    publishedAt: row.publishedAt,
    views: row.views,
    engagement: row.engagement,
    approvedBy: row.approvedBy,
  };
}

const UMLAUTS: Record<string, string> = { ä: 'ae', ö: 'oe', ü: 'ue', ß: 'ss' };

/** The public page's address part: the date, the title's words and a piece of the id (unique without a lookup). */
export function slugFor(title: string, id: string, at = new Date()): string {
  const words = title
    .toLowerCase()
    .replace(/[äöüß]/g, (ch) => UMLAUTS[ch])
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 60)
    .replace(/-+$/, '');
  const tail = id
    .replace(/^news-/, '')
    .replace(/[^a-z0-9]/gi, '')
    .slice(0, 8)
    .toLowerCase();
  return `${at.toISOString().slice(0, 10)}-${words || 'meldung'}-${tail}`;
}

/** The platform post's id of a story: one per story and platform, so a repeated Social Post never posts twice. */
export const postIdOf = (newsId: string, platform: Platform) => `post-${newsId}-${platform}`;

/** The story with its text, provenance, disclosure and where it went; `origin` makes its public address absolute. */
export async function storyDetails(db: Db, id: string, origin: string | undefined): Promise<AiNewsDetails> {
  const [row] = await db.select().from(news).where(eq(news.id, id));
  if (!row) throw notFound('Meldung');
  const [texts] = await db.select().from(newsTexts).where(eq(newsTexts.newsId, id));
  const page = row.status === 'published' && row.slug ? `${origin ?? ''}/news/${row.slug}` : null;
  return {
    ...toNews(row),
    script: texts?.body ?? '',
    teaser: texts?.teaser ?? '',
    writtenBy: texts?.model ?? 'Beispielmeldung',
    sources: texts?.sources ?? [],
    runId: row.runId,
    disclosure: row.status === 'published' ? (texts?.disclosure ?? null) : null,
    publicUrl: page,
    videoUrl: page && row.runId && (await runVideo(db, row.runId)) ? `${page}/video` : null,
    platforms: await platformResults(db, id, texts?.skipped ?? []),
  };
}

async function platformResults(
  db: Db,
  newsId: string,
  skipped: Array<{ platform: string; reason: string }>,
): Promise<NewsPlatformResult[]> {
  const ids = PLATFORMS.map((p) => postIdOf(newsId, p));
  const results = await db.select().from(socialPostResults).where(inArray(socialPostResults.postId, ids));
  const out: NewsPlatformResult[] = results.map((r) => ({
    platform: r.platform as Platform,
    state: r.status === 'published' ? 'published' : r.status === 'failed' ? 'failed' : 'pending',
    postId: r.postId,
    resultId: r.id,
    ...(r.error ? { reason: r.error } : {}),
  }));
  for (const s of skipped)
    if (!out.some((o) => o.platform === s.platform))
      out.push({ platform: s.platform as Platform, state: 'skipped', reason: s.reason });
  return out;
}

/**
 * Publishes a draft or a story in review on the desk's own channel, with the disclosure line of how it went out
 * (reviewed by the desk, or automatically). Under a row lock: of two callers one publishes, the other gets 409.
 */
export async function publishStory(
  deps: Pick<Deps, 'database' | 'events'> & Partial<Pick<Deps, 'obs' | 'publicUrl'>>,
  id: string,
  options: { reviewed: boolean; approvedBy?: string | null },
): Promise<NewsRow> {
  const { db } = deps.database;
  const { disclosure } = await readSettings(db);
  const row = await db.transaction(async (tx) => {
    const [current] = await tx.select().from(news).where(eq(news.id, id)).for('update');
    if (!current) throw notFound('Meldung');
    if (current.status !== 'draft' && current.status !== 'review')
      throw new HttpError(
        409,
        'Nur Entwürfe und Meldungen in Prüfung können veröffentlicht werden.',
        'invalid_transition',
      );
    const [next] = await tx
      .update(news)
      .set({
        status: 'published',
        publishedAt: new Date().toISOString(),
        slug: current.slug ?? slugFor(current.title, current.id),
        approvedBy: options.approvedBy ?? null,
      })
      .where(eq(news.id, id))
      .returning();
    const line = options.reviewed ? disclosure.reviewed : disclosure.automatic;
    const updated = await tx
      .update(newsTexts)
      .set({ disclosure: line, reviewed: options.reviewed })
      .where(eq(newsTexts.newsId, id))
      .returning({ id: newsTexts.newsId });
    // A sample story has no text row: it goes out with the line all the same.
    if (updated.length === 0)
      await tx
        .insert(newsTexts)
        .values({ newsId: id, body: '', model: 'Beispielmeldung', disclosure: line, reviewed: options.reviewed });
    return next;
  });
  await deps.events.publish({ topic: 'news', action: 'updated', id });
  await announceOnAir(deps, row);
  return row;
}

/**
 * „Schlagzeile auf Sendung“ after a publish: when the desk asks for it and the server's OBS is connected, the story's
 * headline goes into the quick-text source and its public video into the desk's media source. It never fails the
 * publish: what did not go on air is said in German in the run's log and the server's log.
 */
export async function announceOnAir(
  deps: Pick<Deps, 'database'> & Partial<Pick<Deps, 'obs' | 'publicUrl'>>,
  story: Pick<NewsRow, 'id' | 'title' | 'runId'>,
): Promise<void> {
  const { db } = deps.database;
  const note = async (line: string, failed: boolean) => {
    if (failed) console.error(`[obs] ${line}`);
    if (story.runId) await appendLog(db, story.runId, line).catch(() => undefined);
  };
  try {
    const { onAir } = await readSettings(db);
    if (!onAir.enabled) return;
    const instance = deps.obs?.get();
    if (!instance)
      return await note('Schlagzeile nicht auf Sendung: OBS ist auf dem Server nicht konfiguriert (OBS_URL).', true);
    if (instance.state !== 'connected')
      return await note(`Schlagzeile nicht auf Sendung: Nicht mit OBS verbunden (${instance.name}).`, true);
    const source = instance.textSource;
    try {
      await onAirStep(instance.setText(story.title, source));
    } catch (error) {
      return await note(`Schlagzeile nicht auf Sendung: ${onAirFailure(error, source)}`, true);
    }
    const media = onAir.mediaSource.trim();
    const { videoUrl } = media ? await storyDetails(db, story.id, deps.publicUrl) : { videoUrl: null };
    if (!media || !videoUrl) return await note(`Auf Sendung: Schlagzeile in „${source}“.`, false);
    if (!deps.publicUrl)
      return await note(
        `Auf Sendung: Schlagzeile in „${source}“; das Video nicht: Der Desk hat keine öffentliche Adresse (NEWSDESK_PUBLIC_URL), unter der OBS es abrufen kann.`,
        true,
      );
    try {
      await onAirStep(instance.setMediaInput(media, videoUrl));
    } catch (error) {
      return await note(
        `Auf Sendung: Schlagzeile in „${source}“; das Video nicht: ${onAirFailure(error, media)}`,
        true,
      );
    }
    await note(`Auf Sendung: Schlagzeile in „${source}“, Video in „${media}“.`, false);
  } catch (error) {
    await note(`Schlagzeile nicht auf Sendung: ${error instanceof Error ? error.message : String(error)}`, true);
  }
}

/** Moves a story between two statuses under a row lock; 404 unknown, 409 in any other status. */
export async function moveStory(
  deps: Pick<Deps, 'database' | 'events'>,
  id: string,
  from: string,
  change: Partial<NewsRow>,
  refusal: string,
): Promise<NewsRow> {
  const row = await deps.database.db.transaction(async (tx) => {
    const [current] = await tx.select().from(news).where(eq(news.id, id)).for('update');
    if (!current) throw notFound('Meldung');
    if (current.status !== from) throw new HttpError(409, refusal, 'invalid_transition');
    const [next] = await tx.update(news).set(change).where(eq(news.id, id)).returning();
    return next;
  });
  await deps.events.publish({ topic: 'news', action: 'updated', id });
  return row;
}

const TELEGRAM_CAPTION = 1024;

/** An item a story cites, as its provenance keeps it. */
export type CitedItem = (typeof newsTexts.$inferSelect)['sources'][number];

/**
 * Each source that carried a cited item with its own address for it. A story filed before those were kept has the
 * item's address for each of its sources (a source-less item: the address's host).
 */
export function citedLinks(item: Pick<CitedItem, 'url' | 'sources' | 'links'>): Array<{ source: string; url: string }> {
  if (item.links && item.links.length > 0) return item.links;
  const names = item.sources.length > 0 ? item.sources : [new URL(item.url).hostname];
  return names.map((source) => ({ source, url: item.url }));
}

/** What a post says: title, teaser, the public page, the sources with their links and the disclosure. */
export function postContent(
  story: {
    title: string;
    teaser: string;
    sources: Array<Pick<CitedItem, 'url' | 'sources' | 'links'>>;
    disclosure: string;
    link?: string;
  },
  limit = TELEGRAM_CAPTION,
): string {
  const fixed = [story.title, ...(story.link ? [story.link] : []), story.disclosure].join('\n\n').length + 12;
  const lines: string[] = [];
  // Sources and disclosure always go (as many sources as fit beside the title); a long teaser is what gives way.
  // Every outlet that carried an item, with its own report's address, once per address.
  const links = story.sources.flatMap(citedLinks).filter((l, i, all) => all.findIndex((o) => o.url === l.url) === i);
  for (const { source, url } of links) {
    const line = `• ${source}: ${url}`;
    if (fixed + ['Quellen:', ...lines, line].join('\n').length > limit) break;
    lines.push(line);
  }
  const sourcesBlock = ['Quellen:', ...lines].join('\n');
  const room = limit - fixed - sourcesBlock.length;
  const teaser =
    story.teaser.length <= room ? story.teaser : `${story.teaser.slice(0, Math.max(0, room - 1)).trimEnd()}…`;
  return [story.title, teaser, ...(story.link ? [story.link] : []), sourcesBlock, story.disclosure]
    .filter(Boolean)
    .join('\n\n');
}

export interface PostOutcome {
  published: Platform[];
  failed: Array<{ platform: Platform; error: string }>;
  skipped: Array<{ platform: Platform; reason: string }>;
}

/**
 * One post per platform of the run that is connected, with the teaser, the links and the run's video; platforms not
 * connected are noted on the story as skipped. A platform already posted is left alone, a failed one is tried again.
 */
export async function postStory(
  deps: Pick<Deps, 'database' | 'events' | 'social' | 'publicUrl' | 'mediaDir'>,
  newsId: string,
  platforms: Platform[],
): Promise<PostOutcome> {
  const { db } = deps.database;
  const [row] = await db.select().from(news).where(eq(news.id, newsId));
  if (!row || row.status !== 'published') throw new Error('Die Meldung ist nicht veröffentlicht.');
  const [texts] = await db.select().from(newsTexts).where(eq(newsTexts.newsId, newsId));
  const link = deps.publicUrl && row.slug ? `${deps.publicUrl}/news/${row.slug}` : undefined;
  const content = postContent({
    title: row.title,
    teaser: texts?.teaser ?? '',
    sources: texts?.sources ?? [],
    disclosure: texts?.disclosure ?? '',
    link,
  });
  const videos = row.runId ? await runVideos(db, row.runId) : [];
  const portrait =
    videos.length > 1 && platforms.some((p) => UPRIGHT.includes(p))
      ? await portraitOf(deps.mediaDir, videos)
      : undefined;
  const outcome: PostOutcome = { published: [], failed: [], skipped: [] };
  const connected = new Map((await db.select().from(socialPlatforms)).map((p) => [p.id, p]));
  for (const platform of platforms) {
    const state = connected.get(platform);
    if (!state?.connected) {
      outcome.skipped.push({ platform, reason: `${state?.name ?? platform} ist nicht verbunden.` });
      continue;
    }
    const postId = postIdOf(newsId, platform);
    const [existing] = await db
      .select()
      .from(socialPostResults)
      .where(and(eq(socialPostResults.postId, postId), eq(socialPostResults.platform, platform)));
    if (existing?.status === 'published') {
      outcome.published.push(platform);
      continue;
    }
    await db
      .insert(posts)
      .values({
        id: postId,
        title: row.title,
        status: 'draft',
        platform,
        publishDate: deskDay(),
        category: row.category,
        content,
      })
      .onConflictDoNothing();
    // TikTok and Instagram show videos upright: they get the portrait render when the run made one.
    const upright = portrait && UPRIGHT.includes(platform);
    const video = upright ? portrait : videos[0];
    const address = `${deps.publicUrl}/news/${row.slug}/${upright ? 'portrait-video' : 'video'}`;
    const result =
      existing ??
      (await deps.social.publisher.record(
        platform,
        {
          postId,
          content,
          title: row.title,
          ...(video
            ? {
                mediaId: video.id,
                mediaType: 'video' as const,
                ...(deps.publicUrl && row.slug ? { mediaUrl: address } : {}),
              }
            : {}),
        },
        // One result per story and platform, so a second run of this stage meets the first one's.
        `story-post:${postId}:${platform}`,
      ));
    try {
      // Found mid-publish, it was left so by a crash or is being sent by another run of this stage right now: the
      // platform may have it, so it is not sent again blindly; the publisher marks it failed for the operator to check.
      const done = await deps.social.publisher.publish(result.id, { takenOver: result.status === 'publishing' });
      if (done.status !== 'published')
        throw new PlatformError(
          'Die Veröffentlichung läuft noch oder wurde unterbrochen – bitte auf der Plattform prüfen und bei Bedarf erneut senden.',
          'rejected',
        );
      await db.update(posts).set({ status: 'published' }).where(eq(posts.id, postId));
      outcome.published.push(platform);
    } catch (error) {
      if (!(error instanceof PlatformError)) throw error;
      await db.update(posts).set({ status: 'failed' }).where(eq(posts.id, postId));
      outcome.failed.push({ platform, error: error.message });
    }
    await deps.events.publish({ topic: 'posts', action: 'updated', id: postId });
  }
  await db.update(newsTexts).set({ skipped: outcome.skipped }).where(eq(newsTexts.newsId, newsId));
  await deps.events.publish({ topic: 'news', action: 'updated', id: newsId });
  return outcome;
}

/** Platforms that show videos upright. */
const UPRIGHT: readonly Platform[] = ['tiktok', 'instagram'];

type MediaRow = typeof media.$inferSelect;

/**
 * The videos a run made that are files of the Media Library, in the order filed: the landscape render first (or the
 * stored copy of a provider's video, which comes after the provider's project), a portrait render after it.
 */
export async function runVideos(db: Db, runId: string): Promise<MediaRow[]> {
  const refs = await db
    .select()
    .from(runArtefacts)
    .where(and(eq(runArtefacts.runId, runId), eq(runArtefacts.kind, 'video')))
    .orderBy(asc(runArtefacts.seq));
  if (refs.length === 0) return [];
  const files = await db
    .select()
    .from(media)
    .where(
      inArray(
        media.id,
        refs.map((r) => r.refId),
      ),
    );
  return refs
    .map((r) => files.find((f) => f.id === r.refId && f.fileName))
    .filter((f): f is MediaRow => f !== undefined);
}

/** The video a run made, when it is a file of the Media Library: the first one filed. */
export async function runVideo(db: Db, runId: string): Promise<MediaRow | undefined> {
  return (await runVideos(db, runId))[0];
}

/** The first of the videos that is taller than wide, read from the file itself (titles are the operator's to change). */
export async function portraitOf(mediaDir: string, videos: MediaRow[]): Promise<MediaRow | undefined> {
  for (const video of videos) {
    if (!video.fileName) continue;
    const info = await probeMedia(path.join(mediaDir, video.fileName)).catch(() => undefined);
    const picture = info?.streams.find((s) => s.kind === 'video');
    if (picture?.width && picture.height && picture.height > picture.width) return video;
  }
  return undefined;
}
