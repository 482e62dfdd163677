// Sources and their items: a feed is stored once per address, an item once per canonical address, and an item whose
// title is near-identical to a recent one of another source is that item, carried by both (its provenance grows).
import { randomUUID } from 'node:crypto';
import { and, count, desc, eq, gte, ilike, inArray, or, sql } from 'drizzle-orm';
import type { FeedSource, FeedSourcePatch, SourceItem } from '../../src/contract';
import type { Db } from '../db/client';
import { sourceItemOrigins, sourceItems, sources } from '../db/schema';
import { HttpError, notFound } from '../errors';
import { normalizeTitle, type FeedItem } from './feed';

type SourceRow = typeof sources.$inferSelect;
export type { SourceRow };

/** Near-identical titles are matched within this window (a story reported again next week is a new item). */
const SAME_STORY_WINDOW_MS = 48 * 3600_000;

export function toFeedSource(row: SourceRow, itemCount: number): FeedSource {
  return {
    id: row.id,
    name: row.name,
    url: row.url,
    category: row.category,
    language: row.language as FeedSource['language'],
    enabled: row.enabled,
    lastFetch: row.lastFetchAt
      ? { at: new Date(row.lastFetchAt).toISOString(), newItems: row.lastNewItems, ...(row.lastStatus !== null ? { status: row.lastStatus } : {}), ...(row.lastError ? { error: row.lastError } : {}) }
      : null,
    itemCount,
  };
}

async function itemCounts(db: Db, ids: string[]): Promise<Map<string, number>> {
  if (ids.length === 0) return new Map();
  const rows = await db.select({ id: sourceItemOrigins.sourceId, n: count() }).from(sourceItemOrigins).where(inArray(sourceItemOrigins.sourceId, ids)).groupBy(sourceItemOrigins.sourceId);
  return new Map(rows.map((r) => [r.id, Number(r.n)]));
}

export async function listSources(db: Db): Promise<FeedSource[]> {
  const rows = await db.select().from(sources).orderBy(sources.seq);
  const counts = await itemCounts(db, rows.map((r) => r.id));
  return rows.map((r) => toFeedSource(r, counts.get(r.id) ?? 0));
}

export async function getSource(db: Db, id: string): Promise<SourceRow | undefined> {
  const [row] = await db.select().from(sources).where(eq(sources.id, id));
  return row;
}

export async function sourceView(db: Db, id: string): Promise<FeedSource> {
  const row = await getSource(db, id);
  if (!row) throw notFound('Quelle');
  return toFeedSource(row, (await itemCounts(db, [id])).get(id) ?? 0);
}

const duplicate = () => new HttpError(409, 'Diese Feed-Adresse ist schon eingetragen.', 'duplicate');

async function urlTaken(db: Db, url: string, except?: string): Promise<boolean> {
  const rows = await db.select({ id: sources.id }).from(sources).where(eq(sources.url, url));
  return rows.some((r) => r.id !== except);
}

export async function createSource(db: Db, input: { name: string; url: string; category: string; language: string; enabled: boolean }, id = `src-${randomUUID()}`): Promise<FeedSource> {
  if (await urlTaken(db, input.url)) throw duplicate();
  const [row] = await db.insert(sources).values({ id, ...input }).onConflictDoNothing().returning();
  if (!row) throw duplicate();
  return toFeedSource(row, 0);
}

export async function updateSource(db: Db, id: string, patch: FeedSourcePatch): Promise<FeedSource> {
  if (patch.url !== undefined && (await urlTaken(db, patch.url, id))) throw duplicate();
  const current = await getSource(db, id);
  if (!current) throw notFound('Quelle');
  // A new address starts afresh: the old validators and back-off belong to the old one.
  const moved = patch.url !== undefined && patch.url !== current.url ? { etag: null, lastModified: null, failures: 0, notBefore: null } : {};
  const enabledAgain = patch.enabled === true && !current.enabled ? { notBefore: null } : {};
  const [row] = await db.update(sources).set({ ...patch, ...moved, ...enabledAgain }).where(eq(sources.id, id)).returning();
  return toFeedSource(row, (await itemCounts(db, [id])).get(id) ?? 0);
}

export async function deleteSource(db: Db, id: string): Promise<void> {
  const deleted = await db.delete(sources).where(eq(sources.id, id)).returning({ id: sources.id });
  if (deleted.length === 0) throw notFound('Quelle');
}

/** Stores a feed's items; answers how many were new to the desk (an item another source already brought is not new). */
export async function storeItems(db: Db, source: Pick<SourceRow, 'id' | 'name' | 'category' | 'language'>, items: FeedItem[], now = new Date()): Promise<number> {
  let added = 0;
  const since = new Date(now.getTime() - SAME_STORY_WINDOW_MS).toISOString();
  for (const item of items) {
    const titleKey = normalizeTitle(item.title);
    await db.transaction(async (tx) => {
      const [byUrl] = await tx.select({ id: sourceItems.id }).from(sourceItems).where(eq(sourceItems.url, item.url));
      // A title of a few words says too little to call two reports one story.
      const [byTitle] = byUrl || titleKey.split(' ').length < 4
        ? []
        : await tx.select({ id: sourceItems.id }).from(sourceItems).where(and(eq(sourceItems.titleKey, titleKey), gte(sourceItems.fetchedAt, since)));
      let itemId = byUrl?.id ?? byTitle?.id;
      if (!itemId) {
        const [inserted] = await tx
          .insert(sourceItems)
          .values({
            id: `item-${randomUUID()}`,
            url: item.url,
            title: item.title,
            titleKey,
            summary: item.summary,
            author: item.author ?? null,
            publishedAt: item.publishedAt ?? null,
            fetchedAt: now.toISOString(),
            category: source.category,
            language: source.language,
          })
          .onConflictDoNothing()
          .returning({ id: sourceItems.id });
        if (inserted) added += 1;
        itemId = inserted?.id ?? (await tx.select({ id: sourceItems.id }).from(sourceItems).where(eq(sourceItems.url, item.url)))[0]?.id;
      }
      if (itemId) await tx.insert(sourceItemOrigins).values({ itemId, sourceId: source.id, sourceName: source.name, url: item.url, seenAt: now.toISOString() }).onConflictDoNothing();
    });
  }
  return added;
}

type ItemRow = typeof sourceItems.$inferSelect;

export async function originsOf(db: Db, ids: string[]): Promise<Map<string, string[]>> {
  if (ids.length === 0) return new Map();
  const rows = await db.select().from(sourceItemOrigins).where(inArray(sourceItemOrigins.itemId, ids)).orderBy(sourceItemOrigins.seenAt);
  const map = new Map<string, string[]>();
  for (const r of rows) map.set(r.itemId, [...(map.get(r.itemId) ?? []), r.sourceName]);
  return map;
}

export function toSourceItem(row: ItemRow, names: string[]): SourceItem {
  return {
    id: row.id,
    title: row.title,
    url: row.url,
    summary: row.summary,
    author: row.author,
    publishedAt: row.publishedAt ? new Date(row.publishedAt).toISOString() : null,
    fetchedAt: new Date(row.fetchedAt).toISOString(),
    category: row.category,
    language: row.language,
    sources: names,
  };
}

export async function listItems(db: Db, options: { q?: string; limit: number }): Promise<SourceItem[]> {
  const q = options.q?.trim();
  const like = q ? `%${q.replace(/[%_\\]/g, (m) => `\\${m}`)}%` : undefined;
  const rows = await db
    .select()
    .from(sourceItems)
    .where(like ? or(ilike(sourceItems.title, like), ilike(sourceItems.summary, like)) : undefined)
    .orderBy(desc(sql`coalesce(${sourceItems.publishedAt}, ${sourceItems.fetchedAt})`), desc(sourceItems.seq))
    .limit(options.limit);
  const names = await originsOf(db, rows.map((r) => r.id));
  return rows.map((r) => toSourceItem(r, names.get(r.id) ?? []));
}
