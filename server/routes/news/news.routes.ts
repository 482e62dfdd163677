// AI news: list, latest, generate (a story from the sources' items on the topic), publish only drafts, retry only failed.
import { desc, eq } from 'drizzle-orm';
import type { Context, Hono } from 'hono';
import type { AiNewsItem } from '../../../src/contract';
import type { AppEnv } from '../../context';
import { news } from '../../db/schema';
import { fileStory } from '../../pipeline/stages';
import { selectItems } from '../../sources/select';
import { HttpError, notFound } from '../../errors';
import { register } from '../../operation';

type Row = typeof news.$inferSelect;

export function toNews(row: Row): AiNewsItem {
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
  };
}

const LATEST = 10;

export function registerNews(app: Hono<AppEnv>): void {
  register(app, 'news.list', async ({ c }) => (await c.get('deps').database.db.select().from(news).orderBy(desc(news.seq))).map(toNews));

  register(app, 'news.latest', async ({ c }) =>
    (await c.get('deps').database.db.select().from(news).orderBy(desc(news.createdAt), desc(news.seq)).limit(LATEST)).map(toNews));

  // The same way as a run: topic → the sources' items → a story from them; nothing matching is a 422, never an invention.
  register(app, 'news.generate', async ({ body, c }) => {
    const deps = c.get('deps');
    const topic = body.topic.trim();
    await deps.engine?.refreshStale(10 * 60_000);
    const items = await selectItems(deps.database.db, { topic });
    if (items.length === 0) throw new HttpError(422, `Keine aktuelle Meldung zum Thema „${topic}“ gefunden.`, 'no_items');
    const story = await fileStory(deps, items, { language: body.language, topic });
    const [row] = await deps.database.db.select().from(news).where(eq(news.id, story.id));
    return toNews(row);
  });

  register(app, 'news.publish', ({ params, c }) =>
    transition(c, params.id, 'draft', () => ({ status: 'published', publishedAt: new Date().toISOString() }), 'Nur Entwürfe können veröffentlicht werden.'));
  register(app, 'news.retry', ({ params, c }) =>
    transition(c, params.id, 'failed', () => ({ status: 'draft' }), 'Nur fehlgeschlagene Meldungen können wiederholt werden.'));
}

/** Moves an item from one status to the next under a row lock; 404 unknown, 409 in any other status. */
async function transition(c: Context<AppEnv>, id: string, from: string, change: () => Partial<Row>, refusal: string): Promise<AiNewsItem> {
  const { database, events } = c.get('deps');
  const row = await database.db.transaction(async (tx) => {
    const [current] = await tx.select().from(news).where(eq(news.id, id)).for('update');
    if (!current) throw notFound('Meldung');
    if (current.status !== from) throw new HttpError(409, refusal, 'invalid_transition');
    const [next] = await tx.update(news).set(change()).where(eq(news.id, id)).returning();
    return next;
  });
  await events.publish({ topic: 'news', action: 'updated', id: row.id });
  return toNews(row);
}
