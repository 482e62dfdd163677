// Posts: the row as the contract's Post, and one page of the list with its total.
import { and, eq, ilike, or, type SQL } from 'drizzle-orm';
import type { Post } from '../../../src/contract';
import type { Db } from '../../data/db/client';
import { posts } from '../../data/db/schema';
import { selectJsonRows } from '../../data/db/json-rows';

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
    ...(row.publishedBy ? { publishedBy: row.publishedBy } : {}),
  };
}

const like = (text: string) => `%${text.replace(/[\\%_]/g, (ch) => `\\${ch}`)}%`;

/** One page of posts, newest first, and the filter's total. */
export async function postsPage(
  db: Db,
  query: { status?: string; q?: string; limit?: number; offset?: number },
): Promise<{ rows: Row[]; total: number }> {
  const conditions: SQL[] = [];
  if (query.status) conditions.push(eq(posts.status, query.status));
  const q = query.q?.trim();
  if (q)
    conditions.push(
      or(ilike(posts.title, like(q)), ilike(posts.category, like(q)), ilike(posts.content, like(q))) as SQL,
    );
  const where = conditions.length ? and(...conditions) : undefined;
  const [rows, total] = await Promise.all([
    selectJsonRows(db, posts, { where, newestFirst: posts.seq, limit: query.limit, offset: query.offset }),
    db.$count(posts, where),
  ]);
  return { rows, total };
}
