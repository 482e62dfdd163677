import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { Run } from '@/contract';
import type { TriggerParameters, WorkflowConfig } from '@/db/settings';
import { getConfig } from '@/lib/config';
import { ApiError, bodyMessage } from '@/lib/http/api-error';
import {
  getN8nWorkflowStatus,
  getPipeline,
  getRuns,
  getWorkflowLogs,
  retryWorkflowRun,
  startAiNewsWorkflow,
  triggerWorkflow as triggerServerWorkflow,
  uploadN8nWorkflow,
} from '@/lib/api/workflow';
import { WebhookError } from '@/lib/webhooks/call';
import {
  checkStatus,
  testWebhook,
  triggerBody,
  triggerWorkflow,
  uploadMedia,
  type TriggerResult,
} from '@/lib/webhooks/n8n';
import { workflowKeys } from './keys';

/** SPEC §7: GET on the status address; only when one is configured. */
export const statusQueryOptions = ({ statusUrl, apiKey }: Pick<WorkflowConfig, 'statusUrl' | 'apiKey'>) =>
  queryOptions({
    // The key lives in memory only; it is part of the query key because the answer depends on it.
    queryKey: [...workflowKeys.status(statusUrl.trim()), apiKey ?? ''] as const,
    queryFn: ({ signal }) => checkStatus({ statusUrl, apiKey }, { signal }),
    enabled: statusUrl.trim() !== '',
    retry: false,
    staleTime: 30_000,
  });

/** GET /workflow/logs/{id}?limit=10 */
export const runsQueryOptions = (workflowId: string) =>
  queryOptions({
    queryKey: workflowKeys.logs(workflowId),
    queryFn: ({ signal }) => getWorkflowLogs(workflowId, 10, signal),
    enabled: workflowId.trim() !== '',
  });

/** GET /workflow/pipeline, refreshed every 5 s while the Monitoring tab is open (live monitoring). */
export const pipelineQueryOptions = () =>
  queryOptions({
    queryKey: workflowKeys.pipeline(),
    queryFn: ({ signal }) => getPipeline(signal),
    refetchInterval: 5000,
  });

export const useRuns = (workflowId: string) => useQuery(runsQueryOptions(workflowId));
export const usePipeline = () => useQuery(pipelineQueryOptions());

/** POST /workflow/retry/{id}; refreshes the runs. */
export function useRetryRun() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => retryWorkflowRun(id),
    onSuccess: () =>
      Promise.all([workflowKeys.all, workflowKeys.n8n].map((queryKey) => queryClient.invalidateQueries({ queryKey }))),
  });
}

/** A live desk starts every run through the Newsdesk server, so the run is recorded and its stages come back. */
export const startsThroughServer = () => getConfig().apiMode === 'live';

/** The server's German reason of a failed call (its ErrorBody), else the HTTP status text. */
function serverReason(error: ApiError): string {
  // Not an ErrorBody: the status text says what there is.
  return bodyMessage(error) ?? error.statusText;
}

/**
 * On a live desk: POST /workflow/ai-news/start (a manual action: /workflow/trigger/{id}); the server records the run and
 * passes run id, callback and run token to n8n. A refusal becomes the WebhookError the SPEC §8 toasts read, with the
 * server's reason as the text ('HTTP 503: n8n ist nicht konfiguriert.'). Not retried, like the webhook POST: the
 * operator sees the failure at once and starts again.
 */
async function triggerThroughServer(
  config: WorkflowConfig,
  params: TriggerParameters,
  extra?: Record<string, unknown>,
): Promise<TriggerResult> {
  const body = triggerBody(config, params, extra);
  try {
    if (extra && typeof extra.action === 'string') {
      const answer = await triggerServerWorkflow(config.workflowId.trim() || 'ai-news', body, { retries: false });
      return { response: answer, ...(answer.executionId ? { executionId: answer.executionId } : {}) };
    }
    const answer = await startAiNewsWorkflow(body, { retries: false });
    return { response: answer, executionId: answer.executionId };
  } catch (error) {
    if (error instanceof ApiError && error.status > 0)
      throw new WebhookError(error.message, 'http', error.status, serverReason(error), { cause: error });
    throw error;
  }
}

/**
 * Starts the workflow: in the demo by POSTing the trigger to the webhook (SPEC §7, answered in the page), on a live
 * desk through the server. A run changes the status, the runs and the pipeline.
 */
export function useTriggerWorkflow(config: WorkflowConfig, params: TriggerParameters) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (extra?: Record<string, unknown>) =>
      startsThroughServer() ? triggerThroughServer(config, params, extra) : triggerWorkflow(config, params, { extra }),
    onSettled: () =>
      Promise.all([workflowKeys.all, workflowKeys.n8n].map((queryKey) => queryClient.invalidateQueries({ queryKey }))),
  });
}

export function useTestWebhook(config: WorkflowConfig) {
  return useMutation({ mutationFn: () => testWebhook(config) });
}

export function useMediaUpload(config: WorkflowConfig) {
  return useMutation({
    mutationFn: (input: { file: File; onProgress: (p: number) => void }) =>
      uploadMedia(config, input.file, {
        onProgress: input.onProgress,
        metadata: {
          filename: input.file.name,
          size: input.file.size,
          type: input.file.type,
          uploadedAt: new Date().toISOString(),
          workflowId: config.workflowId,
        },
      }),
  });
}

/** GET /workflow/n8n/status/{id} of a workflow file registered with the backend. */
export const n8nUploadStatusQueryOptions = (id: string | undefined) =>
  queryOptions({
    queryKey: workflowKeys.n8nUpload(id ?? ''),
    queryFn: ({ signal }) => getN8nWorkflowStatus(id ?? '', signal),
    enabled: Boolean(id),
  });

/** POST /workflow/n8n/upload: registers an imported workflow file with the backend (after the local checks). */
export function useRegisterWorkflowFile() {
  return useMutation({ mutationFn: (file: File) => uploadN8nWorkflow(file) });
}

/**
 * GET /workflow/runs: the live run timeline. The server's event stream refreshes it on every stage event; while a run
 * is running it is also read every second (the demo has no event stream), while one waits for review every 10 s.
 */
export const liveRunsQueryOptions = () =>
  queryOptions({
    queryKey: workflowKeys.runs(),
    queryFn: ({ signal }) => getRuns(10, signal),
    refetchInterval: (query) => runsPollInterval(query.state.data),
  });

/** How often the run list is read: every second while a run is running, every 10 s while one waits for review. */
export function runsPollInterval(runs: ReadonlyArray<Pick<Run, 'status'>> = []): number | false {
  if (runs.some((run) => run.status === 'running')) return 1000;
  return runs.some((run) => run.status === 'waiting') ? 10_000 : false;
}
export const useLiveRuns = () => useQuery(liveRunsQueryOptions());

/** POST /workflow/ai-news/start: the server triggers n8n with a new run (its stages come back as events). */
export function useStartServerRun(config: WorkflowConfig, params: TriggerParameters) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => startAiNewsWorkflow(triggerBody(config, params)),
    onSettled: () =>
      Promise.all([workflowKeys.all, workflowKeys.n8n].map((queryKey) => queryClient.invalidateQueries({ queryKey }))),
  });
}
