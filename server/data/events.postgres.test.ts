// After a real PostgreSQL restart (pg_ctl restart, not a server restart) the change stream comes back by itself: the
// LISTEN connection is replaced, the overview says when live updates are interrupted, and the consoles are told to
// refetch what they missed.
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { openDatabase, type Database } from './db/client';
import type { ChangeEvent } from './events';
import { postgresUnavailable, startPostgres, type PostgresCluster } from './postgres-harness';
import { contractBody, createTestApp, type TestApp } from '../testing';

const unavailable = process.env.CI ? undefined : postgresUnavailable();

describe.skipIf(unavailable)('the change stream across a PostgreSQL restart', () => {
  let cluster: PostgresCluster;
  let database: Database;
  let t: TestApp;

  beforeAll(async () => {
    cluster = await startPostgres();
    database = await openDatabase({ databaseUrl: cluster.url });
    t = await createTestApp({ database });
  });
  afterAll(async () => {
    await t?.close();
    await database?.close();
    await cluster?.stop();
  });

  const draft = (title: string) => ({
    title,
    status: 'draft',
    platform: 'telegram',
    publishDate: '2026-11-26',
    category: 'Technologie',
  });

  test('LISTEN is re-established, the consoles get a resync, and events flow again', async () => {
    const seen: ChangeEvent[] = [];
    let resyncs = 0;
    t.events.subscribe((event) => seen.push(event));
    t.events.onResync(() => (resyncs += 1));
    const before = await contractBody(
      'posts.create',
      await t.call('/posts', { method: 'POST', json: draft('Vor dem Neustart') }),
    );
    await expect.poll(() => seen.some((e) => e.id === before.id), { timeout: 5000 }).toBe(true);

    await cluster.restart();
    await expect.poll(() => resyncs, { timeout: 20_000 }).toBe(1);
    expect(t.events.listening).toBe(true);
    const status = (await contractBody('dashboard.overview', await t.call('/dashboard/overview'))).systemStatus.find(
      (s) => s.id === 'database',
    );
    expect(status?.status).toBe('online');

    const after = await contractBody(
      'posts.create',
      await t.call('/posts', { method: 'POST', json: draft('Nach dem Neustart') }),
    );
    await expect.poll(() => seen.some((e) => e.id === after.id), { timeout: 5000 }).toBe(true);
  });

  test('while the listening connection is lost, the overview shows the database degraded', async () => {
    t.events.listening = false;
    try {
      const status = (await contractBody('dashboard.overview', await t.call('/dashboard/overview'))).systemStatus.find(
        (s) => s.id === 'database',
      );
      expect(status).toMatchObject({
        status: 'degraded',
        detail: expect.stringContaining('Live-Aktualisierung unterbrochen'),
      });
    } finally {
      t.events.listening = true;
    }
  });
});
