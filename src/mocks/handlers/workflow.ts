import { errorResponse, handle } from '../contract-handler';
import { workflowStore } from '../store/workflow';
import type { AnyHandler } from '../types';

/**
 * The workflow file of an upload, read as the server reads it (an n8n workflow: name, nodes, connections), or the
 * server's 400 answer.
 */
async function readWorkflowFile(body: FormData): Promise<{ name: string } | Response> {
  const file = body.get('workflow');
  // Duck-typed: under Node tests the part may be a Blob of another realm.
  if (typeof file !== 'object' || file === null || typeof file.text !== 'function')
    return errorResponse(400, 'Das Feld workflow (die Workflow-Datei) fehlt.');
  let json: unknown;
  try {
    json = JSON.parse(await file.text());
  } catch {
    return errorResponse(400, 'Die Workflow-Datei ist kein gültiges JSON.');
  }
  const workflow = json && typeof json === 'object' ? (json as Record<string, unknown>) : {};
  const { name, nodes, connections } = workflow;
  if (
    typeof name !== 'string' ||
    !name.trim() ||
    !Array.isArray(nodes) ||
    !connections ||
    typeof connections !== 'object' ||
    Array.isArray(connections)
  )
    return errorResponse(400, 'Die Datei ist kein n8n-Workflow (name, nodes und connections fehlen).');
  return { name: name.trim() };
}

/** The /api/workflow/* calls (SPEC §7) over the stateful workflow store. */
export const workflowHandlers: AnyHandler[] = [
  handle('workflow.logs', ({ query }) => workflowStore.runs(query.limit ?? 10)),
  handle('workflow.retry', ({ params }) => workflowStore.retry(params.id) ?? errorResponse(404, 'Run nicht gefunden')),
  handle('workflow.pipeline', () => workflowStore.pipeline()),
  handle('workflow.trigger', ({ params, body }) => {
    const { run } = workflowStore.trigger({ topic: 'Manueller Trigger', ...body });
    return { success: true, workflowId: params.id, executionId: run.id };
  }),
  handle('workflow.upload', async ({ body }) => {
    const workflow = await readWorkflowFile(body);
    if (workflow instanceof Response) return workflow;
    return { success: true, ...workflowStore.registerUpload(workflow.name) };
  }),
  handle('workflow.n8nUpload', ({ body }) => {
    const file = body.get('workflow');
    const entry = workflowStore.registerUpload(file instanceof Object && 'name' in file ? file.name : 'workflow.json');
    return { id: entry.id, status: entry.status };
  }),
  handle('workflow.n8nStatus', ({ params }) => {
    const entry = workflowStore.upload(params.id);
    return entry
      ? { id: entry.id, status: entry.status, active: entry.active }
      : errorResponse(404, 'Workflow nicht gefunden');
  }),
  handle('workflow.runs', ({ query }) => workflowStore.liveRuns(query.limit ?? 10)),
  handle(
    'workflow.runEvent',
    ({ params, body, request }) =>
      workflowStore.runEvent(params.runId, request.headers.get('X-Newsdesk-Run-Token'), body) ??
      errorResponse(401, 'Lauf-Token fehlt oder ist ungültig.'),
  ),
  handle('workflow.stage', ({ params, request }) => {
    const answer = workflowStore.stage(params.runId, request.headers.get('X-Newsdesk-Run-Token'), params.stage);
    if (answer === 'unknown') return errorResponse(404, 'Run nicht gefunden');
    if (answer === 'forbidden') return errorResponse(401, 'Lauf-Token fehlt oder ist ungültig.');
    return answer;
  }),
  handle('workflow.aiNewsStart', ({ body }) => {
    const { run } = workflowStore.trigger({ topic: 'AI News', ...body });
    return { executionId: run.id };
  }),
];
