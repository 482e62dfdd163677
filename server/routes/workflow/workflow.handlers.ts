// Workflow: with N8N_BASE_URL the server drives the operator's n8n — a trigger creates a run whose id, callback address
// and per-run token travel with the webhook body, and the workflow asks the server for each stage (POST
// /api/runs/{id}/stages/{stage}) or reports it (POST /api/runs/{id}/events). Without n8n the desk's own engine runs the
// stages. Runs, logs, pipeline and retries answer from the stored runs either way.
import { asc, desc, eq } from 'drizzle-orm';
import type { Context, Hono } from 'hono';
import * as z from 'zod/mini';
import type { JsonObject, PipelineStep } from '../../../src/contract';
import type { AppEnv } from '../../context';
import { keyValues, pipelineSteps, runs, workflowRuns } from '../../data/db/schema';
import { HttpError, notConfigured } from '../../http/errors';
import { ImportableWorkflow, type N8nClient } from '../../adapters/n8n/n8n-client';
import { register } from '../../http/operation';
import type { PipelineEngine } from '../../pipeline/engine';
import {
  appendLog,
  createRun,
  getRun,
  listRuns,
  recordStageEvent,
  runTokenMatches,
  stageSuccessRates,
  stepsOf,
  toHistoryItem,
  toLegacyRun,
} from './workflow.queries';

/** The header the workflow's HTTP Request nodes carry the per-run token in. */
export const RUN_TOKEN_HEADER = 'X-Newsdesk-Run-Token';
const MAX_WORKFLOW_BYTES = 5 * 1024 * 1024;
/** A running run older than this is checked against n8n's execution (a crash reports no stage). */
export const STALLED_AFTER_MS = 120_000;

function n8nOf(c: Context<AppEnv>): N8nClient {
  const n8n = c.get('deps').n8n;
  if (!n8n) throw notConfigured('n8n');
  return n8n;
}

function engineOf(c: Context<AppEnv>): PipelineEngine {
  const engine = c.get('deps').engine;
  if (!engine) throw notConfigured('n8n');
  return engine;
}

const MANUAL_ACTIONS = new Set(['force_scrape', 'change_voice', 'regenerate_video']);

/**
 * A start on the desk's own engine. The manual triggers mean: „Force Scrape“ reads every source now; „Change Voice“
 * speaks the newest story again (and renders its video) with the chosen voice; „Regenerate Video“ renders it again.
 */
async function startOnEngine(c: Context<AppEnv>, workflowId: string, body: JsonObject): Promise<{ runId?: string }> {
  const engine = engineOf(c);
  const action = typeof body.action === 'string' ? body.action : undefined;
  if (action === 'force_scrape') {
    await engine.pollNow();
    return {};
  }
  if (action === 'change_voice' || action === 'regenerate_video') {
    const newest = await engine.newestRunWithStory();
    if (!newest)
      throw new HttpError(
        409,
        'Es gibt noch keine Meldung, die neu vertont oder gerendert werden kann.',
        'nothing_to_redo',
      );
    const run = await engine.startRun({
      workflowId,
      params: { ...body },
      from: action === 'change_voice' ? 'TTS' : 'Video Gen',
      carryFrom: newest,
      topic: newest.topic,
    });
    return { runId: run.id };
  }
  if (action && !MANUAL_ACTIONS.has(action)) throw new HttpError(400, `Unbekannte Aktion „${action}“.`, 'validation');
  const run = await engine.startRun({ workflowId, params: { ...body } });
  return { runId: run.id };
}

/** Creates the run and POSTs the trigger to n8n with runId, callbackUrl and runToken (never the operator token). */
async function startRun(
  c: Context<AppEnv>,
  workflowId: string,
  body: JsonObject,
): Promise<{ runId: string | undefined; executionId: string | undefined }> {
  const started = await startRunOn(c, workflowId, body);
  // Who started it: the four-eyes rule lets someone else approve its story.
  const userId = c.get('actor')?.userId;
  if (started.runId && userId)
    await c.get('deps').database.db.update(runs).set({ startedBy: userId }).where(eq(runs.id, started.runId));
  return started;
}

async function startRunOn(
  c: Context<AppEnv>,
  workflowId: string,
  body: JsonObject,
): Promise<{ runId: string | undefined; executionId: string | undefined }> {
  if (!c.get('deps').n8n) return { runId: (await startOnEngine(c, workflowId, body)).runId, executionId: undefined };
  const n8n = n8nOf(c);
  const { database, events, callbackBaseUrl } = c.get('deps');
  const topic =
    typeof body.topic === 'string' && body.topic.trim()
      ? body.topic.trim()
      : typeof body.action === 'string'
        ? body.action
        : 'AI News';
  const { run, token } = await createRun(database.db, { workflowId, topic, engine: 'n8n', params: { ...body } });
  const base = callbackBaseUrl ?? new URL(c.req.url).origin;
  const callbackUrl = `${base}/api/runs/${encodeURIComponent(run.id)}/events`;
  await events.publish({ topic: 'workflow', action: 'created', id: run.id });
  try {
    const { executionId } = await n8n.trigger({
      ...body,
      topic,
      workflowId,
      runId: run.id,
      callbackUrl,
      runToken: token,
    });
    await appendLog(
      database.db,
      run.id,
      `n8n hat den Trigger angenommen${executionId ? ` (Ausführung ${executionId})` : ''}`,
      executionId ? { executionId } : {},
    );
    await events.publish({ topic: 'workflow', action: 'updated', id: run.id });
    return { runId: run.id, executionId };
  } catch (error) {
    const reason = error instanceof HttpError ? error.message : 'n8n ist nicht erreichbar.';
    await appendLog(database.db, run.id, `Trigger fehlgeschlagen: ${reason}`, {
      status: 'failed',
      finishedAt: new Date().toISOString(),
    });
    await events.publish({ topic: 'workflow', action: 'updated', id: run.id });
    throw error;
  }
}

/** A run n8n has ended while its stages still say running (a crash no stage reported): marked failed from n8n's word. */
async function reconcile(
  c: Context<AppEnv>,
  list: Array<{ id: string; executionId?: string; status: string; startedAt: string }>,
  now = Date.now(),
): Promise<void> {
  const { n8n, database, events } = c.get('deps');
  if (!n8n?.hasApiKey) return;
  for (const run of list) {
    // Only a run quiet for a while is asked about: a live one reports its stages itself (and reads stay cheap).
    if (run.status !== 'running' || !run.executionId || now - Date.parse(run.startedAt) < STALLED_AFTER_MS) continue;
    try {
      const execution = await n8n.execution(run.executionId);
      if (execution.status === 'error' || execution.status === 'crashed' || execution.status === 'canceled') {
        await appendLog(database.db, run.id, `n8n meldet die Ausführung ${execution.id} als ${execution.status}`, {
          status: 'failed',
          finishedAt: execution.stoppedAt ?? new Date().toISOString(),
        });
        await c.get('deps').engine?.dropQueuedStages(run.id, `n8n-Ausführung ${execution.id}: ${execution.status}`);
        await events.publish({ topic: 'workflow', action: 'updated', id: run.id });
      }
    } catch {
      // n8n unreachable: the stored state stands until the next read.
    }
  }
}

async function readWorkflowFile(c: Context<AppEnv>): Promise<z.infer<typeof ImportableWorkflow>> {
  if (Number(c.req.header('content-length') ?? 0) > MAX_WORKFLOW_BYTES)
    throw new HttpError(413, 'Die Workflow-Datei ist zu groß.', 'too_large');
  let form: FormData;
  try {
    form = await c.req.formData();
  } catch {
    throw new HttpError(
      400,
      'Erwartet wird ein Formular (multipart/form-data) mit dem Feld workflow.',
      'not_multipart',
    );
  }
  const file = form.get('workflow');
  if (!(file instanceof Blob)) throw new HttpError(400, 'Das Feld workflow (die Workflow-Datei) fehlt.', 'validation');
  let json: unknown;
  try {
    json = JSON.parse(await file.text());
  } catch {
    throw new HttpError(400, 'Die Workflow-Datei ist kein gültiges JSON.', 'invalid_json');
  }
  const parsed = z.safeParse(ImportableWorkflow, json);
  if (!parsed.success)
    throw new HttpError(400, 'Die Datei ist kein n8n-Workflow (name, nodes und connections fehlen).', 'validation');
  return parsed.data;
}

export function registerWorkflow(app: Hono<AppEnv>): void {
  // The run's own token is checked before anything of the body is read: without it, nothing is parsed.
  app.use('/api/runs/:runId/*', async (c, next) => {
    if (
      c.req.method === 'POST' &&
      !(await runTokenMatches(
        c.get('deps').database.db,
        c.req.param('runId') ?? '',
        c.req.header(RUN_TOKEN_HEADER)?.trim(),
      ))
    ) {
      throw new HttpError(401, 'Lauf-Token fehlt oder ist ungültig.', 'invalid_run_token');
    }
    await next();
  });

  register(app, 'workflow.logs', async ({ params, query, c }) => {
    const { db } = c.get('deps').database;
    const limit = query.limit ?? 10;
    await reconcile(c, await listRuns(db, { limit, workflowId: params.id }));
    const stored = (await listRuns(db, { limit, workflowId: params.id }))
      .filter((r) => r.status !== 'running')
      .map((r) => toHistoryItem(r));
    const legacy = (
      await db
        .select()
        .from(workflowRuns)
        .where(eq(workflowRuns.workflowId, params.id))
        .orderBy(desc(workflowRuns.timestamp))
        .limit(limit)
    ).map(toLegacyRun);
    return [...stored, ...legacy].sort((a, b) => Date.parse(b.timestamp) - Date.parse(a.timestamp)).slice(0, limit);
  });

  register(app, 'workflow.runs', async ({ query, c }) => {
    const { db } = c.get('deps').database;
    const limit = query.limit ?? 10;
    await reconcile(c, await listRuns(db, { limit }));
    return listRuns(db, { limit });
  });

  register(app, 'workflow.stage', async ({ params, body, c }) => {
    await engineOf(c).requestStage(params.runId, params.stage, body?.resumeUrl);
    return { accepted: true, runId: params.runId, stage: params.stage };
  });

  register(app, 'workflow.runEvent', async ({ params, body, c }) => {
    const { database, events } = c.get('deps');
    const run = await recordStageEvent(database.db, params.runId, body);
    await events.publish({ topic: 'workflow', action: 'updated', id: run.id });
    return run;
  });

  register(app, 'workflow.pipeline', async ({ c }) => {
    const { db } = c.get('deps').database;
    const recent = await listRuns(db, { limit: 50 });
    const latest = recent[0];
    if (latest) {
      return {
        steps: stepsOf(latest),
        variables: {
          runId: latest.id,
          topic: latest.topic,
          status: latest.status,
          ...(latest.executionId ? { executionId: latest.executionId } : {}),
        },
        successRates: stageSuccessRates(recent),
      };
    }
    const steps = await db.select().from(pipelineSteps).orderBy(asc(pipelineSteps.seq));
    const values = new Map((await db.select().from(keyValues)).map((kv) => [kv.key, kv.value]));
    const variables = (values.get('pipeline.variables') ?? {}) as Record<string, string>;
    const successRates = values.get('pipeline.successRates') as Array<{ name: string; rate: number }> | undefined;
    return {
      steps: steps.map((s): PipelineStep => ({
        id: s.id,
        name: s.name,
        status: s.status as PipelineStep['status'],
        progress: s.progress,
      })),
      variables,
      ...(successRates ? { successRates } : {}),
    };
  });

  register(app, 'workflow.aiNewsStart', async ({ body, c }) => {
    const input = body ?? {};
    const workflowId =
      typeof input.workflowId === 'string' && input.workflowId.trim() ? input.workflowId.trim() : 'ai-news';
    const { runId, executionId } = await startRun(c, workflowId, input);
    return { executionId: executionId ?? runId ?? 'force-scrape' };
  });

  register(app, 'workflow.trigger', async ({ params, body, c }) => {
    const { runId, executionId } = await startRun(c, params.id, body ?? {});
    return {
      success: true,
      workflowId: params.id,
      ...(runId ? { runId } : {}),
      ...(executionId ? { executionId } : {}),
    };
  });

  register(app, 'workflow.retry', async ({ params, c }) => {
    const { database, events } = c.get('deps');
    const run = await getRun(database.db, params.id);
    if (!run) {
      const [legacy] = await database.db.select().from(workflowRuns).where(eq(workflowRuns.id, params.id));
      // A sample run from before the stored runs: only n8n could run it again.
      if (legacy)
        throw c.get('deps').n8n
          ? new HttpError(
              409,
              'Dieser Lauf hat keine n8n-Ausführung und kann nicht wiederholt werden.',
              'not_retryable',
            )
          : notConfigured('n8n');
      throw new HttpError(404, 'Run nicht gefunden.', 'not_found');
    }
    if (run.engine === 'desk') return toHistoryItem(await engineOf(c).retry(run.id), 'success');
    const n8n = n8nOf(c);
    if (run.status !== 'failed')
      throw new HttpError(409, 'Nur fehlgeschlagene Läufe können wiederholt werden.', 'not_retryable');
    if (!run.executionId)
      throw new HttpError(
        409,
        'Dieser Lauf hat keine n8n-Ausführung und kann nicht wiederholt werden.',
        'not_retryable',
      );
    await appendLog(database.db, run.id, `Retry angefordert (n8n-Ausführung ${run.executionId})`);
    await events.publish({ topic: 'workflow', action: 'updated', id: run.id });
    const retried = await n8n.retry(run.executionId);
    // A retry waiting for a stage (n8n's Wait node) is still going: its stages report the outcome.
    const going = retried.status === 'waiting' || retried.status === 'running' || retried.status === 'new';
    await appendLog(database.db, run.id, `n8n-Retry: Ausführung ${retried.id} – ${retried.status}`, {
      executionId: retried.id,
      ...(retried.status !== 'success' && !going ? { status: 'failed' } : {}),
    });
    await events.publish({ topic: 'workflow', action: 'updated', id: run.id });
    const after = (await getRun(database.db, run.id)) ?? run;
    return toHistoryItem(after, retried.status === 'success' ? 'success' : 'failed');
  });

  register(app, 'workflow.n8nUpload', async ({ c }) => {
    const n8n = n8nOf(c);
    const imported = await n8n.importWorkflow(await readWorkflowFile(c));
    return { id: imported.id, status: imported.active ? 'active' : 'imported' };
  });

  register(app, 'workflow.upload', async ({ c }) => {
    const n8n = n8nOf(c);
    const imported = await n8n.importWorkflow(await readWorkflowFile(c));
    return {
      success: true,
      id: imported.id,
      name: imported.name,
      status: imported.active ? 'active' : 'imported',
      active: imported.active,
    };
  });

  register(app, 'workflow.n8nStatus', async ({ params, c }) => {
    const workflow = await n8nOf(c).workflow(params.id);
    return { id: workflow.id, status: workflow.active ? 'active' : 'inactive', active: workflow.active };
  });
}
