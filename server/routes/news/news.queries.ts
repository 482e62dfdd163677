// AI news: a story's platforms from its run, and a published story with its files for the public channel.
import { and, asc, eq, inArray } from 'drizzle-orm';
import { PLATFORMS, type Platform } from '../../../src/contract';
import type { Db } from '../../data/db/client';
import { media, news, newsTexts, runArtefacts, runs } from '../../data/db/schema';
import { DEFAULT_PARAMS } from '../../pipeline/engine';

type MediaRow = typeof media.$inferSelect;

/** The platforms a story goes to: its run's, or the SPEC's defaults for a story from Generate. */
export async function platformsOf(db: Db, runId: string | null): Promise<Platform[]> {
  const [row] = runId ? await db.select({ params: runs.params }).from(runs).where(eq(runs.id, runId)) : [];
  const wanted = row?.params?.platforms ?? DEFAULT_PARAMS.platforms;
  return Array.isArray(wanted)
    ? wanted.filter((p): p is Platform => (PLATFORMS as readonly unknown[]).includes(p))
    : [];
}

export async function publishedStory(db: Db, slug: string) {
  const [row] = await db
    .select()
    .from(news)
    .leftJoin(newsTexts, eq(newsTexts.newsId, news.id))
    .where(and(eq(news.slug, slug), eq(news.status, 'published')));
  return row;
}

/** The audio and video files its run made (the Media Library's rows). */
export async function storyMedia(db: Db, runId: string | null): Promise<{ audio?: MediaRow; video?: MediaRow }> {
  if (!runId) return {};
  const refs = await db
    .select()
    .from(runArtefacts)
    .where(and(eq(runArtefacts.runId, runId), inArray(runArtefacts.kind, ['audio', 'video'])))
    .orderBy(asc(runArtefacts.seq));
  if (refs.length === 0) return {};
  const files = await db
    .select()
    .from(media)
    .where(
      inArray(
        media.id,
        refs.map((r) => r.refId),
      ),
    );
  // The first filed of its kind: a run for TikTok has its landscape video first, its portrait one after.
  const pick = (kind: string) =>
    refs
      .filter((r) => r.kind === kind)
      .map((r) => files.find((f) => f.fileName && f.id === r.refId))
      .find((f) => f !== undefined);
  return { audio: pick('audio'), video: pick('video') };
}
