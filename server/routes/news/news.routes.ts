// AI news: list, latest, generate (stores a draft on the topic), publish only drafts, retry only failed (409 otherwise).
import { randomUUID } from 'node:crypto';
import { count, desc, eq } from 'drizzle-orm';
import type { Context, Hono } from 'hono';
import { NEWS_CATEGORIES, NEWS_SOURCES, type AiNewsItem } from '../../../src/contract';
import type { AppEnv } from '../../context';
import { news, newsTexts } from '../../db/schema';
import { chatComplete, DEFAULT_MODEL, newsMessages, splitArticle } from '../../providers/llm/chat';
import { HttpError, notFound } from '../../errors';
import { register } from '../../operation';

type Row = typeof news.$inferSelect;

export function toNews(row: Row): AiNewsItem {
  return {
    id: row.id,
    title: row.title,
    source: row.source as AiNewsItem['source'],
    category: row.category as AiNewsItem['category'],
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

  register(app, 'news.generate', async ({ body, c }) => {
    const { database, events, credentials } = c.get('deps');
    // The LLM writes the item first: a failed call stores nothing.
    const article = splitArticle(await chatComplete(credentials, newsMessages(body.topic, body.language)), body.topic);
    const [{ n }] = await database.db.select({ n: count() }).from(news);
    // Source and category rotate until the pipeline (issue 14) fills them from the analysis.
    const row = await database.db.transaction(async (tx) => {
      const [inserted] = await tx
        .insert(news)
        .values({
          id: `news-${randomUUID()}`,
          title: article.title,
          source: NEWS_SOURCES[n % NEWS_SOURCES.length],
          category: NEWS_CATEGORIES[n % NEWS_CATEGORIES.length],
          status: 'draft',
          createdAt: new Date().toISOString(),
          publishedAt: null,
        })
        .returning();
      await tx.insert(newsTexts).values({ newsId: inserted.id, body: article.body, model: credentials.setting('OPENAI_MODEL') ?? DEFAULT_MODEL });
      return inserted;
    });
    await events.publish({ topic: 'news', action: 'created', id: row.id });
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
