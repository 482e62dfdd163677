// Posts: list (paged, searched, filtered; total in X-Total-Count), create, edit, delete.
import { randomUUID } from 'node:crypto';
import { and, desc, eq, ilike, or, type SQL } from 'drizzle-orm';
import type { Hono } from 'hono';
import type { Post } from '../../../src/contract';
import type { AppEnv } from '../../context';
import type { Db } from '../../db/client';
import { posts } from '../../db/schema';
import { notFound } from '../../errors';
import { register } from '../../operation';

type Row = typeof posts.$inferSelect;

export function toPost(row: Row): Post {
  return {
    id: row.id,
    title: row.title,
    status: row.status as Post['status'],
    platform: row.platform as Post['platform'],
    views: row.views,
    engagement: row.engagement,
    publishDate: row.publishDate,
    category: row.category,
    ...(row.content !== null ? { content: row.content } : {}),
  };
}

const like = (text: string) => `%${text.replace(/[\\%_]/g, (ch) => `\\${ch}`)}%`;

/** One page of posts with the filter's total on every row (`total`), newest first. */
export function postsPage(db: Db, query: { status?: string; q?: string; limit?: number; offset?: number }) {
  const conditions: SQL[] = [];
  if (query.status) conditions.push(eq(posts.status, query.status));
  const q = query.q?.trim();
  if (q)
    conditions.push(
      or(ilike(posts.title, like(q)), ilike(posts.category, like(q)), ilike(posts.content, like(q))) as SQL,
    );
  const where = conditions.length ? and(...conditions) : undefined;
  // The total rides along as a scalar subquery (run once): one round trip, and the page still stops at offset+limit
  // rows; `count(*) over ()` materialised every matching row per request (22 ms of 23 at 10,000 posts).
  const base = db
    .select({ post: posts, total: db.$count(posts, where) })
    .from(posts)
    .where(where)
    .orderBy(desc(posts.seq));
  const page =
    query.limit !== undefined
      ? base.limit(query.limit).offset(query.offset ?? 0)
      : query.offset
        ? base.offset(query.offset)
        : base;
  return { page, where };
}

export function registerPosts(app: Hono<AppEnv>): void {
  register(app, 'posts.list', async ({ query, c }) => {
    const { db } = c.get('deps').database;
    const { page, where } = postsPage(db, query);
    const rows = await page;
    // A page past the end has no row to carry the total.
    const total = rows.length > 0 ? rows[0].total : await db.$count(posts, where);
    c.header('X-Total-Count', String(total));
    return rows.map((r) => toPost(r.post));
  });

  register(app, 'posts.create', async ({ body, c }) => {
    const { database, events } = c.get('deps');
    const [row] = await database.db
      .insert(posts)
      .values({
        ...body,
        id: `post-${randomUUID()}`,
        views: body.views ?? 0,
        engagement: body.engagement ?? 0,
        content: body.content ?? null,
      })
      .returning();
    await events.publish({ topic: 'posts', action: 'created', id: row.id });
    return toPost(row);
  });

  register(app, 'posts.update', async ({ params, body, c }) => {
    const { database, events } = c.get('deps');
    const change = Object.fromEntries(Object.entries(body).filter(([, v]) => v !== undefined));
    const [row] = Object.keys(change).length
      ? await database.db.update(posts).set(change).where(eq(posts.id, params.id)).returning()
      : await database.db.select().from(posts).where(eq(posts.id, params.id));
    if (!row) throw notFound('Post');
    await events.publish({ topic: 'posts', action: 'updated', id: row.id });
    return toPost(row);
  });

  register(app, 'posts.delete', async ({ params, c }) => {
    const { database, events } = c.get('deps');
    const deleted = await database.db.delete(posts).where(eq(posts.id, params.id)).returning({ id: posts.id });
    if (deleted.length === 0) throw notFound('Post');
    await events.publish({ topic: 'posts', action: 'deleted', id: params.id });
  });
}
