import { useMutation } from '@tanstack/react-query';
import type { WorkflowConfig } from '@/db/settings';
import { testWebhook } from '@/lib/webhooks/n8n';

/** SPEC §7: a test POST to the operator's webhook (not a contract call). */
export const useTestWebhook = (config: WorkflowConfig) => useMutation({ mutationFn: () => testWebhook(config) });
