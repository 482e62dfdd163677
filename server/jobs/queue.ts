// A job queue on PGlite or PostgreSQL: claims take FOR UPDATE SKIP LOCKED and a renewed lease, so no job runs twice
// and a crashed worker's job is taken over once its lease lapses.
import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import type { Database, Db } from '../data/db/client';

export interface Job {
  id: number;
  kind: string;
  payload: unknown;
  /** Claims so far, this one included (a taken-over claim counts). */
  attempts: number;
  maxAttempts: number;
  /** True when an earlier claim of this job lapsed (its worker died mid-run). */
  takenOver: boolean;
  /** Claims of this job that lapsed with their worker (a hand-back at shutdown does not count). */
  takeovers: number;
}

/**
 * A job whose worker died with it in hand this many times is given up, not taken over again: it likely takes its
 * instance down (out of memory, a crash in a native library), and every instance that took it would go down in turn.
 */
const MAX_TAKEOVERS = 3;

/** A kind's give-up that failed (the database away) is tried again this much later: until it says so, a stage runs on. */
const GIVE_UP_AGAIN_MS = 5_000;

/** What a kind does when its job is given up (the run's stage, the project or the source then says why). */
export type GiveUpHandler = (job: Job, reason: string) => Promise<void>;

/** The reason a job given up after `takeovers` lapsed claims carries, in its row and with its kind's give-up. */
const gaveUpMessage = (takeovers: number) =>
  `Aufgegeben: Die Instanz, die diesen Auftrag ausführte, ist ${takeovers}-mal mitten in der Arbeit ausgefallen.`;

/** What a handler may ask for: run again later (a retryable failure, or a poll that is not finished). */
export class RetryLater extends Error {
  constructor(
    message: string,
    readonly delayMs: number,
  ) {
    super(message);
  }
}

/** Runs one job; `signal` aborts when this worker lost the job's claim (another worker has taken it over). */
export type JobHandler = (job: Job, signal: AbortSignal) => Promise<void>;

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

/** Moves a job that waits to a new time; false when there is none waiting (a worker holds it, it ended, or none). */
export async function reschedule(db: Db, uniqueKey: string, runAt: Date): Promise<boolean> {
  const result = await db.execute(sql`
    UPDATE jobs SET run_at = ${runAt.toISOString()}::timestamptz
    WHERE unique_key = ${uniqueKey} AND done_at IS NULL AND failed_at IS NULL AND claimed_by IS NULL
    RETURNING id`);
  return rowsOf(result).length > 0;
}

export interface JobState {
  done: boolean;
  failed: boolean;
  /** A worker holds the job under a live lease (it runs now); false once the lease lapsed. */
  claimed: boolean;
  runAt: Date;
  attempts: number;
  lastError: string | undefined;
}

/** Where the job with this unique key stands, or undefined when there is none. */
export async function jobState(db: Db, uniqueKey: string, now: Date = new Date()): Promise<JobState | undefined> {
  const result = await db.execute(sql`
    SELECT done_at IS NOT NULL AS done, failed_at IS NOT NULL AS failed,
      (claimed_by IS NOT NULL AND claimed_until >= ${now.toISOString()}::timestamptz) AS claimed, run_at, attempts, last_error
    FROM jobs WHERE unique_key = ${uniqueKey}`);
  const row = rowsOf(result)[0];
  if (!row) return undefined;
  return {
    done: row.done === true,
    failed: row.failed === true,
    claimed: row.claimed === true,
    runAt: new Date(row.run_at as string | Date),
    attempts: Number(row.attempts),
    lastError: row.last_error == null ? undefined : String(row.last_error),
  };
}

const rowsOf = (result: unknown): Record<string, unknown>[] => (result as { rows: Record<string, unknown>[] }).rows;

export interface WorkerOptions {
  /** How often the worker looks for due jobs (setting NEWSDESK_JOB_POLL_MS). */
  pollMs: number;
  /** How long a claim holds without renewal; the worker renews it every third of this while the job runs. */
  leaseMs?: number;
  /** Alias of leaseMs, used when leaseMs is not set. */
  claimTimeoutMs?: number;
  /** Jobs of one kind this worker runs at the same time (1 for a kind not named). */
  concurrency?: Record<string, number>;
  /** What a kind does when its job is given up after MAX_TAKEOVERS lapsed claims (the job fails either way). */
  giveUp?: Record<string, GiveUpHandler>;
  now?: () => Date;
  workerId?: string;
}

interface Held {
  job: Job;
  controller: AbortController;
  renewedAt: number;
  /** Handed back at shutdown: its end is not recorded here. */
  released?: boolean;
}

/** Polls for due jobs and runs them with their kind's handler, up to the kind's concurrency at a time. */
export class JobWorker {
  readonly id: string;
  private readonly leaseMs: number;
  private readonly held = new Map<number, Held>();
  private readonly inHand = new Set<Promise<void>>();
  private readonly busy = new Map<string, number>();
  // Claims of one worker take turns, so two loops never both fill the same free slot.
  private claimTurn: Promise<unknown> = Promise.resolve();
  private timer: ReturnType<typeof setTimeout> | undefined;
  private polling: Promise<void> | undefined;
  private pollAgain = false;
  private stopped = true;

  constructor(
    private readonly database: Database,
    private readonly handlers: Record<string, JobHandler>,
    private readonly options: WorkerOptions,
  ) {
    this.id = options.workerId ?? randomUUID();
    this.leaseMs = options.leaseMs ?? options.claimTimeoutMs ?? 30_000;
  }

  private now(): Date {
    return this.options.now?.() ?? new Date();
  }

  private freeKinds(): string[] {
    return Object.keys(this.handlers).filter(
      (kind) => (this.busy.get(kind) ?? 0) < (this.options.concurrency?.[kind] ?? 1),
    );
  }

  /** Claims one due job of these kinds (or none) in one statement: the row lock is held only while the claim is written. */
  async claim(kinds: string[] = Object.keys(this.handlers)): Promise<Job | undefined> {
    if (kinds.length === 0) return undefined;
    const now = this.now().toISOString();
    const until = new Date(this.now().getTime() + this.leaseMs).toISOString();
    const result = await this.database.db.execute(sql`
      UPDATE jobs SET claimed_by = ${this.id}, claimed_until = ${until}::timestamptz, attempts = attempts + 1,
        takeovers = takeovers + CASE WHEN claimed_by IS NOT NULL THEN 1 ELSE 0 END,
        last_error = CASE WHEN claimed_by IS NOT NULL THEN 'taken-over' ELSE last_error END
      WHERE id = (
        SELECT id FROM jobs
        WHERE done_at IS NULL AND failed_at IS NULL AND run_at <= ${now}::timestamptz
          AND kind IN (${sql.join(
            kinds.map((k) => sql`${k}`),
            sql`, `,
          )})
          AND (claimed_until IS NULL OR claimed_until < ${now}::timestamptz)
        ORDER BY run_at, id
        FOR UPDATE SKIP LOCKED
        LIMIT 1)
      RETURNING id, kind, payload, attempts, max_attempts, takeovers, last_error`);
    const row = rowsOf(result)[0];
    if (!row) return undefined;
    return {
      id: Number(row.id),
      kind: String(row.kind),
      payload: typeof row.payload === 'string' ? (JSON.parse(row.payload) as unknown) : row.payload,
      attempts: Number(row.attempts),
      maxAttempts: Number(row.max_attempts),
      takenOver: row.last_error === 'taken-over',
      takeovers: Number(row.takeovers),
    };
  }

  /** Extends the lease of a job this worker runs; false, and the handler's signal aborted, when the claim is gone. */
  async renew(job: Job): Promise<boolean> {
    const held = this.held.get(job.id);
    if (!held || held.controller.signal.aborted) return false;
    const until = new Date(this.now().getTime() + this.leaseMs).toISOString();
    try {
      const result = await this.database.db.execute(sql`
        UPDATE jobs SET claimed_until = ${until}::timestamptz
        WHERE id = ${job.id} AND claimed_by = ${this.id} AND attempts = ${job.attempts} AND done_at IS NULL AND failed_at IS NULL
        RETURNING id`);
      if (rowsOf(result).length > 0) {
        held.renewedAt = Date.now();
        return true;
      }
      held.controller.abort(new Error(`Job ${job.id} wurde von einer anderen Instanz übernommen.`));
    } catch (error) {
      console.error('[jobs] Verlängern fehlgeschlagen:', (error as Error).message);
      // Unreachable for a whole lease: another worker may have taken the job by now.
      if (Date.now() - held.renewedAt >= this.leaseMs)
        held.controller.abort(new Error(`Die Übernahmefrist von Job ${job.id} ist abgelaufen.`));
    }
    return false;
  }

  /** Claims a due job of a kind with a free slot and starts it; resolves to its run (boxed: an async function would await it), or undefined. */
  private async claimNext(): Promise<{ run: Promise<void> } | undefined> {
    const claimed = this.claimTurn.then(async () => {
      const job = await this.claim(this.freeKinds());
      if (job) this.busy.set(job.kind, (this.busy.get(job.kind) ?? 0) + 1);
      return job;
    });
    this.claimTurn = claimed.catch(() => undefined);
    const job = await claimed;
    if (!job) return undefined;
    // A run never rejects: nobody may be awaiting it (the poll loop), and the job's row says how it ended.
    const run = this.execute(job)
      .catch((error: unknown) => console.error(`[jobs] Job ${job.id} (${job.kind}):`, (error as Error).message))
      .finally(() => {
        this.busy.set(job.kind, (this.busy.get(job.kind) ?? 1) - 1);
        this.inHand.delete(run);
        this.wake();
      });
    this.inHand.add(run);
    return { run };
  }

  /** Runs every due job now (tests call it) and resolves to the number of jobs it ran. */
  async runDue(): Promise<number> {
    let count = 0;
    const mine = new Set<Promise<void>>();
    for (;;) {
      const started = await this.claimNext();
      if (started) {
        const { run } = started;
        count += 1;
        mine.add(run);
        void run.then(() => mine.delete(run));
        continue;
      }
      // Nothing claimable: wait while a job of ours, or one holding a full kind's slot, may free the way to more.
      const waitFor =
        mine.size > 0 ? mine : this.freeKinds().length < Object.keys(this.handlers).length ? this.inHand : undefined;
      if (!waitFor || waitFor.size === 0) return count;
      await Promise.race(waitFor);
    }
  }

  /** Runs in place of the handler of a job given up: its kind says so where the operator looks, and the job fails. */
  private readonly giveUp: JobHandler = async (job) => {
    const reason = gaveUpMessage(job.takeovers);
    console.error(`[jobs] Job ${job.id} (${job.kind}): ${reason}`);
    try {
      await this.options.giveUp?.[job.kind]?.(job, reason);
    } catch (error) {
      throw new RetryLater(`${reason} ${error instanceof Error ? error.message : String(error)}`, GIVE_UP_AGAIN_MS);
    }
    throw new Error(reason);
  };

  private async execute(job: Job): Promise<void> {
    const { db } = this.database;
    const handler = job.takeovers >= MAX_TAKEOVERS ? this.giveUp : this.handlers[job.kind];
    const controller = new AbortController();
    const held: Held = { job, controller, renewedAt: Date.now() };
    this.held.set(job.id, held);
    const renewal = setInterval(() => void this.renew(job), Math.max(1, Math.floor(this.leaseMs / 3)));
    const mine = sql`id = ${job.id} AND claimed_by = ${this.id} AND attempts = ${job.attempts}`;
    try {
      await handler(job, controller.signal);
      clearInterval(renewal);
      // Handed back at shutdown: whoever takes it over decides how it ends.
      if (held.released) return;
      await db.execute(
        sql`UPDATE jobs SET done_at = ${this.now().toISOString()}::timestamptz, claimed_until = NULL, last_error = NULL WHERE ${mine}`,
      );
    } catch (error) {
      clearInterval(renewal);
      if (held.released) return;
      const message = error instanceof Error ? error.message : String(error);
      if (error instanceof RetryLater && job.attempts < job.maxAttempts) {
        const runAt = new Date(this.now().getTime() + error.delayMs).toISOString();
        await db.execute(
          sql`UPDATE jobs SET run_at = ${runAt}::timestamptz, claimed_by = NULL, claimed_until = NULL, last_error = ${message} WHERE ${mine}`,
        );
      } else {
        await db.execute(
          sql`UPDATE jobs SET failed_at = ${this.now().toISOString()}::timestamptz, claimed_until = NULL, last_error = ${message} WHERE ${mine}`,
        );
      }
    } finally {
      clearInterval(renewal);
      this.held.delete(job.id);
    }
  }

  start(): void {
    if (!this.stopped) return;
    this.stopped = false;
    this.schedule(0);
  }

  private schedule(delayMs: number): void {
    if (this.stopped) return;
    clearTimeout(this.timer);
    this.timer = setTimeout(() => {
      this.polling = this.poll().finally(() => {
        this.polling = undefined;
        this.schedule(this.pollAgain ? 0 : this.options.pollMs);
        this.pollAgain = false;
      });
    }, delayMs);
  }

  /** Looks for due jobs now rather than at the next poll (a job was just queued on this instance); nothing once stopped. */
  nudge(): void {
    this.wake();
  }

  /** A freed slot is filled at once rather than at the next poll. */
  private wake(): void {
    if (this.polling) this.pollAgain = true;
    else this.schedule(0);
  }

  private async poll(): Promise<void> {
    try {
      let started = true;
      while (!this.stopped && started) started = (await this.claimNext()) !== undefined;
    } catch (error) {
      console.error('[jobs] Fehler beim Abarbeiten:', (error as Error).message, (error as Error).cause);
    }
  }

  /** Stops polling and waits for jobs in hand; past `deadlineMs` a job is handed back (lease ended, its signal aborted). */
  async stop(options: { deadlineMs?: number } = {}): Promise<void> {
    this.stopped = true;
    clearTimeout(this.timer);
    await this.polling;
    if (options.deadlineMs === undefined) {
      while (this.inHand.size > 0) await Promise.allSettled([...this.inHand]);
      return;
    }
    let timer: ReturnType<typeof setTimeout> | undefined;
    const deadline = new Promise<'late'>((resolve) => (timer = setTimeout(() => resolve('late'), options.deadlineMs)));
    const drained = (async () => {
      while (this.inHand.size > 0) await Promise.allSettled([...this.inHand]);
      return 'done' as const;
    })();
    const outcome = await Promise.race([drained, deadline]);
    clearTimeout(timer);
    if (outcome === 'done') return;
    for (const held of [...this.held.values()]) {
      const { job, controller } = held;
      held.released = true;
      controller.abort(new Error(`Job ${job.id} wurde beim Herunterfahren abgegeben.`));
      await this.database.db
        .execute(
          // Handed back, not lost with its worker: the next claim's takeover does not count towards giving up.
          sql`UPDATE jobs SET claimed_until = ${new Date(this.now().getTime() - 1).toISOString()}::timestamptz, takeovers = takeovers - 1 WHERE id = ${job.id} AND claimed_by = ${this.id} AND attempts = ${job.attempts} AND done_at IS NULL AND failed_at IS NULL`,
        )
        .catch((error: unknown) => console.error('[jobs] Abgeben fehlgeschlagen:', (error as Error).message));
    }
  }
}
