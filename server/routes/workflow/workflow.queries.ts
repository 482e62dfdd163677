// Runs of the n8n AI-News workflow: created by a trigger (with a per-run token for the workflow's stage events), filled
// in by those events, read by the Monitoring tab, the logs, the pipeline and the overview.
import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';
import { and, asc, desc, eq, inArray } from 'drizzle-orm';
import {
  RUN_STAGES,
  type Run,
  type RunArtefact,
  type RunHistoryItem,
  type RunStage,
  type RunStageEvent,
} from '../../../src/contract';
import type { Db } from '../../data/db/client';
import { runArtefacts, runs, runStages, type workflowRuns } from '../../data/db/schema';
import { HttpError } from '../../http/errors';
import { originsOf } from '../../sources/store';

type RunRow = typeof runs.$inferSelect;
type StageRow = typeof runStages.$inferSelect;
type ArtefactRow = typeof runArtefacts.$inferSelect;

const hash = (token: string) => createHash('sha256').update(token).digest();
const clock = (iso: string) => new Date(iso).toISOString().slice(11, 19);
const seconds = (ms: number) =>
  `${(ms / 1000).toLocaleString('de-DE', { minimumFractionDigits: 1, maximumFractionDigits: 1 })} s`;

/** '0m 07s', the run history's duration format. */
export function formatDuration(ms: number): string {
  const total = Math.max(0, Math.round(ms / 1000));
  return `${Math.floor(total / 60)}m ${String(total % 60).padStart(2, '0')}s`;
}

const toArtefact = (a: ArtefactRow, sources: Map<string, string[]>): RunArtefact => ({
  kind: a.kind as RunArtefact['kind'],
  id: a.refId,
  title: a.title,
  ...(a.url ? { url: a.url } : {}),
  ...(sources.has(a.refId) ? { sources: sources.get(a.refId) } : {}),
  stage: a.stage as RunArtefact['stage'],
});

function toRun(
  row: RunRow,
  stages: StageRow[],
  artefacts: ArtefactRow[] = [],
  sources = new Map<string, string[]>(),
): Run {
  const byStage = new Map(stages.map((s) => [s.stage, s]));
  return {
    id: row.id,
    workflowId: row.workflowId,
    topic: row.topic,
    status: row.status as Run['status'],
    ...(row.executionId ? { executionId: row.executionId } : {}),
    engine: row.engine === 'desk' ? 'desk' : 'n8n',
    startedAt: new Date(row.startedAt).toISOString(),
    ...(row.finishedAt ? { finishedAt: new Date(row.finishedAt).toISOString() } : {}),
    stages: RUN_STAGES.map((stage): RunStage => {
      const s = byStage.get(stage);
      return {
        stage,
        state: (s?.state ?? 'pending') as RunStage['state'],
        ...(s?.startedAt ? { startedAt: s.startedAt } : {}),
        ...(s?.finishedAt ? { finishedAt: s.finishedAt } : {}),
        ...(s?.durationMs !== null && s?.durationMs !== undefined ? { durationMs: s.durationMs } : {}),
        ...(s?.error ? { error: s.error } : {}),
        ...(s?.reason ? { reason: s.reason } : {}),
      };
    }),
    log: row.log,
    ...(artefacts.length > 0 ? { artefacts: artefacts.map((a) => toArtefact(a, sources)) } : {}),
  };
}

/** A finished run as the run history shows it (a running one counts by its n8n outcome when known). */
export function toHistoryItem(run: Run, fallback: RunHistoryItem['status'] = 'failed'): RunHistoryItem {
  const end = run.finishedAt ? Date.parse(run.finishedAt) : Date.now();
  return {
    id: run.id,
    timestamp: run.startedAt,
    status: run.status === 'running' || run.status === 'waiting' ? fallback : run.status,
    duration: formatDuration(end - Date.parse(run.startedAt)),
    topic: run.topic,
    log: run.log,
  };
}

async function load(db: Db, rows: RunRow[]): Promise<Run[]> {
  if (rows.length === 0) return [];
  const ids = rows.map((r) => r.id);
  const stages = await db
    .select()
    .from(runStages)
    .where(inArray(runStages.runId, ids))
    .orderBy(asc(runStages.position));
  const artefacts = await db
    .select()
    .from(runArtefacts)
    .where(inArray(runArtefacts.runId, ids))
    .orderBy(asc(runArtefacts.seq));
  const items = artefacts.filter((a) => a.kind === 'item').map((a) => a.refId);
  const sources = items.length > 0 ? await originsOf(db, [...new Set(items)]) : new Map<string, string[]>();
  return rows.map((row) =>
    toRun(
      row,
      stages.filter((s) => s.runId === row.id),
      artefacts.filter((a) => a.runId === row.id),
      sources,
    ),
  );
}

export async function getRun(db: Db, id: string): Promise<Run | undefined> {
  const [row] = await db.select().from(runs).where(eq(runs.id, id));
  return row ? (await load(db, [row]))[0] : undefined;
}

/** The last runs, newest first; `workflowId` narrows to one workflow, `finished` leaves running ones out. */
export async function listRuns(db: Db, options: { limit: number; workflowId?: string }): Promise<Run[]> {
  const rows = await db
    .select()
    .from(runs)
    .where(options.workflowId ? eq(runs.workflowId, options.workflowId) : undefined)
    .orderBy(desc(runs.seq))
    .limit(options.limit);
  return load(db, rows);
}

/** Creates a running run with its five pending stages; answers it with the per-run token (shown only here). */
export async function createRun(
  db: Db,
  input: { workflowId: string; topic: string; engine?: 'desk' | 'n8n'; params?: Record<string, unknown> },
): Promise<{ run: Run; token: string }> {
  const id = `run-${Date.now().toString(36)}-${randomBytes(3).toString('hex')}`;
  const token = randomBytes(32).toString('base64url');
  const now = new Date().toISOString();
  await db.insert(runs).values({
    id,
    workflowId: input.workflowId,
    topic: input.topic,
    status: 'running',
    tokenHash: hash(token).toString('hex'),
    startedAt: now,
    log: [`${clock(now)} Run angelegt: ${input.topic}`],
    engine: input.engine ?? 'n8n',
    params: input.params ?? {},
  });
  await db.insert(runStages).values(RUN_STAGES.map((stage, position) => ({ runId: id, stage, position })));
  return { run: (await getRun(db, id)) as Run, token };
}

export async function appendLog(
  db: Db,
  id: string,
  line: string,
  patch: Partial<Pick<RunRow, 'status' | 'executionId' | 'finishedAt'>> = {},
): Promise<void> {
  const [row] = await db.select({ log: runs.log }).from(runs).where(eq(runs.id, id));
  if (!row) return;
  await db
    .update(runs)
    .set({ ...patch, log: [...row.log, `${clock(new Date().toISOString())} ${line}`] })
    .where(eq(runs.id, id));
}

/** True when `token` is the run's own token (constant time). */
export async function runTokenMatches(db: Db, id: string, token: string | undefined): Promise<boolean> {
  if (!token) return false;
  const [row] = await db.select({ tokenHash: runs.tokenHash }).from(runs).where(eq(runs.id, id));
  const given = hash(token);
  const expected = row ? Buffer.from(row.tokenHash, 'hex') : Buffer.alloc(given.length);
  return timingSafeEqual(given, expected) && row !== undefined;
}

/**
 * Records one stage event: the stage's state and timing, the run's status (failed on a failure, success when the last
 * stage finishes, running again when a stage starts after a failure, as in n8n's retry) and a log line.
 */
export async function recordStageEvent(db: Db, id: string, event: RunStageEvent): Promise<Run> {
  const at = event.at ? new Date(event.at).toISOString() : new Date().toISOString();
  const [stage] = await db
    .select()
    .from(runStages)
    .where(and(eq(runStages.runId, id), eq(runStages.stage, event.stage)));
  const [row] = await db.select().from(runs).where(eq(runs.id, id));
  if (!stage || !row) throw new HttpError(404, 'Lauf nicht gefunden.', 'not_found');
  const measured = stage.startedAt ? Math.max(0, Date.parse(at) - Date.parse(stage.startedAt)) : undefined;
  const durationMs = event.durationMs ?? measured;
  const line = (text: string) => [...row.log, `${clock(at)} ${text}`];
  const done = stage.state === 'finished' || stage.state === 'skipped';
  // A repeated or late 'started' (an HTTP node's retry, events out of order) must not reopen a stage that is done or a
  // run that succeeded; a failed run starts again at its failed stage (n8n retries an execution from the failed node).
  // A rejected run stays rejected.
  const stale = row.status === 'rejected' || (event.state === 'started' && (row.status === 'success' || done));
  if (stale) {
    await db
      .update(runs)
      .set({ log: line(`${event.stage}: verspätete Meldung „${event.state}“ nicht übernommen`) })
      .where(eq(runs.id, id));
    return (await getRun(db, id)) as Run;
  }
  // The last stage ends the run as a success only if no stage before it failed.
  const others = await db
    .select({ stage: runStages.stage, state: runStages.state })
    .from(runStages)
    .where(eq(runStages.runId, id));
  const failedBefore = others.filter((s) => s.stage !== event.stage && s.state === 'failed');
  const earlierFailed = failedBefore.length > 0;
  if (event.state === 'started') {
    await db
      .update(runStages)
      .set({ state: 'started', startedAt: at, finishedAt: null, durationMs: null, error: null, reason: null })
      .where(and(eq(runStages.runId, id), eq(runStages.stage, event.stage)));
    // A stage after a failed one (a workflow that goes on past a failed node) leaves the run failed; the failed stage
    // or one before it starting again is a retry, which reopens it.
    const order = (name: string) => RUN_STAGES.indexOf(name as RunStage['stage']);
    const pastFailure = failedBefore.some((s) => order(s.stage) < order(event.stage));
    await db
      .update(runs)
      .set({
        ...(pastFailure ? {} : { status: 'running', finishedAt: null }),
        log: line(`${event.stage} gestartet`),
      })
      .where(eq(runs.id, id));
  } else if (event.state === 'finished') {
    await db
      .update(runStages)
      .set({ state: 'finished', finishedAt: at, durationMs: durationMs ?? null, error: null })
      .where(and(eq(runStages.runId, id), eq(runStages.stage, event.stage)));
    const last = event.stage === RUN_STAGES[RUN_STAGES.length - 1] && !earlierFailed;
    await db
      .update(runs)
      .set({
        ...(last ? { status: 'success', finishedAt: at } : {}),
        log: line(
          `${event.stage} fertig${durationMs !== undefined ? ` (${seconds(durationMs)})` : ''}${last ? ' – Run erfolgreich' : ''}`,
        ),
      })
      .where(eq(runs.id, id));
  } else if (event.state === 'skipped') {
    const reason = event.reason?.trim() || event.error?.trim() || 'Übersprungen';
    await db
      .update(runStages)
      .set({ state: 'skipped', finishedAt: at, durationMs: durationMs ?? null, error: null, reason })
      .where(and(eq(runStages.runId, id), eq(runStages.stage, event.stage)));
    const last = event.stage === RUN_STAGES[RUN_STAGES.length - 1] && !earlierFailed;
    await db
      .update(runs)
      .set({
        ...(last ? { status: 'success', finishedAt: at } : {}),
        log: line(`${event.stage} übersprungen: ${reason}${last ? ' – Run erfolgreich' : ''}`),
      })
      .where(eq(runs.id, id));
  } else {
    const error = event.error?.trim() || 'Unbekannter Fehler';
    await db
      .update(runStages)
      .set({ state: 'failed', finishedAt: at, durationMs: durationMs ?? null, error })
      .where(and(eq(runStages.runId, id), eq(runStages.stage, event.stage)));
    await db
      .update(runs)
      .set({ status: 'failed', finishedAt: at, log: line(`${event.stage} fehlgeschlagen: ${error}`) })
      .where(eq(runs.id, id));
  }
  return (await getRun(db, id)) as Run;
}

/** Records what a stage made or used; the next stages and a later retry read it back. */
export async function addArtefacts(
  db: Db,
  runId: string,
  stage: RunStage['stage'],
  list: Array<{ kind: RunArtefact['kind']; id: string; title: string; url?: string }>,
): Promise<void> {
  if (list.length === 0) return;
  await db
    .insert(runArtefacts)
    .values(list.map((a) => ({ runId, stage, kind: a.kind, refId: a.id, title: a.title, url: a.url ?? null })));
}

/** Pipeline steps of a run: finished → completed 100 %, started → running 50 %, pending or failed → pending 0 %. */
export function stepsOf(
  run: Run,
): Array<{ id: string; name: string; status: 'completed' | 'running' | 'pending'; progress: number }> {
  return run.stages.map((s, i) => ({
    id: `stage-${i + 1}`,
    name: s.stage,
    status:
      s.state === 'finished' || s.state === 'skipped' ? 'completed' : s.state === 'started' ? 'running' : 'pending',
    progress: s.state === 'finished' || s.state === 'skipped' ? 100 : s.state === 'started' ? 50 : 0,
  }));
}

/** Per stage: the share of finished among finished and failed attempts over the given runs, in percent. */
export function stageSuccessRates(list: Run[]): Array<{ name: string; rate: number }> {
  return RUN_STAGES.flatMap((stage) => {
    const states = list
      .map((r) => r.stages.find((s) => s.stage === stage)?.state)
      .filter((s) => s === 'finished' || s === 'failed');
    if (states.length === 0) return [];
    return [{ name: stage, rate: Math.round((states.filter((s) => s === 'finished').length / states.length) * 100) }];
  });
}

/** A run of the n8n-era history table as the contract's RunHistoryItem. */
export const toLegacyRun = (row: typeof workflowRuns.$inferSelect): RunHistoryItem => ({
  id: row.id,
  timestamp: row.timestamp,
  status: row.status as RunHistoryItem['status'],
  duration: row.duration,
  topic: row.topic,
  ...(row.log ? { log: row.log } : {}),
});
