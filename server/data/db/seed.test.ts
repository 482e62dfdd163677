import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, expect, test } from 'vitest';
import * as z from 'zod/mini';
import { createTestApp, type TestApp } from '../../testing';
import { seedDemo, settleAfterBulkLoad } from './seed';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

test('after the demo seed the bulk-loaded tables are vacuumed and analyzed, so the planner knows their size', async () => {
  await seedDemo(t.database.db, { posts: 2000 });
  const Stats = z.object({
    rows: z.array(z.object({ relname: z.string(), vacuumed: z.boolean(), analyzed: z.boolean(), pages: z.number() })),
  });
  const stats = async () =>
    z.parse(
      Stats,
      await t.database.db.execute(sql`
      SELECT s.relname, s.last_vacuum IS NOT NULL AS vacuumed, s.last_analyze IS NOT NULL AS analyzed, c.relpages AS pages
      FROM pg_stat_user_tables s JOIN pg_class c ON c.oid = s.relid
      WHERE s.relname IN ('posts', 'news', 'media') ORDER BY s.relname`),
    ).rows;
  expect((await stats()).filter((row) => row.vacuumed || row.analyzed)).toEqual([]);
  await settleAfterBulkLoad(t.database.db);
  const after = await stats();
  expect(after.map((row) => [row.relname, row.vacuumed, row.analyzed])).toEqual([
    ['media', true, true],
    ['news', true, true],
    ['posts', true, true],
  ]);
  // 2,000 posts fill dozens of pages; without statistics relpages stays 0 and the planner guesses.
  expect(after.find((row) => row.relname === 'posts')?.pages).toBeGreaterThan(10);
});
