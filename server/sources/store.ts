// Sources and their items: a feed is stored once per address, an item once per canonical address, and an item whose
// title is near-identical to a recent one of another source is that item, carried by both (its provenance grows).
import { randomUUID } from 'node:crypto';
import { and, count, desc, eq, gte, ilike, inArray, or, sql } from 'drizzle-orm';
import type { FeedSource, FeedSourcePatch, SourceItem } from '../../src/contract';
import type { Db } from '../data/db/client';
import { sourceItemOrigins, sourceItems, sources } from '../data/db/schema';
import { HttpError, notFound } from '../http/errors';
import { normalizeTitle, type FeedItem } from './feed';

type SourceRow = typeof sources.$inferSelect;
export type { SourceRow };

// Any constant: the lock that serializes storing items across feeds and instances.
const STORE_LOCK = 7_324_017;
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
      ? {
          at: new Date(row.lastFetchAt).toISOString(),
          newItems: row.lastNewItems,
          ...(row.lastStatus !== null ? { status: row.lastStatus } : {}),
          ...(row.lastError ? { error: row.lastError } : {}),
        }
      : null,
    itemCount,
  };
}

async function itemCounts(db: Db, ids: string[]): Promise<Map<string, number>> {
  if (ids.length === 0) return new Map();
  const rows = await db
    .select({ id: sourceItemOrigins.sourceId, n: count() })
    .from(sourceItemOrigins)
    .where(inArray(sourceItemOrigins.sourceId, ids))
    .groupBy(sourceItemOrigins.sourceId);
  return new Map(rows.map((r) => [r.id, Number(r.n)]));
}

export async function listSources(db: Db): Promise<FeedSource[]> {
  const rows = await db.select().from(sources).orderBy(sources.seq);
  const counts = await itemCounts(
    db,
    rows.map((r) => r.id),
  );
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

export async function createSource(
  db: Db,
  input: { name: string; url: string; category: string; language: string; enabled: boolean },
  id = `src-${randomUUID()}`,
): Promise<FeedSource> {
  if (await urlTaken(db, input.url)) throw duplicate();
  const [row] = await db
    .insert(sources)
    .values({ id, ...input })
    .onConflictDoNothing()
    .returning();
  if (!row) throw duplicate();
  return toFeedSource(row, 0);
}

export async function updateSource(db: Db, id: string, patch: FeedSourcePatch): Promise<FeedSource> {
  if (patch.url !== undefined && (await urlTaken(db, patch.url, id))) throw duplicate();
  const current = await getSource(db, id);
  if (!current) throw notFound('Quelle');
  // A new address starts afresh: the old validators and back-off belong to the old one.
  const moved =
    patch.url !== undefined && patch.url !== current.url
      ? { etag: null, lastModified: null, failures: 0, notBefore: null }
      : {};
  const enabledAgain = patch.enabled === true && !current.enabled ? { notBefore: null } : {};
  const [row] = await db
    .update(sources)
    .set({ ...patch, ...moved, ...enabledAgain })
    .where(eq(sources.id, id))
    .returning();
  return toFeedSource(row, (await itemCounts(db, [id])).get(id) ?? 0);
}

export async function deleteSource(db: Db, id: string): Promise<void> {
  const deleted = await db.delete(sources).where(eq(sources.id, id)).returning({ id: sources.id });
  if (deleted.length === 0) throw notFound('Quelle');
}

/**
 * Stores a feed's items; answers how many were new to the desk (an item another source already brought is not new).
 * One transaction per feed with set-wise reads and writes: a feed of 50 items is a handful of statements, not 150.
 */
export async function storeItems(
  db: Db,
  source: Pick<SourceRow, 'id' | 'name' | 'category' | 'language'>,
  items: FeedItem[],
  now = new Date(),
): Promise<number> {
  if (items.length === 0) return 0;
  const since = new Date(now.getTime() - SAME_STORY_WINDOW_MS).toISOString();
  // A title of a few words says too little to call two reports one story.
  const keyOf = (item: FeedItem) => {
    const key = normalizeTitle(item.title);
    return key.split(' ').length >= 4 ? key : undefined;
  };
  return db.transaction(async (tx) => {
    // Two feeds read at once (or two instances) would each miss the other's new item of the same story: one at a time.
    await tx.execute(sql`SELECT pg_advisory_xact_lock(${STORE_LOCK})`);
    const urls = [...new Set(items.map((i) => i.url))];
    const keys = [...new Set(items.map(keyOf).filter((k): k is string => k !== undefined))];
    const byUrl = new Map(
      (
        await tx
          .select({ id: sourceItems.id, url: sourceItems.url })
          .from(sourceItems)
          .where(inArray(sourceItems.url, urls))
      ).map((r) => [r.url, r.id]),
    );
    const byKey = new Map(
      keys.length === 0
        ? []
        : (
            await tx
              .select({ id: sourceItems.id, key: sourceItems.titleKey })
              .from(sourceItems)
              .where(and(inArray(sourceItems.titleKey, keys), gte(sourceItems.fetchedAt, since)))
          ).map((r) => [r.key, r.id]),
    );
    // A feed that gives two of its own reports one title (a live ticker, a daily column) has two reports: only another
    // source's report of that title is the same story.
    const titled = [...byKey.values()];
    const own = new Set(
      titled.length === 0
        ? []
        : (
            await tx
              .select({ id: sourceItemOrigins.itemId })
              .from(sourceItemOrigins)
              .where(and(inArray(sourceItemOrigins.itemId, titled), eq(sourceItemOrigins.sourceId, source.id)))
          ).map((r) => r.id),
    );
    const sameStory = (key: string | undefined) => {
      const id = key ? byKey.get(key) : undefined;
      return id && !own.has(id) ? id : undefined;
    };
    const fresh: Array<typeof sourceItems.$inferInsert> = [];
    const origins: Array<typeof sourceItemOrigins.$inferInsert> = [];
    for (const item of items) {
      const key = keyOf(item);
      let itemId = byUrl.get(item.url) ?? sameStory(key);
      if (!itemId) {
        itemId = `item-${randomUUID()}`;
        fresh.push({
          id: itemId,
          url: item.url,
          title: item.title,
          titleKey: key ?? normalizeTitle(item.title),
          summary: item.summary,
          author: item.author ?? null,
          publishedAt: item.publishedAt ?? null,
          fetchedAt: now.toISOString(),
          category: source.category,
          language: source.language,
        });
        byUrl.set(item.url, itemId);
        own.add(itemId);
        if (key) byKey.set(key, itemId);
      }
      origins.push({ itemId, sourceId: source.id, sourceName: source.name, url: item.url, seenAt: now.toISOString() });
    }
    // Another instance may have stored the same address a moment ago: its row stands, and the origin goes to it.
    const inserted =
      fresh.length === 0
        ? []
        : await tx.insert(sourceItems).values(fresh).onConflictDoNothing().returning({ id: sourceItems.id });
    const kept = new Set(inserted.map((r) => r.id));
    const lost = fresh.filter((f) => !kept.has(f.id));
    if (lost.length > 0) {
      const winners = new Map(
        (
          await tx
            .select({ id: sourceItems.id, url: sourceItems.url })
            .from(sourceItems)
            .where(
              inArray(
                sourceItems.url,
                lost.map((l) => l.url),
              ),
            )
        ).map((r) => [r.url, r.id]),
      );
      const moved = new Map(lost.map((l) => [l.id as string, winners.get(l.url)]));
      for (const origin of origins) if (moved.has(origin.itemId)) origin.itemId = moved.get(origin.itemId) as string;
    }
    const unique = [...new Map(origins.filter((o) => o.itemId).map((o) => [o.itemId, o])).values()];
    await tx.insert(sourceItemOrigins).values(unique).onConflictDoNothing();
    return inserted.length;
  });
}

type ItemRow = typeof sourceItems.$inferSelect;

export async function originsOf(db: Db, ids: string[]): Promise<Map<string, string[]>> {
  const links = await originLinksOf(db, ids);
  return new Map([...links].map(([id, carried]) => [id, carried.map((l) => l.source)]));
}

/** Each item's sources with the address each gave it, in the order they carried it. */
export async function originLinksOf(
  db: Db,
  ids: string[],
): Promise<Map<string, Array<{ source: string; url: string }>>> {
  if (ids.length === 0) return new Map();
  const rows = await db
    .select()
    .from(sourceItemOrigins)
    .where(inArray(sourceItemOrigins.itemId, ids))
    .orderBy(sourceItemOrigins.seenAt);
  const map = new Map<string, Array<{ source: string; url: string }>>();
  for (const r of rows) map.set(r.itemId, [...(map.get(r.itemId) ?? []), { source: r.sourceName, url: r.url }]);
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
  const names = await originsOf(
    db,
    rows.map((r) => r.id),
  );
  return rows.map((r) => toSourceItem(r, names.get(r.id) ?? []));
}
