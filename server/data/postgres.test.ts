// The same server on a real PostgreSQL (a temp cluster of Debian's postgresql 15): two instances on one database.
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { openDatabase, type Database } from './db/client';
import type { ChangeEvent } from './events';
import { postgresUnavailable, startPostgres, type PostgresCluster } from './postgres-harness';
import { contractBody, createTestApp, type TestApp } from '../testing';

// Skipped only on a developer machine without Debian's postgresql; in CI (.ci/run installs it) a missing server fails.
const unavailable = process.env.CI ? undefined : postgresUnavailable();
if (unavailable) console.warn(`PostgreSQL-Tests übersprungen: ${unavailable}`);

describe.skipIf(unavailable)('two server instances on one PostgreSQL', () => {
  let cluster: PostgresCluster;
  let databases: Database[] = [];
  let a: TestApp;
  let b: TestApp;

  beforeAll(async () => {
    cluster = await startPostgres();
    // Both migrate at once: the advisory lock lets one run the migrations, the other finds them applied.
    databases = await Promise.all([
      openDatabase({ databaseUrl: cluster.url }),
      openDatabase({ databaseUrl: cluster.url }),
    ]);
    a = await createTestApp({ database: databases[0] });
    b = await createTestApp({ database: databases[1] });
  });
  afterAll(async () => {
    await a?.close();
    await b?.close();
    await Promise.all(databases.map((d) => d.close()));
    await cluster?.stop();
  });

  const draft = {
    title: 'Über beide Instanzen',
    status: 'draft',
    platform: 'telegram',
    publishDate: '2026-11-23',
    category: 'Technologie',
  };

  test('a post created through one instance is listed by the other, and its event reaches the other (LISTEN/NOTIFY)', async () => {
    const seenOnB: ChangeEvent[] = [];
    const unsubscribe = b.events.subscribe((event) => seenOnB.push(event));
    const created = await contractBody('posts.create', await a.call('/posts', { method: 'POST', json: draft }));
    expect((await contractBody('posts.list', await b.call('/posts'))).map((p) => p.id)).toContain(created.id);
    await expect
      .poll(() => seenOnB, { timeout: 5000 })
      .toContainEqual({ topic: 'posts', action: 'created', id: created.id });
    unsubscribe();
  });

  test('an Idempotency-Key used on one instance is answered from storage by the other', async () => {
    const headers = { 'Idempotency-Key': 'pg-key-1' };
    const before = Number((await a.call('/posts?limit=1')).headers.get('X-Total-Count'));
    const first = await a.call('/posts', { method: 'POST', json: draft, headers });
    const second = await b.call('/posts', { method: 'POST', json: draft, headers });
    expect(second.headers.get('Idempotent-Replayed')).toBe('true');
    expect(await second.json()).toEqual(await first.json());
    expect(Number((await b.call('/posts?limit=1')).headers.get('X-Total-Count'))).toBe(before + 1);
  });

  test('concurrent first requests with one key act once', async () => {
    const headers = { 'Idempotency-Key': 'pg-key-race' };
    const before = Number((await a.call('/posts?limit=1')).headers.get('X-Total-Count'));
    const answers = await Promise.all([
      a.call('/posts', { method: 'POST', json: draft, headers }),
      b.call('/posts', { method: 'POST', json: draft, headers }),
    ]);
    // The key, the post and the answer are one transaction: the later request waits for the first and replays its answer.
    expect(answers.map((r) => r.status)).toEqual([201, 201]);
    expect(answers.map((r) => r.headers.get('Idempotent-Replayed')).sort()).toEqual(['true', null].sort());
    const [one, two] = (await Promise.all(answers.map((r) => r.json()))) as Array<{ id: string }>;
    expect(one.id).toBe(two.id);
    expect(Number((await a.call('/posts?limit=1')).headers.get('X-Total-Count'))).toBe(before + 1);
  });
});
