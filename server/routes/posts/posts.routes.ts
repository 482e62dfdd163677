// Posts: list (paged, searched, filtered; total in X-Total-Count), create, edit, delete.
import { randomUUID } from 'node:crypto';
import { and, count, desc, eq, ilike, or, sql, type SQL } from 'drizzle-orm';
import type { Hono } from 'hono';
import type { Post } from '../../../src/contract';
import type { AppEnv } from '../../context';
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

export function registerPosts(app: Hono<AppEnv>): void {
  register(app, 'posts.list', async ({ query, c }) => {
    const { db } = c.get('deps').database;
    const conditions: SQL[] = [];
    if (query.status) conditions.push(eq(posts.status, query.status));
    const q = query.q?.trim();
    if (q) conditions.push(or(ilike(posts.title, like(q)), ilike(posts.category, like(q)), ilike(posts.content, like(q))) as SQL);
    const where = conditions.length ? and(...conditions) : undefined;
    // The total rides along as a window count: one round trip per page instead of two.
    const base = db.select({ post: posts, total: sql<number>`count(*) over ()`.mapWith(Number) }).from(posts).where(where).orderBy(desc(posts.seq));
    const rows = await (query.limit !== undefined ? base.limit(query.limit).offset(query.offset ?? 0) : query.offset ? base.offset(query.offset) : base);
    // A page past the end has no row to carry the total.
    const total = rows.length > 0 ? rows[0].total : (await db.select({ n: count() }).from(posts).where(where))[0].n;
    c.header('X-Total-Count', String(total));
    return rows.map((r) => toPost(r.post));
  });

  register(app, 'posts.create', async ({ body, c }) => {
    const { database, events } = c.get('deps');
    const [row] = await database.db
      .insert(posts)
      .values({ ...body, id: `post-${randomUUID()}`, views: body.views ?? 0, engagement: body.engagement ?? 0, content: body.content ?? null })
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
