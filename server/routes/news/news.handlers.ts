// AI news: list, latest, a story's details, generate (a story from the sources' items on the topic), publish (drafts
// and stories in review: on the desk's own channel and to the platforms), reject (stories in review), retry (failed).
import { and, desc, eq, gte } from 'drizzle-orm';
import type { Context, Hono } from 'hono';
import type { AppEnv } from '../../context';
import { news, runs } from '../../data/db/schema';
import { selectJsonRows } from '../../data/db/json-rows';
import { moveStory, postStory, publishStory, storyDetails, toNews } from '../../pipeline/publication';
import { fileStory } from '../../pipeline/stages';
import { selectItems } from '../../sources/select';
import { HttpError } from '../../http/errors';
import { register } from '../../http/operation';
import { platformsOf } from './news.queries';
import { readSettings } from '../../data/settings';
import type { Db } from '../../data/db/client';
import type { Actor } from '../../identity/identity';

/** „Vier-Augen-Prinzip“: when the desk asks for it, whoever started a story's run may not approve it too. */
async function checkFourEyes(db: Db, newsId: string, actor: Actor | undefined): Promise<void> {
  if (!actor?.userId || !(await readSettings(db)).fourEyes) return;
  const [row] = await db
    .select({ startedBy: runs.startedBy })
    .from(news)
    .innerJoin(runs, eq(runs.id, news.runId))
    .where(eq(news.id, newsId));
  if (row?.startedBy === actor.userId)
    throw new HttpError(
      403,
      'Vier-Augen-Prinzip: Diese Meldung muss jemand anderes freigeben als die Person, die ihren Lauf gestartet hat.',
      'four_eyes',
    );
}

const LATEST = 10;

/** The server's public origin (NEWSDESK_PUBLIC_URL), else the origin the console called. */
const originOf = (c: Context<AppEnv>) => c.get('deps').publicUrl ?? new URL(c.req.url).origin;

export function registerNews(app: Hono<AppEnv>): void {
  register(app, 'news.list', async ({ c, query }) => {
    const since = query.publishedSince;
    // Published instants are stored as toISOString writes them, so they compare as text.
    const published = since ? and(eq(news.status, 'published'), gte(news.publishedAt, since)) : undefined;
    return (await selectJsonRows(c.get('deps').database.db, news, { where: published, newestFirst: news.seq })).map(
      toNews,
    );
  });

  register(app, 'news.latest', async ({ c }) =>
    (
      await c.get('deps').database.db.select().from(news).orderBy(desc(news.createdAt), desc(news.seq)).limit(LATEST)
    ).map(toNews),
  );

  register(app, 'news.get', ({ params, c }) => storyDetails(c.get('deps').database.db, params.id, originOf(c)));

  // The same way as a run: topic → the sources' items → a story from them; nothing matching is a 422, never an invention.
  register(app, 'news.generate', async ({ body, c }) => {
    const deps = c.get('deps');
    const topic = body.topic.trim();
    await deps.engine?.refreshStale(10 * 60_000);
    const items = await selectItems(deps.database.db, { topic });
    if (items.length === 0)
      throw new HttpError(422, `Keine aktuelle Meldung zum Thema „${topic}“ gefunden.`, 'no_items');
    const story = await fileStory(deps, items, { language: body.language, topic });
    const [row] = await deps.database.db.select().from(news).where(eq(news.id, story.id));
    return toNews(row);
  });

  // A person published it: the run waiting for the review goes on and posts; any other story posts now.
  register(app, 'news.publish', async ({ params, c, actor }) => {
    const deps = c.get('deps');
    await checkFourEyes(deps.database.db, params.id, actor);
    const row = await publishStory(deps, params.id, { reviewed: true, approvedBy: actor?.name ?? null });
    const [run] = row.runId
      ? await deps.database.db.select({ status: runs.status }).from(runs).where(eq(runs.id, row.runId))
      : [];
    if (row.runId && run?.status === 'waiting' && deps.engine)
      await deps.engine.continueAfterReview(row.runId, 'published');
    else await postStory(deps, row.id, await platformsOf(c.get('deps').database.db, row.runId));
    const [after] = await deps.database.db.select().from(news).where(eq(news.id, row.id));
    return toNews(after);
  });

  register(app, 'news.reject', async ({ params, c }) => {
    const deps = c.get('deps');
    const row = await moveStory(
      deps,
      params.id,
      'review',
      { status: 'rejected' },
      'Nur Meldungen in Prüfung können abgelehnt werden.',
    );
    if (row.runId) await deps.engine?.continueAfterReview(row.runId, 'rejected');
    return toNews(row);
  });

  register(app, 'news.retry', async ({ params, c }) =>
    toNews(
      await moveStory(
        c.get('deps'),
        params.id,
        'failed',
        { status: 'draft' },
        'Nur fehlgeschlagene Meldungen können wiederholt werden.',
      ),
    ),
  );
}
