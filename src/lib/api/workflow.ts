import type { JsonObject } from '@/contract';
import { callApi, type CallOptions } from './client';

/** POST /workflow/trigger/{id} with a free-form body. */
export const triggerWorkflow = (id: string, body: JsonObject, options: Pick<CallOptions, 'retries'> = {}) =>
  callApi('workflow.trigger', {
    params: { id },
    body,
    operation: { kind: 'workflow.trigger', args: { id, body } },
    ...options,
  });
/** POST /workflow/upload (multipart `workflow`). */
export const uploadWorkflow = (file: Blob, filename: string) => {
  const form = new FormData();
  form.append('workflow', file, filename);
  return callApi('workflow.upload', { body: form });
};
/** POST /workflow/n8n/upload (multipart `workflow` + `metadata` {uploadedAt, filename, size}). */
export const uploadN8nWorkflow = (file: File) => {
  const form = new FormData();
  form.append('workflow', file, file.name);
  form.append(
    'metadata',
    JSON.stringify({ uploadedAt: new Date().toISOString(), filename: file.name, size: file.size }),
  );
  return callApi('workflow.n8nUpload', { body: form });
};
/** GET /workflow/n8n/status/{id} */
export const getN8nWorkflowStatus = (id: string, signal?: AbortSignal) =>
  callApi('workflow.n8nStatus', { params: { id }, signal });
/** POST /workflow/ai-news/start */
export const startAiNewsWorkflow = (body: JsonObject = {}, options: Pick<CallOptions, 'retries'> = {}) =>
  callApi('workflow.aiNewsStart', { body, ...options });
/** GET /workflow/logs/{id}?limit=10 */
export const getWorkflowLogs = (id: string, limit = 10, signal?: AbortSignal) =>
  callApi('workflow.logs', { params: { id }, query: { limit }, signal });
/** POST /workflow/retry/{id} */
export const retryWorkflowRun = (id: string) =>
  callApi('workflow.retry', { params: { id }, operation: { kind: 'workflow.retry', args: id } });
/** GET /workflow/pipeline — pipeline steps and variables for the Monitoring tab. */
export const getPipeline = (signal?: AbortSignal) => callApi('workflow.pipeline', { signal });
/** GET /workflow/runs — the last runs with their five stages and logs. */
export const getRuns = (limit = 10, signal?: AbortSignal) => callApi('workflow.runs', { query: { limit }, signal });
