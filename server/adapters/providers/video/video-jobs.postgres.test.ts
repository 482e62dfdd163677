// The video poller on a real PostgreSQL (a temp cluster of Debian's postgresql 15): two instances share the open jobs.
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { startHeygenFake, type HeygenFake } from '../../../../tests/fakes/heygen';
import { openDatabase, type Database } from '../../../data/db/client';
import { postgresUnavailable, startPostgres, type PostgresCluster } from '../../../data/postgres-harness';
import { contractBody, createTestApp, type TestApp } from '../../../testing';
import { createCredentials } from '../credentials';
import { pollDueVideoJobs } from './jobs';

// Skipped only on a developer machine without Debian's postgresql; in CI (.ci/run installs it) a missing server fails.
const unavailable = process.env.CI ? undefined : postgresUnavailable();

describe.skipIf(unavailable)('video jobs with two instances on one PostgreSQL', () => {
  let cluster: PostgresCluster;
  let databases: Database[] = [];
  let heygen: HeygenFake;
  let a: TestApp;
  let b: TestApp;
  const credentials = () =>
    createCredentials({
      HEYGEN_API_URL: heygen.url,
      HEYGEN_API_KEY: 'hg-pg-key-0123',
      VIDEO_POLL_INTERVAL_MS: '60000',
    });

  beforeAll(async () => {
    // A port of the video range.
    heygen = await startHeygenFake(0, { apiKey: 'hg-pg-key-0123', pollsUntilDone: 3 });
    cluster = await startPostgres();
    databases = await Promise.all([
      openDatabase({ databaseUrl: cluster.url }),
      openDatabase({ databaseUrl: cluster.url }),
    ]);
    a = await createTestApp({ database: databases[0], credentials: credentials() });
    b = await createTestApp({ database: databases[1], credentials: credentials() });
  });
  afterAll(async () => {
    await a?.close();
    await b?.close();
    await Promise.all(databases.map((d) => d.close()));
    await cluster?.stop();
    await heygen?.close();
  });

  test('both instances poll at once: every job is asked exactly once per round (FOR UPDATE SKIP LOCKED), then completes', async () => {
    const ids: string[] = [];
    for (let i = 0; i < 6; i++) {
      const created = await contractBody(
        'video.providerGenerate',
        await a.call('/video/heygen/generate', {
          method: 'POST',
          json: { avatar: 'Angela-inTshirt-20220820', script: `Meldung ${i}`, voice: 'german-male-1' },
        }),
      );
      ids.push(created.id);
    }
    const depsOf = (t: TestApp, database: Database) => ({
      database,
      events: t.events,
      credentials: credentials(),
    });
    for (let round = 1; round <= 3; round++) {
      await databases[0].db.execute(
        sql`UPDATE video_jobs SET next_poll_at = now() - interval '1 second' WHERE state = 'following'`,
      );
      const statusCalls = heygen.requests.filter((r) => r.path === '/v1/video_status.get').length;
      // Each instance takes at most 4 per round, so both must take part to cover all six.
      const [fromA, fromB] = await Promise.all([
        pollDueVideoJobs(depsOf(a, databases[0]), 4),
        pollDueVideoJobs(depsOf(b, databases[1]), 4),
      ]);
      expect(fromA + fromB).toBe(6);
      const asked = heygen.requests
        .filter((r) => r.path === '/v1/video_status.get')
        .slice(statusCalls)
        .map((r) => r.query.get('video_id'));
      expect(new Set(asked).size).toBe(6);
      expect(asked).toHaveLength(6);
    }
    const projects = await contractBody('video.projects', await b.call('/video/projects'));
    expect(projects.filter((p) => ids.includes(p.id)).map((p) => p.status)).toEqual(Array(6).fill('completed'));
  });
});
