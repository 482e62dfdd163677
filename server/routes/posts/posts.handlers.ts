// Posts: list (paged, searched, filtered; total in X-Total-Count), create, edit, delete.
import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { Hono } from 'hono';
import type { AppEnv } from '../../context';
import { posts } from '../../data/db/schema';
import { notFound } from '../../http/errors';
import { forbidden, register } from '../../http/operation';
import { postsPage, toPost } from './posts.queries';

export function registerPosts(app: Hono<AppEnv>): void {
  register(app, 'posts.list', async ({ query, c }) => {
    const { rows, total } = await postsPage(c.get('deps').database.db, query);
    c.header('X-Total-Count', String(total));
    return rows.map(toPost);
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

  register(app, 'posts.delete', async ({ params, c, actor }) => {
    const { database, events } = c.get('deps');
    // Published content is taken down by an administrator only; an editor deletes drafts and the like.
    if (actor && actor.role !== 'Admin') {
      const [row] = await database.db.select({ status: posts.status }).from(posts).where(eq(posts.id, params.id));
      if (row?.status === 'published') throw forbidden(actor.role, 'Admin');
    }
    const deleted = await database.db.delete(posts).where(eq(posts.id, params.id)).returning({ id: posts.id });
    if (deleted.length === 0) throw notFound('Post');
    await events.publish({ topic: 'posts', action: 'deleted', id: params.id });
  });
}
