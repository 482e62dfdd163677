// A job cut off by a crash on a real PostgreSQL: a second process holds it (its lease renewed) until it is killed with
// SIGKILL; then this process takes the job over once the lease lapses and finishes it, once.
import { spawn, type ChildProcess } from 'node:child_process';
import { once } from 'node:events';
import { fileURLToPath } from 'node:url';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { openDatabase, type Database } from '../data/db/client';
import { postgresUnavailable, startPostgres, type PostgresCluster } from '../data/postgres-harness';
import { enqueue, jobState, JobWorker, type Job } from './queue';

// Skipped only on a developer machine without Debian's postgresql; in CI a missing server fails.
const unavailable = process.env.CI ? undefined : postgresUnavailable();

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe.skipIf(unavailable)('a job whose process dies (SIGKILL) mid-run', () => {
  let cluster: PostgresCluster;
  let database: Database;
  let child: ChildProcess | undefined;

  beforeAll(async () => {
    cluster = await startPostgres();
    database = await openDatabase({ databaseUrl: cluster.url });
  });
  afterAll(async () => {
    if (child?.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
    await database?.close();
    await cluster?.stop();
  });

  test('is held while the process lives, then taken over after its lease lapses and done once', async () => {
    await enqueue(database.db, {
      kind: 'test.crash',
      payload: { n: 1 },
      runAt: new Date(Date.now() - 1000),
      uniqueKey: 'crash-1',
    });
    const script = fileURLToPath(new URL('./blocking-worker.ts', import.meta.url));
    child = spawn(process.execPath, ['--import', 'tsx', script, cluster.url, 'test.crash', '3000'], {
      stdio: ['ignore', 'pipe', 'inherit'],
    });
    const running = child;
    let output = '';
    running.stdout?.on('data', (chunk: Buffer) => (output += chunk.toString()));
    await expect.poll(() => output, { timeout: 20_000, interval: 50 }).toMatch(/^claimed \d+\n/);

    const runs: Job[] = [];
    const heir = new JobWorker(
      database,
      { 'test.crash': async (job) => void runs.push(job) },
      { pollMs: 20, leaseMs: 300, workerId: 'heir' },
    );
    // Three of the child's lease periods: its renewals keep the job in its hand.
    for (const end = Date.now() + 9000; Date.now() < end; await sleep(100)) expect(await heir.runDue()).toBe(0);
    expect(await jobState(database.db, 'crash-1')).toMatchObject({ done: false, claimed: true, attempts: 1 });

    const exited = once(running, 'exit');
    process.kill(running.pid as number, 'SIGKILL');
    await exited;
    expect(running.signalCode).toBe('SIGKILL');
    heir.start();
    await expect.poll(() => runs.length, { timeout: 10_000, interval: 50 }).toBe(1);
    await heir.stop();

    expect(runs[0]).toMatchObject({ kind: 'test.crash', payload: { n: 1 }, takenOver: true, attempts: 2 });
    expect(await jobState(database.db, 'crash-1')).toMatchObject({
      done: true,
      failed: false,
      claimed: false,
      attempts: 2,
      lastError: undefined,
    });
    const { rows } = (await database.db.execute(
      sql`SELECT claimed_by FROM jobs WHERE unique_key = 'crash-1'`,
    )) as unknown as { rows: unknown[] };
    expect(rows).toEqual([{ claimed_by: 'heir' }]);
    expect(output.match(/claimed/g)).toHaveLength(1);
  });
});
