// A database-only operation's key, change and answer are one transaction: a failure after the change (a crash between
// the change and the stored answer) undoes both, so the retry with the same key acts once; two requests with one key
// get one change and the same answer.
import type { Context } from 'hono';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, expect, test } from 'vitest';
import type { AppEnv, Deps } from '../context';
import { idempotencyKeys, posts } from './db/schema';
import { withIdempotency } from './idempotency';
import { createTestApp, TEST_TOKEN, type TestApp } from '../testing';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

/** The request context a handler sees: its deps, which the transaction swaps for the call. */
function contextOf(deps: Deps): Context<AppEnv> {
  let current = deps;
  return { get: () => current, set: (_: string, value: Deps) => void (current = value) } as unknown as Context<AppEnv>;
}

const draft = (title: string) => ({
  id: `post-${title}`,
  title,
  status: 'draft',
  platform: 'telegram',
  publishDate: '2026-11-26',
  category: 'Technologie',
});

test('a failure after the change undoes the change and the key: the retry creates the post once', async () => {
  const c = contextOf({ database: t.database, events: t.events } as unknown as Deps);
  const act = (fail: boolean) => async () => {
    await c.get('deps').database.db.insert(posts).values(draft('einmal'));
    if (fail) throw new Error('Prozess beendet');
    return new Response(JSON.stringify({ id: 'post-einmal' }), {
      status: 201,
      headers: { 'Content-Type': 'application/json' },
    });
  };
  await expect(withIdempotency(c, 'k-einmal', 'POST /posts\n{}', act(true), { transactional: true })).rejects.toThrow(
    'Prozess beendet',
  );
  expect(await t.database.db.select().from(posts).where(eq(posts.id, 'post-einmal'))).toHaveLength(0);
  expect(await t.database.db.select().from(idempotencyKeys).where(eq(idempotencyKeys.key, 'k-einmal'))).toHaveLength(0);
  const first = await withIdempotency(c, 'k-einmal', 'POST /posts\n{}', act(false), { transactional: true });
  expect(first.status).toBe(201);
  const replayed = await withIdempotency(c, 'k-einmal', 'POST /posts\n{}', act(false), { transactional: true });
  expect(replayed.headers.get('Idempotent-Replayed')).toBe('true');
  expect(await replayed.json()).toEqual({ id: 'post-einmal' });
  expect(await t.database.db.select().from(posts).where(eq(posts.id, 'post-einmal'))).toHaveLength(1);
});

test('two creates with one key at once: one post, the same answer for both', async () => {
  const send = () =>
    t.app.request('/api/posts', {
      method: 'POST',
      headers: {
        Authorization: `Bearer ${TEST_TOKEN}`,
        'Content-Type': 'application/json',
        'Idempotency-Key': 'k-zweimal',
      },
      body: JSON.stringify({
        title: 'Zweimal gesendet',
        status: 'draft',
        platform: 'telegram',
        publishDate: '2026-11-26',
        category: 'Technologie',
      }),
    });
  const [a, b] = await Promise.all([send(), send()]);
  expect([a.status, b.status]).toEqual([201, 201]);
  expect(((await a.json()) as { id: string }).id).toBe(((await b.json()) as { id: string }).id);
  expect(await t.database.db.$count(posts, eq(posts.title, 'Zweimal gesendet'))).toBe(1);
});
