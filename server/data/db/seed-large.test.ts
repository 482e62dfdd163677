import { count } from 'drizzle-orm';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { createTestApp, type TestApp } from '../../testing';
import { settleAfterBulkLoad } from './seed';
import { largeNews, largePosts, seedLarge } from './seed-large';
import * as s from './schema';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
  expect(await seedLarge(t.database.db)).toBe(true);
  await settleAfterBulkLoad(t.database.db);
}, 180_000);
afterAll(() => t.close());

async function fetched(path: string) {
  const res = await t.call(path);
  expect(res.status).toBe(200);
  return { body: (await res.json()) as unknown, total: res.headers.get('x-total-count') };
}
const lengthOf = (body: unknown) => (Array.isArray(body) ? body.length : -1);

test('the large seed loads 10,000 posts, 10,000 AI news and 2,000 media items with their surroundings', async () => {
  const { db } = t.database;
  const rows = async (table: Parameters<typeof db.$count>[0]) => db.$count(table);
  expect(await rows(s.posts)).toBe(10_000);
  expect(await rows(s.news)).toBe(10_000);
  expect(await rows(s.newsTexts)).toBe(10_000);
  expect(await rows(s.media)).toBe(2_000);
  expect(await rows(s.scheduledPosts)).toBe(240);
  expect(await rows(s.socialPostResults)).toBe(3_000);
  expect(await rows(s.notifications)).toBe(2_000);
  // SPEC §9's mix, scaled: 89 published, 23 scheduled and 15 drafts of 127.
  const byStatus = await db.select({ status: s.posts.status, n: count() }).from(s.posts).groupBy(s.posts.status);
  expect(Object.fromEntries(byStatus.map((r) => [r.status, r.n]))).toEqual({
    published: 7008,
    scheduled: 1811,
    draft: 1181,
  });
});

test('a second load adds nothing', async () => {
  expect(await seedLarge(t.database.db)).toBe(false);
  expect(await t.database.db.$count(s.posts)).toBe(10_000);
  expect(await t.database.db.$count(s.notifications)).toBe(2_000);
});

test('the set is the same on every load and says it is sample data', () => {
  expect(largePosts(200)).toEqual(largePosts(200));
  const { news, texts } = largeNews(500);
  expect(largeNews(500)).toEqual({ news, texts });
  expect(new Set(news.map((n) => n.source).filter((source) => !source.startsWith('Beispielquelle ')))).toEqual(
    new Set(),
  );
  const cited = texts.flatMap((text) => text.sources ?? []);
  expect(cited.filter((ref) => !/^https:\/\/example\.org\/beispiel\//.test(ref.url))).toEqual([]);
  expect(cited.filter((ref) => !ref.title.startsWith('Beispielartikel'))).toEqual([]);
});

test('the posts screen pages: 50 rows of 10,000', async () => {
  const page = await fetched('/posts?limit=50&offset=0');
  expect(lengthOf(page.body)).toBe(50);
  expect(page.total).toBe('10000');
});

test("the screens' first calls answer bounded pages at this volume (their times are the bench's, npm run bench -- --only desk)", async () => {
  // Bounded by the server: the overview's five notifications, the latest ten stories, the last 50 publications.
  const overview = await fetched('/dashboard/overview');
  expect((overview.body as { notifications: unknown[] }).notifications).toHaveLength(5);
  const latest = await fetched('/news/latest');
  expect(lengthOf(latest.body)).toBe(10);
  const publications = await fetched('/social/publications');
  expect(lengthOf(publications.body)).toBe(50);
  await fetched('/social/analytics');
  // Whole lists (their operations take no paging; the screens filter and virtualize in the browser).
  const posts = await fetched('/posts');
  expect(lengthOf(posts.body)).toBe(10_000);
  const news = await fetched('/news');
  expect(lengthOf(news.body)).toBe(10_000);
  const media = await fetched('/media');
  expect(lengthOf(media.body)).toBe(2_000);
  const scheduled = await fetched('/social/scheduled');
  expect(lengthOf(scheduled.body)).toBe(240);
});

test('a story of the large set shows its sample sources', async () => {
  const story = await fetched('/news/large-news-1');
  const details = story.body as { sources: Array<{ url: string }>; writtenBy: string };
  expect(details.writtenBy).toBe('Beispielmeldung (Testdaten)');
  expect(details.sources.length).toBeGreaterThan(0);
  expect(details.sources.every((ref) => ref.url.startsWith('https://example.org/beispiel/'))).toBe(true);
});
