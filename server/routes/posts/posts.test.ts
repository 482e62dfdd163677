import { afterAll, beforeAll, expect, test } from 'vitest';
import { schemas } from '../../../src/contract';
import { seedDemo } from '../../data/db/seed';
import { contractBody, createTestApp, errorBody, type TestApp } from '../../testing';
import { desc } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import { jsonRowsSql } from '../../data/db/json-rows';
import { posts } from '../../data/db/schema';
import { postsPage } from './posts.queries';
import * as z from 'zod/mini';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const draft = {
  title: 'KI-Durchbruch in der Medizin',
  status: 'draft',
  platform: 'youtube',
  publishDate: '2026-11-23',
  category: 'Technologie',
  content: 'Neue Studie',
};

test('a fresh database has no posts; create, read back, edit, delete', async () => {
  expect(await contractBody('posts.list', await t.call('/posts'))).toEqual([]);
  const created = await contractBody('posts.create', await t.call('/posts', { method: 'POST', json: draft }));
  expect(created).toMatchObject({ ...draft, views: 0, engagement: 0 });
  expect(created.id).toMatch(/^post-/);

  const listed = await contractBody('posts.list', await t.call('/posts'));
  expect(listed.map((p) => p.id)).toEqual([created.id]);

  const updated = await contractBody(
    'posts.update',
    await t.call(`/posts/${created.id}`, { method: 'PATCH', json: { status: 'review' } }),
  );
  expect(updated).toMatchObject({ id: created.id, status: 'review', title: draft.title });

  const deleted = await t.call(`/posts/${created.id}`, { method: 'DELETE' });
  expect(deleted.status).toBe(204);
  expect(await contractBody('posts.list', await t.call('/posts'))).toEqual([]);
  const again = await t.call(`/posts/${created.id}`, { method: 'DELETE' });
  expect(again.status).toBe(404);
  expect(await errorBody(again)).toEqual({ message: 'Post nicht gefunden.', code: 'not_found' });
});

test('a blank title is refused with a German error body naming the field', async () => {
  const response = await t.call('/posts', { method: 'POST', json: { ...draft, title: '   ' } });
  expect(response.status).toBe(400);
  const body = z.parse(schemas.ErrorBody, await response.json());
  expect(body.code).toBe('validation');
  expect(body.message).toMatch(/^Die Anfrage ist ungültig/);
  expect(body.issues?.map((i) => i.path)).toEqual(['body.title']);
  const notJson = await t.call('/posts', {
    method: 'POST',
    body: '{',
    headers: { 'Content-Type': 'application/json' },
  });
  expect(notJson.status).toBe(400);
  expect((await errorBody(notJson)).message).toBe('Der Anfragetext ist kein gültiges JSON.');
});

test('paging, search and status filter over the demo posts; the total is in X-Total-Count', async () => {
  await seedDemo(t.database.db);
  const page = await t.call('/posts?limit=50&offset=0');
  const first = await contractBody('posts.list', page);
  expect(first).toHaveLength(50);
  expect(page.headers.get('X-Total-Count')).toBe('127');
  expect(first[0].id).toBe('post-1');
  const last = await contractBody('posts.list', await t.call('/posts?limit=50&offset=100'));
  expect(last).toHaveLength(27);
  expect(last.at(-1)?.id).toBe('post-127');

  const drafts = await t.call('/posts?status=draft');
  expect(drafts.headers.get('X-Total-Count')).toBe('15');
  expect((await contractBody('posts.list', drafts)).every((p) => p.status === 'draft')).toBe(true);

  const found = await contractBody('posts.list', await t.call('/posts?q=exoplaneten'));
  expect(found.length).toBeGreaterThan(0);
  expect(found.every((p) => p.title.includes('Exoplaneten'))).toBe(true);
  const percent = await t.call('/posts?q=100%25');
  expect(percent.headers.get('X-Total-Count')).toBe('0');

  const bad = await t.call('/posts?limit=-1');
  expect(bad.status).toBe(400);
});

test('an Idempotency-Key acts once: the repeat returns the first answer and creates nothing', async () => {
  const before = Number((await t.call('/posts?limit=1')).headers.get('X-Total-Count'));
  const headers = { 'Idempotency-Key': 'key-create-1' };
  const first = await t.call('/posts', { method: 'POST', json: draft, headers });
  const second = await t.call('/posts', { method: 'POST', json: draft, headers });
  expect(first.status).toBe(201);
  expect(second.status).toBe(201);
  expect(second.headers.get('Idempotent-Replayed')).toBe('true');
  expect(await second.json()).toEqual(await first.json());
  expect(Number((await t.call('/posts?limit=1')).headers.get('X-Total-Count'))).toBe(before + 1);

  const reused = await t.call('/posts', { method: 'POST', json: { ...draft, title: 'Anderer Titel' }, headers });
  expect(reused.status).toBe(422);
  expect((await errorBody(reused)).message).toBe('Dieser Idempotency-Key gehört zu einer anderen Anfrage.');
});

test('a change raises an event for the open consoles', async () => {
  const seen: unknown[] = [];
  const unsubscribe = t.events.subscribe((event) => seen.push(event));
  const created = await contractBody('posts.create', await t.call('/posts', { method: 'POST', json: draft }));
  await expect.poll(() => seen).toContainEqual({ topic: 'posts', action: 'created', id: created.id });
  unsubscribe();
});

interface PlanNode {
  'Node Type': string;
  'Parent Relationship'?: string;
  'Actual Rows': number;
  'Actual Loops': number;
  Plans?: PlanNode[];
}

test('a page of posts reads only its own rows: the total is counted once, not by materialising every row', async () => {
  const { database } = await createTestApp();
  try {
    await seedDemo(database.db, { posts: 500 });
    const { rows, total } = await postsPage(database.db, { limit: 10, offset: 0 });
    expect(rows).toHaveLength(10);
    expect(total).toBe(500);
    const newest = await database.db.select().from(posts).orderBy(desc(posts.seq)).limit(10);
    // The rows as drizzle's own select gives them, field for field and in its order.
    expect(rows).toEqual(newest);

    const client = (
      database.db as unknown as {
        $client: { query(text: string, params: unknown[]): Promise<{ rows: Array<Record<string, unknown>> }> };
      }
    ).$client;
    await client.query('ANALYZE posts', []);
    const { sql, params } = new PgDialect().sqlToQuery(jsonRowsSql(posts, { newestFirst: posts.seq, limit: 10 }));
    const [{ 'QUERY PLAN': plan }] = (await client.query(`EXPLAIN (ANALYZE, FORMAT JSON) ${sql}`, params)).rows as [
      { 'QUERY PLAN': unknown },
    ];
    const root = (typeof plan === 'string' ? JSON.parse(plan) : plan) as [{ Plan: PlanNode }];
    // Every node that builds the page (the count's InitPlan aside) touches at most the 10 rows of the page.
    const pageNodes: PlanNode[] = [];
    const walk = (node: PlanNode) => {
      if (node['Parent Relationship'] === 'InitPlan' || node['Parent Relationship'] === 'SubPlan') return;
      pageNodes.push(node);
      node.Plans?.forEach(walk);
    };
    walk(root[0].Plan);
    expect(pageNodes.map((n) => n['Node Type'])).not.toContain('WindowAgg');
    expect(Math.max(...pageNodes.map((n) => n['Actual Rows'] * n['Actual Loops']))).toBeLessThanOrEqual(10);
  } finally {
    await database.close();
  }
});
