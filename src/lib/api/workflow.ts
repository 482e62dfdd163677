import { apiRequest, apiUpload } from './client';
import type { PipelineStep, RunHistoryItem } from './types';

/** POST /workflow/trigger/{id} with a free-form body. */
export const triggerWorkflow = (id: string, body: Record<string, unknown>) =>
  apiRequest<Record<string, unknown>>(`/workflow/trigger/${encodeURIComponent(id)}`, { method: 'POST', json: body, operation: { kind: 'workflow.trigger', args: { id, body } } });

/** POST /workflow/upload (multipart `workflow`). */
export const uploadWorkflow = (file: Blob, filename: string) => {
  const form = new FormData();
  form.append('workflow', file, filename);
  return apiUpload<Record<string, unknown>>('/workflow/upload', form);
};

/** POST /workflow/n8n/upload (multipart `workflow` + `metadata` {uploadedAt, filename, size}). */
export const uploadN8nWorkflow = (file: File) => {
  const form = new FormData();
  form.append('workflow', file, file.name);
  form.append('metadata', JSON.stringify({ uploadedAt: new Date().toISOString(), filename: file.name, size: file.size }));
  return apiUpload<{ id: string; status: string }>('/workflow/n8n/upload', form);
};

/** GET /workflow/n8n/status/{id} */
export const getN8nWorkflowStatus = (id: string, signal?: AbortSignal) =>
  apiRequest<{ id: string; status: string; active: boolean }>(`/workflow/n8n/status/${encodeURIComponent(id)}`, { signal });

/** POST /workflow/ai-news/start */
export const startAiNewsWorkflow = (body: Record<string, unknown> = {}) =>
  apiRequest<{ executionId: string }>('/workflow/ai-news/start', { method: 'POST', json: body });

/** GET /workflow/logs/{id}?limit=10 */
export const getWorkflowLogs = (id: string, limit = 10, signal?: AbortSignal) =>
  apiRequest<RunHistoryItem[]>(`/workflow/logs/${encodeURIComponent(id)}`, { query: { limit }, signal });

/** POST /workflow/retry/{id} */
export const retryWorkflowRun = (id: string) =>
  apiRequest<RunHistoryItem>(`/workflow/retry/${encodeURIComponent(id)}`, { method: 'POST', operation: { kind: 'workflow.retry', args: id } });

/** GET /workflow/pipeline — pipeline steps and variables for the Monitoring tab. */
export const getPipeline = (signal?: AbortSignal) =>
  apiRequest<{ steps: PipelineStep[]; variables: Record<string, string>; successRates?: Array<{ name: string; rate: number }> }>('/workflow/pipeline', { signal });
