import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { TriggerParameters, WorkflowConfig } from '@/db/settings';
import { getN8nWorkflowStatus, getPipeline, getRuns, getWorkflowLogs, retryWorkflowRun, startAiNewsWorkflow, uploadN8nWorkflow } from '@/lib/api/workflow';
import { checkStatus, testWebhook, triggerBody, triggerWorkflow, uploadMedia } from '@/lib/webhooks/n8n';
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
  queryOptions({ queryKey: workflowKeys.logs(workflowId), queryFn: ({ signal }) => getWorkflowLogs(workflowId, 10, signal), enabled: workflowId.trim() !== '' });

/** GET /workflow/pipeline, refreshed every 5 s while the Monitoring tab is open (live monitoring). */
export const pipelineQueryOptions = () =>
  queryOptions({ queryKey: workflowKeys.pipeline(), queryFn: ({ signal }) => getPipeline(signal), refetchInterval: 5000 });

export const useRuns = (workflowId: string) => useQuery(runsQueryOptions(workflowId));
export const usePipeline = () => useQuery(pipelineQueryOptions());

/** POST /workflow/retry/{id}; refreshes the runs. */
export function useRetryRun() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => retryWorkflowRun(id),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: workflowKeys.all }),
  });
}

/** POSTs the trigger to the webhook; a run changes the status, the runs and the pipeline. */
export function useTriggerWorkflow(config: WorkflowConfig, params: TriggerParameters) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (extra?: Record<string, unknown>) => triggerWorkflow(config, params, { extra }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: workflowKeys.all }),
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
        metadata: { filename: input.file.name, size: input.file.size, type: input.file.type, uploadedAt: new Date().toISOString(), workflowId: config.workflowId },
      }),
  });
}

/** GET /workflow/n8n/status/{id} of a workflow file registered with the backend. */
export const n8nUploadStatusQueryOptions = (id: string | undefined) =>
  queryOptions({
    queryKey: [...workflowKeys.all, 'n8n-upload', id ?? ''] as const,
    queryFn: ({ signal }) => getN8nWorkflowStatus(id ?? '', signal),
    enabled: Boolean(id),
  });

/** POST /workflow/n8n/upload: registers an imported workflow file with the backend (after the local checks). */
export function useRegisterWorkflowFile() {
  return useMutation({ mutationFn: (file: File) => uploadN8nWorkflow(file) });
}

/**
 * GET /workflow/runs: the live run timeline. The server's event stream refreshes it on every stage event; while a run
 * is running it is also read every second (the demo has no event stream).
 */
export const liveRunsQueryOptions = () =>
  queryOptions({
    queryKey: workflowKeys.runs(),
    queryFn: ({ signal }) => getRuns(10, signal),
    refetchInterval: (query) => (query.state.data?.some((run) => run.status === 'running') ? 1000 : false),
  });
export const useLiveRuns = () => useQuery(liveRunsQueryOptions());

/** POST /workflow/ai-news/start: the server triggers n8n with a new run (its stages come back as events). */
export function useStartServerRun(config: WorkflowConfig, params: TriggerParameters) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => startAiNewsWorkflow(triggerBody(config, params)),
    onSettled: () => queryClient.invalidateQueries({ queryKey: workflowKeys.all }),
  });
}
