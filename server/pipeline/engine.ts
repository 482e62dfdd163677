// The desk's own engine: a run's five stages as jobs on the PostgreSQL queue, each reporting started, finished, failed
// or skipped exactly as n8n's stage events do, so Monitoring does not care who orchestrates. A stage has a time limit;
// a stage cut off by a crash is taken over by the next instance once its lease lapses; Retry starts at the failed stage
// and reuses what the earlier stages made. n8n, when there, asks for single stages (requestStage) and is called back.
import { recordAudit, summarize } from '../identity/audit';
import { and, desc, eq, sql } from 'drizzle-orm';
import { RUN_STAGES, type Run, type RunArtefact, type RunStageName } from '../../src/contract';
import { resumeN8n } from '../adapters/n8n/resume';
import type { Deps } from '../context';
import { runArtefacts, runs, runStages, sources } from '../data/db/schema';
import { HttpError, notFound } from '../http/errors';
import { enqueue, JobWorker, type Job } from '../jobs/queue';
import { addArtefacts, appendLog, createRun, getRun, recordStageEvent } from '../routes/workflow/workflow.queries';
import { readSettings } from '../data/settings';
import { abandonPoll, claimDueSources, pollSource } from '../sources/poll';
import { getSource } from '../sources/store';
import { REJECTED_REASON } from './publication';
import { StageSkipped, StageWaiting, type StageContext } from './stage';
import { runStage } from './stages';
import { giveUpLocalVideoJob, LOCAL_VIDEO_JOB, runLocalVideoJob } from './studio-render';

export type EngineDeps = Pick<
  Deps,
  'database' | 'events' | 'credentials' | 'mediaDir' | 'social' | 'publicUrl' | 'obs'
> & { n8nBaseUrl?: string };

export interface EngineOptions {
  /** Private and loopback feed addresses may be read (tests; intranet feeds). */
  allowPrivate: boolean;
  /** How often each source is read. */
  sourceIntervalMs: number;
  /** How often this instance looks for due sources and the schedule. */
  tickMs: number;
  pollMs: number;
  /** The claim of a running stage lapses this long after the last renewal (a crashed instance's stage is taken over). */
  leaseMs: number;
  stageLimitsMs?: Partial<Record<RunStageName, number>>;
  fetch?: typeof fetch;
}

/** The SPEC's default trigger parameters (a scheduled run starts with them). */
export const DEFAULT_PARAMS = {
  topic: 'Breaking News',
  language: 'de',
  voice: 'german-female-1',
  platforms: ['youtube', 'facebook', 'telegram'],
  urgency: 'normal',
  category: 'general',
};

export const STAGE_LIMITS_MS: Record<RunStageName, number> = {
  Scraper: 120_000,
  'AI Analyse': 180_000,
  TTS: 300_000,
  'Video Gen': 1_800_000,
  'Social Post': 300_000,
};

interface StagePayload {
  runId: string;
  stage: RunStageName;
  /** Go on with the next stage afterwards (the desk's own runs); n8n's requests do one stage. */
  chain: boolean;
  resumeUrl?: string;
  /** Taken up again after the desk's review (not after a crash). */
  reviewed?: boolean;
  /** The job carrying this payload (in memory only): its row holds the newest resume address n8n gave for it. */
  jobId?: number;
}

const STAGE_JOB = 'pipeline.stage';
const POLL_JOB = 'sources.poll';
const SCHEDULE_JOB = 'pipeline.schedule';

class StageTimeout extends Error {}

export class PipelineEngine {
  private readonly worker: JobWorker;
  private ticker: ReturnType<typeof setInterval> | undefined;

  constructor(
    private readonly deps: EngineDeps,
    private readonly options: EngineOptions,
  ) {
    this.worker = new JobWorker(
      deps.database,
      {
        [STAGE_JOB]: (job, signal) => this.handleStage(job, signal),
        [POLL_JOB]: (job) => this.handlePoll(job),
        [SCHEDULE_JOB]: () => this.handleSchedule(),
        // Video Studio's local platform: the same speech and render as the stages (one render at a time per instance).
        [LOCAL_VIDEO_JOB]: (job, signal) => runLocalVideoJob(this.deps, job, signal),
      },
      {
        pollMs: options.pollMs,
        leaseMs: options.leaseMs,
        concurrency: { [STAGE_JOB]: 2, [POLL_JOB]: 4, [SCHEDULE_JOB]: 1, [LOCAL_VIDEO_JOB]: 1 },
        giveUp: {
          [STAGE_JOB]: (job, reason) => this.giveUpStage(job, reason),
          [POLL_JOB]: (job, reason) => abandonPoll(this.db, (job.payload as { sourceId: string }).sourceId, reason),
          [LOCAL_VIDEO_JOB]: (job, reason) => giveUpLocalVideoJob(this.deps, job, reason),
        },
      },
    );
  }

  private get db() {
    return this.deps.database.db;
  }

  start(): void {
    this.worker.start();
    void this.tick();
    this.ticker = setInterval(() => void this.tick(), this.options.tickMs);
  }

  /** Stops; with a deadline, a stage still running then is handed to another instance at once. */
  async stop(options: { deadlineMs?: number } = {}): Promise<void> {
    if (this.ticker) clearInterval(this.ticker);
    await this.worker.stop(options);
  }

  /** Due sources go to the queue (each claimed by one instance), and the schedule's current slot once. */
  async tick(now = new Date()): Promise<void> {
    try {
      const due = await claimDueSources(this.db, { now, holdMs: this.options.sourceIntervalMs, limit: 50 });
      for (const source of due)
        await enqueue(this.db, {
          kind: POLL_JOB,
          payload: { sourceId: source.id },
          runAt: now,
          uniqueKey: `sources.poll:${source.id}:${now.getTime()}`,
          maxAttempts: 1,
        });
      const { schedule } = await readSettings(this.db);
      if (schedule.enabled) {
        const every = schedule.everyMinutes * 60_000;
        const slot = Math.floor(now.getTime() / every);
        await enqueue(this.db, {
          kind: SCHEDULE_JOB,
          payload: { slot },
          runAt: now,
          uniqueKey: `pipeline.schedule:${schedule.everyMinutes}:${slot}`,
          maxAttempts: 1,
        });
      }
    } catch (error) {
      console.error('[pipeline] Zeitplan/Quellen:', (error as Error).message);
    }
  }

  /** Runs every due job now (tests). */
  runDue(): Promise<number> {
    return this.worker.runDue();
  }

  // --- sources -------------------------------------------------------------------------------------------------

  private async handlePoll(job: Job): Promise<void> {
    const { sourceId } = job.payload as { sourceId: string };
    const source = await getSource(this.db, sourceId);
    if (!source || !source.enabled) return;
    await pollSource(this.db, source, {
      allowPrivate: this.options.allowPrivate,
      intervalMs: this.options.sourceIntervalMs,
    });
    await this.deps.events.publish({ topic: 'sources', action: 'updated', id: sourceId });
  }

  /** „Jetzt abrufen“: reads the given sources (all enabled ones without ids) now, four at a time. */
  async pollNow(ids?: string[]): Promise<void> {
    const rows = ids
      ? (await Promise.all(ids.map((id) => getSource(this.db, id)))).filter((r) => r !== undefined)
      : await this.db.select().from(sources).where(eq(sources.enabled, true));
    const queue = [...rows];
    const worker = async () => {
      for (let source = queue.shift(); source; source = queue.shift()) {
        await pollSource(this.db, source, {
          allowPrivate: this.options.allowPrivate,
          intervalMs: this.options.sourceIntervalMs,
        });
      }
    };
    await Promise.all(Array.from({ length: Math.min(4, rows.length) }, worker));
    await this.deps.events.publish({ topic: 'sources', action: 'updated' });
  }

  /** Sources not read for a while are read before the Scraper picks (a fresh desk has no items yet). */
  async refreshStale(maxAgeMs: number): Promise<void> {
    const cutoff = new Date(Date.now() - maxAgeMs).toISOString();
    const stale = await this.db
      .select({ id: sources.id })
      .from(sources)
      .where(
        and(
          eq(sources.enabled, true),
          sql`(${sources.lastFetchAt} IS NULL OR ${sources.lastFetchAt} < ${cutoff}::timestamptz) AND (${sources.notBefore} IS NULL OR ${sources.notBefore} <= now() OR ${sources.lastFetchAt} IS NULL)`,
        ),
      );
    if (stale.length > 0) await this.pollNow(stale.map((s) => s.id));
  }

  // --- runs ----------------------------------------------------------------------------------------------------

  private async handleSchedule(): Promise<void> {
    const { schedule } = await readSettings(this.db);
    if (!schedule.enabled) return;
    const run = await this.startRun({
      workflowId: 'ai-news',
      params: { ...DEFAULT_PARAMS, source: 'newsdesk-schedule' },
    });
    await recordAudit(this.deps.database, {
      actor: { kind: 'system', userId: null, name: 'Zeitplan' },
      action: 'workflow.trigger',
      targetId: run.id,
      summary: summarize({ topic: run.topic }),
      status: 201,
    });
  }

  /** Starts a run on the desk's own engine at its first stage (or, for a manual action, at a later one). */
  async startRun(input: {
    workflowId: string;
    params: Record<string, unknown>;
    from?: RunStageName;
    carryFrom?: Run;
    topic?: string;
  }): Promise<Run> {
    const topic =
      input.topic ??
      (typeof input.params.topic === 'string' && input.params.topic.trim()
        ? input.params.topic.trim()
        : DEFAULT_PARAMS.topic);
    const { run } = await createRun(this.db, {
      workflowId: input.workflowId,
      topic,
      engine: 'desk',
      params: input.params,
    });
    const from = input.from ?? 'Scraper';
    if (input.carryFrom) {
      // A manual redo takes over what the earlier stages of the newest run made.
      const carried = await this.db.select().from(runArtefacts).where(eq(runArtefacts.runId, input.carryFrom.id));
      const earlier = RUN_STAGES.slice(0, RUN_STAGES.indexOf(from));
      for (const stage of earlier) {
        await addArtefacts(
          this.db,
          run.id,
          stage,
          carried
            .filter((a) => a.stage === stage)
            .map((a) => ({
              kind: a.kind as RunArtefact['kind'],
              id: a.refId,
              title: a.title,
              ...(a.url ? { url: a.url } : {}),
            })),
        );
        await recordStageEvent(this.db, run.id, {
          stage,
          state: 'skipped',
          reason: `Übernommen aus Run ${input.carryFrom.id}`,
        });
      }
    }
    await appendLog(this.db, run.id, 'Gestartet auf der Engine des Desks (ohne n8n)');
    await this.enqueueStage({ runId: run.id, stage: from, chain: true });
    await this.deps.events.publish({ topic: 'workflow', action: 'created', id: run.id });
    return (await getRun(this.db, run.id)) as Run;
  }

  private async enqueueStage(payload: StagePayload): Promise<void> {
    // One job per stage attempt: a retry is a new attempt, a duplicate request for the same attempt is not.
    const [{ n }] = (
      (await this.db.execute(
        sql`SELECT count(*)::int AS n FROM jobs WHERE kind = ${STAGE_JOB} AND payload->>'runId' = ${payload.runId} AND payload->>'stage' = ${payload.stage}`,
      )) as unknown as { rows: Array<{ n: number }> }
    ).rows;
    await enqueue(this.db, {
      kind: STAGE_JOB,
      payload,
      runAt: new Date(),
      uniqueKey: `pipeline.stage:${payload.runId}:${payload.stage}:${n + 1}`,
      maxAttempts: 3,
    });
  }

  /** Retry of a failed desk run: from the failed stage on, with what the earlier stages made. */
  async retry(runId: string): Promise<Run> {
    const run = await getRun(this.db, runId);
    if (!run) throw notFound('Run');
    if (run.status === 'rejected')
      throw new HttpError(409, 'Ein abgelehnter Run kann nicht wiederholt werden.', 'not_retryable');
    if (run.status !== 'failed')
      throw new HttpError(409, 'Nur fehlgeschlagene Läufe können wiederholt werden.', 'not_retryable');
    const failed = run.stages.find((s) => s.state === 'failed') ?? run.stages.find((s) => s.state === 'pending');
    if (!failed) throw new HttpError(409, 'Dieser Lauf hat keine fehlgeschlagene Stufe.', 'not_retryable');
    const from = RUN_STAGES.indexOf(failed.stage);
    for (const stage of RUN_STAGES.slice(from)) {
      await this.db
        .update(runStages)
        .set({ state: 'pending', startedAt: null, finishedAt: null, durationMs: null, error: null, reason: null })
        .where(and(eq(runStages.runId, runId), eq(runStages.stage, stage)));
      await this.db.delete(runArtefacts).where(and(eq(runArtefacts.runId, runId), eq(runArtefacts.stage, stage)));
    }
    await appendLog(this.db, runId, `Retry ab ${failed.stage}`, { status: 'running', finishedAt: null });
    await this.enqueueStage({ runId, stage: failed.stage, chain: true });
    await this.deps.events.publish({ topic: 'workflow', action: 'updated', id: runId });
    return (await getRun(this.db, runId)) as Run;
  }

  /** n8n asks for one stage; the answer goes to its Wait node's resume address when the stage is done. */
  async requestStage(runId: string, stage: RunStageName, resumeUrl: string | undefined): Promise<void> {
    const run = await getRun(this.db, runId);
    if (!run) throw notFound('Run');
    // A failed run asked again is n8n's retry of its failed execution: the stage's 'started' reopens the run.
    if (run.status !== 'running' && run.status !== 'failed')
      throw new HttpError(409, 'Der Run läuft nicht mehr.', 'not_running');
    if (resumeUrl !== undefined) {
      const base = this.deps.n8nBaseUrl;
      if (!base || new URL(resumeUrl).origin !== new URL(base).origin)
        throw new HttpError(400, 'Die Rücksprungadresse gehört nicht zum konfigurierten n8n.', 'resume_url');
    }
    if (run.stages.find((s) => s.stage === stage)?.state === 'failed') {
      // Asked again after failing (n8n's retry): the stage runs anew in a job of its own rather than answering its old
      // failure (the failed attempt's job, still closing, answers only the address it was given).
      await this.db
        .update(runStages)
        .set({ state: 'pending', startedAt: null, finishedAt: null, durationMs: null, error: null, reason: null })
        .where(and(eq(runStages.runId, runId), eq(runStages.stage, stage)));
      await this.db.delete(runArtefacts).where(and(eq(runArtefacts.runId, runId), eq(runArtefacts.stage, stage)));
      await this.enqueueStage({ runId, stage, chain: false, ...(resumeUrl ? { resumeUrl } : {}) });
      return;
    }
    // n8n's HTTP node retries when it missed the 202: a stage still waiting or in hand is not queued twice. A new Wait
    // node's address (n8n's retry of an execution whose Wait gave up) replaces the old one: the outcome goes there.
    const open = await this.db.execute(
      sql`SELECT id FROM jobs WHERE kind = ${STAGE_JOB} AND payload->>'runId' = ${runId} AND payload->>'stage' = ${stage} AND done_at IS NULL AND failed_at IS NULL ORDER BY id DESC LIMIT 1`,
    );
    const [job] = (open as unknown as { rows: Array<{ id: number | string }> }).rows;
    if (job) {
      if (!resumeUrl) return;
      // Only while the stage has no outcome yet: the job reads its address after recording the outcome. Once it has
      // one, a new job answers the new address with it.
      const taken = await this.db.execute(
        sql`UPDATE jobs SET payload = jsonb_set(payload, '{resumeUrl}', to_jsonb(${resumeUrl}::text)) WHERE id = ${job.id} AND done_at IS NULL AND EXISTS (SELECT 1 FROM ${runStages} WHERE ${runStages.runId} = ${runId} AND ${runStages.stage} = ${stage} AND ${runStages.state} IN ('pending', 'started')) RETURNING id`,
      );
      if ((taken as unknown as { rows: unknown[] }).rows.length > 0) return;
    }
    await this.enqueueStage({ runId, stage, chain: false, ...(resumeUrl ? { resumeUrl } : {}) });
  }

  /**
   * n8n ended the run's execution (cancelled, crashed): the stages it had asked for and no worker holds yet are not run
   * for nobody. A retry in n8n asks for them again.
   */
  async dropQueuedStages(runId: string, reason: string): Promise<number> {
    // Leases are written on this server's clock (jobs/queue.ts), so they are read on it too, not the database's.
    const now = new Date().toISOString();
    const result = await this.db.execute(
      sql`UPDATE jobs SET failed_at = ${now}::timestamptz, last_error = ${reason} WHERE kind = ${STAGE_JOB} AND payload->>'runId' = ${runId} AND done_at IS NULL AND failed_at IS NULL AND (claimed_by IS NULL OR claimed_until < ${now}::timestamptz) RETURNING id`,
    );
    return (result as unknown as { rows: unknown[] }).rows.length;
  }

  /**
   * The desk decided on a story its run waits for: published, the run goes on at the stage that waited (n8n's Wait
   * node is answered when that stage is done); rejected, the stage is skipped and the run ends rejected.
   */
  async continueAfterReview(runId: string, decision: 'published' | 'rejected'): Promise<void> {
    const run = await getRun(this.db, runId);
    if (!run || run.status !== 'waiting') return;
    const waiting = run.stages.find((s) => s.state === 'started');
    if (!waiting) return;
    const rows = await this.db.execute(
      sql`SELECT payload FROM jobs WHERE kind = ${STAGE_JOB} AND payload->>'runId' = ${runId} AND payload->>'stage' = ${waiting.stage} ORDER BY id DESC LIMIT 1`,
    );
    const last = (rows as unknown as { rows: Array<{ payload: StagePayload }> }).rows[0]?.payload;
    const payload: StagePayload = {
      runId,
      stage: waiting.stage,
      chain: last?.chain ?? true,
      ...(last?.resumeUrl ? { resumeUrl: last.resumeUrl } : {}),
      reviewed: true,
    };
    if (decision === 'published') {
      await appendLog(this.db, runId, 'In AI News freigegeben', { status: 'running' });
      await this.enqueueStage(payload);
    } else {
      await this.report(runId, { stage: waiting.stage, state: 'skipped', reason: REJECTED_REASON });
      await appendLog(this.db, runId, 'In AI News abgelehnt – Run beendet', {
        status: 'rejected',
        finishedAt: new Date().toISOString(),
      });
      await this.deps.events.publish({ topic: 'workflow', action: 'updated', id: runId });
      if (payload.resumeUrl) await this.resume(payload, 'skipped', undefined, REJECTED_REASON);
    }
  }

  /** The newest run that made a story (a manual redo starts from it). */
  async newestRunWithStory(): Promise<Run | undefined> {
    const [row] = await this.db
      .select({ id: runs.id })
      .from(runs)
      .innerJoin(runArtefacts, eq(runArtefacts.runId, runs.id))
      .where(eq(runArtefacts.kind, 'story'))
      .orderBy(desc(runs.seq))
      .limit(1);
    return row ? getRun(this.db, row.id) : undefined;
  }

  private limitOf(stage: RunStageName): number {
    return this.options.stageLimitsMs?.[stage] ?? STAGE_LIMITS_MS[stage];
  }

  private async handleStage(job: Job, lost: AbortSignal): Promise<void> {
    const payload: StagePayload = { ...(job.payload as StagePayload), jobId: job.id };
    const { runId, stage } = payload;
    const run = await getRun(this.db, runId);
    if (!run || (run.status !== 'running' && !payload.resumeUrl)) return;
    const current = run.stages.find((s) => s.stage === stage);
    if (current && (current.state === 'finished' || current.state === 'skipped' || current.state === 'failed')) {
      // Done before a crash cut the job off: only what came after is left to do.
      await this.afterStage(payload, current.state, current.error, current.reason);
      return;
    }
    if (!payload.reviewed && (job.takenOver || current?.state === 'started'))
      await appendLog(this.db, runId, `${stage} nach einem Abbruch wieder aufgenommen`);
    await this.report(runId, { stage, state: 'started' });
    const limit = this.limitOf(stage);
    const abort = new AbortController();
    // Another instance took the stage over (this one lost its lease): it reports, this one stops.
    const onLost = () => abort.abort();
    lost.addEventListener('abort', onLost, { once: true });
    let timer: ReturnType<typeof setTimeout> | undefined;
    const context: StageContext = {
      deps: this.deps,
      engine: this,
      run: (await getRun(this.db, runId)) as Run,
      signal: abort.signal,
      allowPrivate: this.options.allowPrivate,
      fetch: this.options.fetch ?? fetch,
      attempt: job.id,
    };
    try {
      const outcome = await Promise.race([
        runStage(stage, context),
        new Promise<never>((_, reject) => {
          timer = setTimeout(() => {
            abort.abort();
            reject(new StageTimeout(`Zeitlimit von ${(limit / 1000).toLocaleString('de-DE')} s überschritten.`));
          }, limit);
        }),
      ]);
      if (lost.aborted) return;
      await addArtefacts(this.db, runId, stage, outcome.artefacts ?? []);
      await this.report(runId, { stage, state: 'finished' });
      await this.afterStage(payload, 'finished');
    } catch (error) {
      if (lost.aborted) return;
      if (error instanceof StageWaiting) {
        // The run rests here until the story is published or rejected (continueAfterReview); nothing is queued.
        await appendLog(this.db, runId, `${stage}: ${error.message}`, { status: 'waiting' });
        await this.deps.events.publish({ topic: 'workflow', action: 'updated', id: runId });
      } else if (error instanceof StageSkipped) {
        await this.report(runId, { stage, state: 'skipped', reason: error.message });
        await this.afterStage(payload, 'skipped', undefined, error.message);
      } else {
        const message = (error instanceof Error && error.message) || 'Unbekannter Fehler';
        await this.report(runId, { stage, state: 'failed', error: message.slice(0, 2000) });
        await this.afterStage(payload, 'failed', message);
      }
    } finally {
      clearTimeout(timer);
      lost.removeEventListener('abort', onLost);
    }
  }

  /** A stage whose instance went down with it again and again fails with the reason; Retry starts it afresh. */
  private async giveUpStage(job: Job, reason: string): Promise<void> {
    const payload: StagePayload = { ...(job.payload as StagePayload), jobId: job.id };
    const run = await getRun(this.db, payload.runId);
    if (!run || (run.status !== 'running' && !payload.resumeUrl)) return;
    const current = run.stages.find((s) => s.stage === payload.stage);
    if (current && (current.state === 'finished' || current.state === 'skipped' || current.state === 'failed')) return;
    await this.report(payload.runId, { stage: payload.stage, state: 'failed', error: reason });
    await this.afterStage(payload, 'failed', reason);
  }

  private async report(
    runId: string,
    event: {
      stage: RunStageName;
      state: 'started' | 'finished' | 'failed' | 'skipped';
      error?: string;
      reason?: string;
    },
  ): Promise<void> {
    await recordStageEvent(this.db, runId, event);
    await this.deps.events.publish({ topic: 'workflow', action: 'updated', id: runId });
  }

  private async afterStage(
    payload: StagePayload,
    state: 'finished' | 'skipped' | 'failed',
    error?: string,
    reason?: string,
  ): Promise<void> {
    if (payload.resumeUrl) {
      await this.resume(payload, state, error, reason);
      return;
    }
    if (!payload.chain || state === 'failed') return;
    const next = RUN_STAGES[RUN_STAGES.indexOf(payload.stage) + 1];
    if (next) await this.enqueueStage({ runId: payload.runId, stage: next, chain: true });
  }

  /** Tells n8n's Wait node the stage's outcome; n8n's own retries take a failure from there. */
  private async resume(payload: StagePayload, state: string, error?: string, reason?: string): Promise<void> {
    const body = JSON.stringify({
      runId: payload.runId,
      stage: payload.stage,
      state,
      ...(error ? { error } : {}),
      ...(reason ? { reason } : {}),
    });
    // This job's newest Wait node: n8n may have asked again, with a new address, while the stage ran.
    const rows = payload.jobId
      ? await this.db.execute(sql`SELECT payload->>'resumeUrl' AS url FROM jobs WHERE id = ${payload.jobId}`)
      : undefined;
    const url =
      (rows as unknown as { rows: Array<{ url: string | null }> } | undefined)?.rows[0]?.url ?? payload.resumeUrl;
    if (!url) return;
    const refused = await resumeN8n(url, body, { fetch: this.options.fetch });
    if (refused === undefined) return;
    await appendLog(this.db, payload.runId, `n8n nahm die Rückmeldung von ${payload.stage} nicht an (${refused})`);
  }
}
