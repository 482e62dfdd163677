import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { JsonObject } from '@/contract';
import type { TriggerParameters, WorkflowConfig } from '@/db/settings';
import { callApi } from '@/lib/api/client';
import { refreshAfter } from '@/lib/api/query';
import { getConfig } from '@/lib/config';
import { ApiError, bodyMessage } from '@/lib/http/api-error';
import { WebhookError } from '@/lib/webhooks/call';
import { triggerBody, triggerWorkflow, type TriggerResult } from '@/lib/webhooks/n8n';
import { N8N_KEY } from './get-n8n-status';

/** A live desk starts every run through the Newsdesk server, so the run is recorded and its stages come back. */
export const startsThroughServer = () => getConfig().apiMode === 'live';

type Extra = Record<string, unknown> | undefined;
const isAction = (extra: Extra): extra is { action: string } => typeof extra?.action === 'string';

/** The server's German reason of a failed call (its ErrorBody), else the HTTP status text. */
const serverReason = (error: ApiError): string => bodyMessage(error) ?? error.statusText;

/**
 * On a live desk: POST /workflow/ai-news/start (a manual action: /workflow/trigger/{id}); the server records the run and
 * passes run id, callback and run token to n8n. A refusal becomes the WebhookError the SPEC §8 toasts read, with the
 * server's reason as the text ('HTTP 503: n8n ist nicht konfiguriert.'). Not retried, like the webhook POST: the
 * operator sees the failure at once and starts again.
 */
async function triggerThroughServer(config: WorkflowConfig, body: JsonObject, extra: Extra): Promise<TriggerResult> {
  try {
    if (isAction(extra)) {
      const id = config.workflowId.trim() || 'ai-news';
      const answer = await callApi('workflow.trigger', {
        params: { id },
        body,
        retries: false,
        operation: { kind: 'api.call', args: { id: 'workflow.trigger', params: { id }, body } },
      });
      return { response: answer, ...(answer.executionId ? { executionId: answer.executionId } : {}) };
    }
    const answer = await callApi('workflow.aiNewsStart', { body, retries: false });
    return { response: answer, executionId: answer.executionId };
  } catch (error) {
    if (error instanceof ApiError && error.status > 0)
      throw new WebhookError(error.message, 'http', error.status, serverReason(error), { cause: error });
    throw error;
  }
}

/**
 * Starts the workflow: in the demo by POSTing the trigger to the webhook (SPEC §7, answered in the page), on a live
 * desk through the server. Either way a run starts: what the contract says a start makes stale, and n8n's status.
 */
export function useTriggerWorkflow(config: WorkflowConfig, params: TriggerParameters) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (extra?: Record<string, unknown>) =>
      startsThroughServer()
        ? triggerThroughServer(config, triggerBody(config, params, extra), extra)
        : triggerWorkflow(config, params, { extra }),
    onSettled: (_result, _error, extra) =>
      Promise.all([
        refreshAfter(queryClient, isAction(extra) ? 'workflow.trigger' : 'workflow.aiNewsStart', undefined, undefined),
        queryClient.invalidateQueries({ queryKey: [...N8N_KEY, 'status'] }),
      ]),
  });
}
