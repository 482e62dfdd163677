// The queue on the embedded database: a lease renewed while a long job runs, the signal when the claim is lost, jobs of
// different kinds side by side within each kind's concurrency, and a job's state by its key.
import { readFile } from 'node:fs/promises';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, expect, inject, test } from 'vitest';
import { openDatabase, type Database } from '../data/db/client';
import { enqueue, jobState, JobWorker, type Job, type JobHandler } from './queue';

let database: Database;
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const due = () => new Date(Date.now() - 1000);
const openJobs = async () =>
  (
    (await database.db.execute(sql`SELECT count(*)::int AS n FROM jobs WHERE done_at IS NULL`)) as unknown as {
      rows: Array<{ n: number }>;
    }
  ).rows[0].n;

beforeAll(async () => {
  database = await openDatabase({ pgliteTemplate: new Blob([await readFile(inject('pgliteTemplate'))]) });
});
afterAll(async () => {
  await database?.close();
});
beforeEach(async () => {
  await database.db.execute(sql`DELETE FROM jobs`);
});

test('a job running five lease periods is not taken over by a second worker while its lease is renewed', async () => {
  await enqueue(database.db, { kind: 'long', payload: {}, runAt: due(), uniqueKey: 'long-1' });
  let signal: AbortSignal | undefined;
  // A lease long enough that a busy CI machine's pauses (a few hundred ms) do not lapse it between two renewals.
  const first = new JobWorker(
    database,
    {
      long: async (_job, s) => {
        signal = s;
        await sleep(4000);
      },
    },
    { pollMs: 20, leaseMs: 800, workerId: 'first' },
  );
  let secondRuns = 0;
  const second = new JobWorker(
    database,
    { long: async () => void (secondRuns += 1) },
    { pollMs: 20, leaseMs: 800, workerId: 'second' },
  );
  const holding = first.runDue();
  await expect.poll(() => signal).toBeDefined();
  second.start();
  expect(await holding).toBe(1);
  await second.stop();
  expect(secondRuns).toBe(0);
  expect(signal?.aborted).toBe(false);
  expect(await jobState(database.db, 'long-1')).toMatchObject({
    done: true,
    failed: false,
    claimed: false,
    attempts: 1,
  });
});

test('a lost claim aborts the handler’s signal, and the old worker’s outcome is not written', async () => {
  await enqueue(database.db, { kind: 'long', payload: {}, runAt: due(), uniqueKey: 'lost-1' });
  let aborted = false;
  const worker = new JobWorker(
    database,
    {
      long: async (_job, signal) => {
        await database.db.execute(sql`UPDATE jobs SET claimed_by = 'other' WHERE unique_key = 'lost-1'`);
        await new Promise((resolve) => signal.addEventListener('abort', resolve));
        aborted = true;
      },
    },
    { pollMs: 20, leaseMs: 150, workerId: 'loser' },
  );
  expect(await worker.runDue()).toBe(1);
  expect(aborted).toBe(true);
  expect(await jobState(database.db, 'lost-1')).toMatchObject({ done: false, failed: false });
});

test('a handler renews its lease by hand; the renewal says whether the job is still its own', async () => {
  await enqueue(database.db, { kind: 'long', payload: {}, runAt: due(), uniqueKey: 'renew-1' });
  const answers: boolean[] = [];
  const worker: JobWorker = new JobWorker(
    database,
    {
      long: async (job) => {
        answers.push(await worker.renew(job));
        await database.db.execute(sql`UPDATE jobs SET claimed_by = 'other' WHERE unique_key = 'renew-1'`);
        answers.push(await worker.renew(job));
      },
    },
    { pollMs: 20, leaseMs: 60_000, workerId: 'renewer' },
  );
  expect(await worker.runDue()).toBe(1);
  expect(answers).toEqual([true, false]);
});

/** Handlers that sleep and record how many jobs of each kind ran at once. */
function tracked(kinds: string[], ms: number) {
  const now: Record<string, number> = {};
  const most: Record<string, number> = {};
  let mostTogether = 0;
  const handlers: Record<string, JobHandler> = {};
  for (const kind of kinds) {
    handlers[kind] = async () => {
      now[kind] = (now[kind] ?? 0) + 1;
      most[kind] = Math.max(most[kind] ?? 0, now[kind]);
      mostTogether = Math.max(
        mostTogether,
        Object.values(now).reduce((s, n) => s + n, 0),
      );
      await sleep(ms);
      now[kind] -= 1;
    };
  }
  return { handlers, most, together: () => mostTogether };
}

test('jobs of two kinds run at once; concurrency 1 never runs two of a kind at once, concurrency 2 does', async () => {
  for (let i = 0; i < 4; i += 1) {
    await enqueue(database.db, { kind: 'one', payload: { i }, runAt: due() });
    await enqueue(database.db, { kind: 'two', payload: { i }, runAt: due() });
  }
  const { handlers, most, together } = tracked(['one', 'two'], 150);
  const worker = new JobWorker(database, handlers, { pollMs: 20, concurrency: { two: 2 } });
  expect(await worker.runDue()).toBe(8);
  expect(most).toEqual({ one: 1, two: 2 });
  expect(together()).toBe(3);
  expect(await openJobs()).toBe(0);
});

test('the poll loop fills each kind’s free slots, and stop() waits for every job in hand', async () => {
  for (let i = 0; i < 3; i += 1) {
    await enqueue(database.db, { kind: 'one', payload: { i }, runAt: due() });
    await enqueue(database.db, { kind: 'two', payload: { i }, runAt: due() });
  }
  const { handlers, most, together } = tracked(['one', 'two'], 600);
  const worker = new JobWorker(database, handlers, { pollMs: 20, concurrency: { two: 3 } });
  worker.start();
  await expect.poll(() => together()).toBe(4);
  await worker.stop();
  // The jobs in hand at stop() are done; the one never claimed waits for the next start.
  expect(await openJobs()).toBe(2);
  expect(most).toEqual({ one: 1, two: 3 });
  worker.start();
  await expect.poll(openJobs, { timeout: 5000 }).toBe(0);
  await worker.stop();
});

test('jobState: a job by its key, or undefined', async () => {
  const runAt = new Date('2030-01-01T08:00:00Z');
  expect(await jobState(database.db, 'none')).toBeUndefined();
  await enqueue(database.db, { kind: 'later', payload: {}, runAt, uniqueKey: 'later-1' });
  expect(await jobState(database.db, 'later-1')).toEqual({
    done: false,
    failed: false,
    claimed: false,
    runAt,
    attempts: 0,
    lastError: undefined,
  });
  const failing = new JobWorker(
    database,
    {
      later: async () => {
        throw new Error('Kaputt');
      },
    },
    { pollMs: 20, now: () => runAt },
  );
  expect(await failing.runDue()).toBe(1);
  expect(await jobState(database.db, 'later-1', runAt)).toEqual({
    done: false,
    failed: true,
    claimed: false,
    runAt,
    attempts: 1,
    lastError: 'Kaputt',
  });
});

test('a stop with a deadline hands a job still running back at once: another worker takes it over, nothing is recorded twice', async () => {
  await enqueue(database.db, { kind: 'long', payload: {}, runAt: due(), uniqueKey: 'handback-1' });
  let aborted = false;
  const leaving = new JobWorker(
    database,
    {
      long: async (_job, signal) => {
        // Reports nothing once aborted, as a pipeline stage does.
        await new Promise((resolve) => signal.addEventListener('abort', resolve));
        aborted = true;
      },
    },
    { pollMs: 20, leaseMs: 60_000, workerId: 'leaving' },
  );
  leaving.start();
  await expect.poll(async () => (await jobState(database.db, 'handback-1'))?.claimed).toBe(true);
  const started = Date.now();
  await leaving.stop({ deadlineMs: 100 });
  // Not the minute of its lease: the claim ended with the stop.
  expect(Date.now() - started).toBeLessThan(2000);
  expect(aborted).toBe(true);
  expect(await jobState(database.db, 'handback-1')).toMatchObject({ done: false, failed: false });
  const takenOver: boolean[] = [];
  const next = new JobWorker(
    database,
    { long: async (job) => void takenOver.push(job.takenOver) },
    { pollMs: 20, leaseMs: 60_000, workerId: 'next' },
  );
  expect(await next.runDue()).toBe(1);
  expect(takenOver).toEqual([true]);
  expect(await jobState(database.db, 'handback-1')).toMatchObject({ done: true, failed: false, attempts: 2 });
});

/** Claims the job and dies with it in hand: nothing renews or ends the claim, which lapses after a short lease. */
async function dieWith(kind: string, workerId: string): Promise<void> {
  const dying = new JobWorker(database, { [kind]: async () => undefined }, { pollMs: 20, leaseMs: 50, workerId });
  expect(await dying.claim()).toBeDefined();
  await sleep(80);
}

test('a job whose worker died with it three times is given up: its kind says why, the job fails, nothing runs it', async () => {
  await enqueue(database.db, {
    kind: 'crashy',
    payload: { n: 7 },
    runAt: due(),
    uniqueKey: 'crashy-1',
    maxAttempts: 9,
  });
  for (const id of ['dead-1', 'dead-2', 'dead-3']) await dieWith('crashy', id);
  const ran: Job[] = [];
  const gaveUp: Array<{ payload: unknown; reason: string }> = [];
  const heir = new JobWorker(
    database,
    { crashy: async (job) => void ran.push(job) },
    {
      pollMs: 20,
      leaseMs: 60_000,
      workerId: 'heir',
      giveUp: { crashy: async (job, reason) => void gaveUp.push({ payload: job.payload, reason }) },
    },
  );
  expect(await heir.runDue()).toBe(1);
  expect(ran).toEqual([]);
  const reason = 'Aufgegeben: Die Instanz, die diesen Auftrag ausführte, ist 3-mal mitten in der Arbeit ausgefallen.';
  expect(gaveUp).toEqual([{ payload: { n: 7 }, reason }]);
  expect(await jobState(database.db, 'crashy-1')).toMatchObject({ done: false, failed: true, lastError: reason });
  // Failed for good: no later poll takes it again.
  expect(await heir.runDue()).toBe(0);
});

test('a give-up its kind could not record is tried again later, not dropped with the job', async () => {
  await enqueue(database.db, { kind: 'crashy', payload: {}, runAt: due(), uniqueKey: 'unrecorded-1', maxAttempts: 9 });
  for (const id of ['dead-1', 'dead-2', 'dead-3']) await dieWith('crashy', id);
  let calls = 0;
  const heir = new JobWorker(
    database,
    { crashy: async () => undefined },
    {
      pollMs: 20,
      workerId: 'heir',
      giveUp: {
        crashy: async () => {
          calls += 1;
          if (calls === 1) throw new Error('Datenbank nicht erreichbar');
        },
      },
    },
  );
  expect(await heir.runDue()).toBe(1);
  const reason = 'Aufgegeben: Die Instanz, die diesen Auftrag ausführte, ist 3-mal mitten in der Arbeit ausgefallen.';
  expect(await jobState(database.db, 'unrecorded-1')).toMatchObject({
    done: false,
    failed: false,
    lastError: `${reason} Datenbank nicht erreichbar`,
  });
  // Due again only later; made due now, the give-up runs a second time and records, and the job fails.
  expect(await heir.runDue()).toBe(0);
  await database.db.execute(
    sql`UPDATE jobs SET run_at = now() - interval '1 second' WHERE unique_key = 'unrecorded-1'`,
  );
  expect(await heir.runDue()).toBe(1);
  expect(calls).toBe(2);
  expect(await jobState(database.db, 'unrecorded-1')).toMatchObject({ done: false, failed: true, lastError: reason });
});

test('a job its worker died with twice still runs, taken over; hand-backs at shutdown do not count as deaths', async () => {
  await enqueue(database.db, { kind: 'crashy', payload: {}, runAt: due(), uniqueKey: 'twice-1' });
  for (const id of ['dead-1', 'dead-2']) await dieWith('crashy', id);
  const ran: Job[] = [];
  const heir = new JobWorker(database, { crashy: async (job) => void ran.push(job) }, { pollMs: 20, workerId: 'heir' });
  expect(await heir.runDue()).toBe(1);
  expect(ran).toMatchObject([{ takenOver: true, takeovers: 2 }]);
  expect(await jobState(database.db, 'twice-1')).toMatchObject({ done: true, failed: false });

  await enqueue(database.db, { kind: 'long', payload: {}, runAt: due(), uniqueKey: 'handed-back-1', maxAttempts: 9 });
  for (const id of ['leaving-1', 'leaving-2', 'leaving-3']) {
    const leaving = new JobWorker(
      database,
      { long: (_job, signal) => new Promise<void>((resolve) => signal.addEventListener('abort', () => resolve())) },
      { pollMs: 20, leaseMs: 60_000, workerId: id },
    );
    leaving.start();
    await expect.poll(async () => (await jobState(database.db, 'handed-back-1'))?.claimed).toBe(true);
    await leaving.stop({ deadlineMs: 50 });
  }
  const runs: Job[] = [];
  const next = new JobWorker(database, { long: async (job) => void runs.push(job) }, { pollMs: 20, workerId: 'next' });
  expect(await next.runDue()).toBe(1);
  expect(runs).toMatchObject([{ takenOver: true, takeovers: 0, attempts: 4 }]);
  expect(await jobState(database.db, 'handed-back-1')).toMatchObject({ done: true, failed: false });
});
