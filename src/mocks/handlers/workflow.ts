import { errorResponse, handle } from '../contract-handler';
import { workflowStore } from '../store/workflow';
import type { AnyHandler } from '../types';

/** The /api/workflow/* calls (SPEC §7) over the stateful workflow store. */
export const workflowHandlers: AnyHandler[] = [
  handle('workflow.logs', ({ query }) => workflowStore.runs(query.limit ?? 10)),
  handle('workflow.retry', ({ params }) => workflowStore.retry(params.id) ?? errorResponse(404, 'Run nicht gefunden')),
  handle('workflow.pipeline', () => workflowStore.pipeline()),
  handle('workflow.trigger', ({ params, body }) => {
    const { run } = workflowStore.trigger({ topic: 'Manueller Trigger', ...body });
    return { success: true, workflowId: params.id, executionId: run.id };
  }),
  handle('workflow.upload', ({ body }) => {
    const file = body.get('workflow');
    return {
      success: true,
      ...workflowStore.registerUpload(file instanceof Object && 'name' in file ? file.name : 'workflow.json'),
    };
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
