import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiQuery } from '@/lib/api/query';

/** GET /workflow/logs/{id}?limit=10: the last runs of the configured workflow. */
export const logsQuery = (workflowId: string) =>
  queryOptions({
    ...apiQuery('workflow.logs', { params: { id: workflowId }, query: { limit: 10 } }),
    enabled: workflowId.trim() !== '',
  });
export const useLogs = (workflowId: string) => useQuery(logsQuery(workflowId));
