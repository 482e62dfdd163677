// A PostgreSQL-backed job queue (kind + payload + run_at) that works the same on PGlite and on PostgreSQL: a worker
// claims one due job with FOR UPDATE SKIP LOCKED, so two instances never take the same job; a claim that outlives its
// timeout (a crashed worker) is taken over; a finished job is marked done and never runs again.
import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import type { Database, Db } from '../db/client';

export interface Job {
  id: number;
  kind: string;
  payload: unknown;
  attempts: number;
  maxAttempts: number;
  /** True when an earlier claim of this job expired (its worker died mid-run). */
  takenOver: boolean;
}

/** What a handler may ask for: run again later (a retryable failure, or a poll that is not finished). */
export class RetryLater extends Error {
  constructor(message: string, readonly delayMs: number) {
    super(message);
  }
}

export type JobHandler = (job: Job) => Promise<void>;

export interface EnqueueOptions {
  kind: string;
  payload: unknown;
  runAt: Date;
  /** A job with this key exists at most once; enqueueing it again moves its time (while it has not run). */
  uniqueKey?: string;
  maxAttempts?: number;
}

export async function enqueue(db: Db, job: EnqueueOptions): Promise<void> {
  await db.execute(sql`
    INSERT INTO jobs (kind, payload, run_at, unique_key, max_attempts)
    VALUES (${job.kind}, ${JSON.stringify(job.payload)}::jsonb, ${job.runAt.toISOString()}::timestamptz, ${job.uniqueKey ?? null}, ${job.maxAttempts ?? 5})
    ON CONFLICT (unique_key) DO UPDATE SET run_at = EXCLUDED.run_at, payload = EXCLUDED.payload
      WHERE jobs.done_at IS NULL AND jobs.failed_at IS NULL AND jobs.claimed_by IS NULL`);
}

/** Removes a job that has not started (a scheduled post deleted or published by hand). */
export async function cancelJob(db: Db, uniqueKey: string): Promise<void> {
  await db.execute(sql`DELETE FROM jobs WHERE unique_key = ${uniqueKey} AND done_at IS NULL AND claimed_by IS NULL`);
}

const rowsOf = (result: unknown): Record<string, unknown>[] => (result as { rows: Record<string, unknown>[] }).rows;

export interface WorkerOptions {
  /** How often the worker looks for due jobs (setting NEWSDESK_JOB_POLL_MS). */
  pollMs: number;
  /** How long a claim holds before another worker may take the job over. */
  claimTimeoutMs?: number;
  now?: () => Date;
  workerId?: string;
}

/** Polls for due jobs and runs them with their kind's handler, one at a time per worker. */
export class JobWorker {
  readonly id: string;
  private timer: ReturnType<typeof setTimeout> | undefined;
  private running: Promise<void> | undefined;
  private stopped = true;

  constructor(
    private readonly database: Database,
    private readonly handlers: Record<string, JobHandler>,
    private readonly options: WorkerOptions,
  ) {
    this.id = options.workerId ?? randomUUID();
  }

  private now(): Date {
    return this.options.now?.() ?? new Date();
  }

  /** Claims one due job (or none) in one statement: the row lock is held only while the claim is written. */
  async claim(): Promise<Job | undefined> {
    const now = this.now().toISOString();
    const until = new Date(this.now().getTime() + (this.options.claimTimeoutMs ?? 5 * 60_000)).toISOString();
    const kinds = Object.keys(this.handlers);
    if (kinds.length === 0) return undefined;
    const result = await this.database.db.execute(sql`
      UPDATE jobs SET claimed_by = ${this.id}, claimed_until = ${until}::timestamptz, attempts = attempts + 1,
        last_error = CASE WHEN claimed_by IS NOT NULL THEN 'taken-over' ELSE last_error END
      WHERE id = (
        SELECT id FROM jobs
        WHERE done_at IS NULL AND failed_at IS NULL AND run_at <= ${now}::timestamptz
          AND kind IN (${sql.join(kinds.map((k) => sql`${k}`), sql`, `)})
          AND (claimed_until IS NULL OR claimed_until < ${now}::timestamptz)
        ORDER BY run_at, id
        FOR UPDATE SKIP LOCKED
        LIMIT 1)
      RETURNING id, kind, payload, attempts, max_attempts, last_error`);
    const row = rowsOf(result)[0];
    if (!row) return undefined;
    return {
      id: Number(row.id),
      kind: String(row.kind),
      payload: typeof row.payload === 'string' ? (JSON.parse(row.payload) as unknown) : row.payload,
      attempts: Number(row.attempts),
      maxAttempts: Number(row.max_attempts),
      takenOver: row.last_error === 'taken-over',
    };
  }

  /** Runs every due job now (tests call it; the poll loop calls it too). Resolves to the number of jobs run. */
  async runDue(): Promise<number> {
    let count = 0;
    for (;;) {
      const job = await this.claim();
      if (!job) return count;
      count += 1;
      await this.execute(job);
    }
  }

  private async execute(job: Job): Promise<void> {
    const { db } = this.database;
    const handler = this.handlers[job.kind];
    try {
      await handler(job);
      await db.execute(sql`UPDATE jobs SET done_at = ${this.now().toISOString()}::timestamptz, claimed_until = NULL, last_error = NULL WHERE id = ${job.id} AND claimed_by = ${this.id}`);
    } catch (error) {
      const message = error instanceof Error ? error.message : String(error);
      if (error instanceof RetryLater && job.attempts < job.maxAttempts) {
        const runAt = new Date(this.now().getTime() + error.delayMs).toISOString();
        await db.execute(sql`UPDATE jobs SET run_at = ${runAt}::timestamptz, claimed_by = NULL, claimed_until = NULL, last_error = ${message} WHERE id = ${job.id} AND claimed_by = ${this.id}`);
      } else {
        await db.execute(sql`UPDATE jobs SET failed_at = ${this.now().toISOString()}::timestamptz, claimed_until = NULL, last_error = ${message} WHERE id = ${job.id} AND claimed_by = ${this.id}`);
      }
    }
  }

  start(): void {
    if (!this.stopped) return;
    this.stopped = false;
    const tick = () => {
      if (this.stopped) return;
      this.running = this.runDue()
        .then(() => undefined)
        .catch((error: unknown) => console.error('[jobs] Fehler beim Abarbeiten:', (error as Error).message))
        .finally(() => {
          if (!this.stopped) this.timer = setTimeout(tick, this.options.pollMs);
        });
    };
    tick();
  }

  /** Stops polling and waits for the job in hand to finish (a graceful restart leaves no job half-done). */
  async stop(): Promise<void> {
    this.stopped = true;
    if (this.timer) clearTimeout(this.timer);
    await this.running;
  }
}
