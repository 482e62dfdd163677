// Reading a feed: conditional GET through the SSRF guard, a size cap and a time-out, Retry-After and a growing back-off
// per source; the result (time, new items, HTTP status, a German error) is kept on the source. Nothing else is lost
// when a feed is broken: its earlier items stay, the other sources go on.
import { and, eq, isNull, lte, or, sql } from 'drizzle-orm';
import type { Db } from '../data/db/client';
import { sources } from '../data/db/schema';
import { FetchRefused, guardedFetch } from '../adapters/net/guarded-fetch';
import { FeedError, parseFeed } from './feed';
import { storeItems, type SourceRow } from './store';

export interface PollSettings {
  /** Private and loopback addresses may be fetched (tests' local feed servers; a desk reading an intranet feed). */
  allowPrivate: boolean;
  /** How often a source is read (default 15 minutes). */
  intervalMs: number;
  timeoutMs?: number;
  maxBytes?: number;
}

export interface PollResult {
  status?: number;
  newItems: number;
  error?: string;
}

const MAX_BACKOFF_MS = 6 * 3600_000;
const FEED_ACCEPT =
  'application/rss+xml, application/atom+xml, application/feed+json, application/json;q=0.9, application/xml;q=0.8, text/xml;q=0.8, */*;q=0.5';
const USER_AGENT = 'Newsdesk/2.0 (feed reader)';

/** Seconds or an HTTP date, as RFC 9110 allows; undefined when absent or unreadable. */
export function retryAfterMs(value: string | null, now = Date.now()): number | undefined {
  if (!value) return undefined;
  if (/^\d+$/.test(value.trim())) return Number(value.trim()) * 1000;
  const at = Date.parse(value);
  return Number.isNaN(at) ? undefined : Math.max(0, at - now);
}

/** After the n-th failure in a row: 2, 4, 8 … minutes, at most 6 hours, never sooner than the normal interval. */
export function backoffMs(failures: number, intervalMs: number): number {
  return Math.max(intervalMs, Math.min(MAX_BACKOFF_MS, 2 ** Math.min(failures, 20) * 60_000));
}

/** Reads one source now and records the outcome on it. */
export async function pollSource(
  db: Db,
  source: SourceRow,
  settings: PollSettings,
  now = () => new Date(),
): Promise<PollResult> {
  const headers: Record<string, string> = { Accept: FEED_ACCEPT, 'User-Agent': USER_AGENT };
  if (source.etag) headers['If-None-Match'] = source.etag;
  if (source.lastModified) headers['If-Modified-Since'] = source.lastModified;
  let result: PollResult;
  let validators: { etag: string | null; lastModified: string | null } | undefined;
  let waitMs: number | undefined;
  try {
    const response = await guardedFetch(source.url, {
      allowPrivate: settings.allowPrivate,
      timeoutMs: settings.timeoutMs ?? 15_000,
      maxBytes: settings.maxBytes ?? 5 * 1024 * 1024,
      maxRedirects: 3,
      headers,
    });
    if (response.status === 304) {
      result = { status: 304, newItems: 0 };
    } else if (response.status >= 200 && response.status < 300) {
      const feed = parseFeed(
        response.body.toString('utf8'),
        response.headers.get('content-type') ?? undefined,
        response.url,
      );
      const newItems = await storeItems(db, source, feed.items, now());
      result = { status: response.status, newItems };
      validators = { etag: response.headers.get('etag'), lastModified: response.headers.get('last-modified') };
    } else {
      result = { status: response.status, newItems: 0, error: `Der Feed antwortet mit HTTP ${response.status}.` };
      if (response.status === 429 || response.status === 503)
        waitMs = retryAfterMs(response.headers.get('retry-after'), now().getTime());
    }
  } catch (error) {
    if (error instanceof FetchRefused || error instanceof FeedError)
      result = {
        newItems: 0,
        error: error.message,
        ...(error instanceof FetchRefused && error.status ? { status: error.status } : {}),
      };
    else throw error;
  }
  const failed = result.error !== undefined;
  const failures = failed ? source.failures + 1 : 0;
  const delay = Math.max(waitMs ?? 0, failed ? backoffMs(failures, settings.intervalMs) : settings.intervalMs);
  const at = now();
  await db
    .update(sources)
    .set({
      lastFetchAt: at.toISOString(),
      lastStatus: result.status ?? null,
      lastNewItems: result.newItems,
      lastError: result.error ?? null,
      failures,
      notBefore: new Date(at.getTime() + delay).toISOString(),
      ...(validators ?? {}),
    })
    .where(eq(sources.id, source.id));
  return result;
}

/** A poll given up (its instance went down with it each time) is recorded as the source's failure; the next waits. */
export async function abandonPoll(db: Db, sourceId: string, reason: string): Promise<void> {
  await db
    .update(sources)
    .set({ lastFetchAt: new Date().toISOString(), lastError: reason, failures: sql`${sources.failures} + 1` })
    .where(eq(sources.id, sourceId));
}

/**
 * Takes the sources due now for this instance, atomically: each due source's next time is moved forward in the same
 * statement that selects it (FOR UPDATE SKIP LOCKED), so two instances never read one source twice.
 */
export async function claimDueSources(
  db: Db,
  options: { now: Date; holdMs: number; limit: number; ids?: string[] },
): Promise<SourceRow[]> {
  const nowIso = options.now.toISOString();
  const hold = new Date(options.now.getTime() + options.holdMs).toISOString();
  const due = and(eq(sources.enabled, true), or(isNull(sources.notBefore), lte(sources.notBefore, nowIso)));
  const only =
    options.ids && options.ids.length > 0
      ? sql` AND id IN (${sql.join(
          options.ids.map((i) => sql`${i}`),
          sql`, `,
        )})`
      : sql``;
  const result = await db.execute(sql`
    UPDATE sources SET not_before = ${hold}::timestamptz
    WHERE id IN (SELECT id FROM sources WHERE ${due}${only} ORDER BY not_before NULLS FIRST, seq FOR UPDATE SKIP LOCKED LIMIT ${options.limit})
    RETURNING id`);
  const ids = (result as unknown as { rows: Array<{ id: string }> }).rows.map((r) => r.id);
  if (ids.length === 0) return [];
  const rows = await db
    .select()
    .from(sources)
    .where(
      sql`${sources.id} IN (${sql.join(
        ids.map((i) => sql`${i}`),
        sql`, `,
      )})`,
    );
  return rows;
}
