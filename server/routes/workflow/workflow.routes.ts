// Workflow: the stored run history and the pipeline view; triggering and importing need n8n (issue 14): 503.
import { asc, desc, eq } from 'drizzle-orm';
import type { Hono } from 'hono';
import type { PipelineStep, RunHistoryItem } from '../../../src/contract';
import type { AppEnv } from '../../context';
import { keyValues, pipelineSteps, workflowRuns } from '../../db/schema';
import { notConfigured } from '../../errors';
import { register } from '../../operation';

const toRun = (row: typeof workflowRuns.$inferSelect): RunHistoryItem => ({
  id: row.id, timestamp: row.timestamp, status: row.status as RunHistoryItem['status'], duration: row.duration, topic: row.topic, ...(row.log ? { log: row.log } : {}),
});

export function registerWorkflow(app: Hono<AppEnv>): void {
  register(app, 'workflow.logs', async ({ params, query, c }) =>
    (await c.get('deps').database.db.select().from(workflowRuns).where(eq(workflowRuns.workflowId, params.id)).orderBy(desc(workflowRuns.timestamp)).limit(query.limit ?? 10)).map(toRun));

  register(app, 'workflow.pipeline', async ({ c }) => {
    const { db } = c.get('deps').database;
    const steps = await db.select().from(pipelineSteps).orderBy(asc(pipelineSteps.seq));
    const values = new Map((await db.select().from(keyValues)).map((kv) => [kv.key, kv.value]));
    const variables = (values.get('pipeline.variables') ?? {}) as Record<string, string>;
    const successRates = values.get('pipeline.successRates') as Array<{ name: string; rate: number }> | undefined;
    return {
      steps: steps.map((s): PipelineStep => ({ id: s.id, name: s.name, status: s.status as PipelineStep['status'], progress: s.progress })),
      variables,
      ...(successRates ? { successRates } : {}),
    };
  });

  for (const id of ['workflow.trigger', 'workflow.upload', 'workflow.n8nUpload', 'workflow.n8nStatus', 'workflow.aiNewsStart', 'workflow.retry'] as const) {
    register(app, id, () => {
      throw notConfigured('n8n');
    });
  }
}
