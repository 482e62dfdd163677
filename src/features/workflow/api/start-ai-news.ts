import type { TriggerParameters, WorkflowConfig } from '@/db/settings';
import { useApiMutation } from '@/lib/api/query';
import { triggerBody } from '@/lib/webhooks/n8n';
import { workflowErrorReason } from '../lib/error-reason';
import { MSG } from '../messages';

/** POST /workflow/ai-news/start: the server triggers n8n with a new run (its stages come back as events). */
export const useStartAiNews = (config: WorkflowConfig, params: TriggerParameters) =>
  useApiMutation('workflow.aiNewsStart', (_: void) => ({ body: triggerBody(config, params) }), {
    meta: { error: MSG.workflowErrorTitle, reason: workflowErrorReason },
  });
