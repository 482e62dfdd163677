import { queryOptions, useQuery } from '@tanstack/react-query';
import type { WorkflowConfig } from '@/db/settings';
import { checkStatus } from '@/lib/webhooks/n8n';

/**
 * n8n's own answers lie outside the server's 'workflow' area (they are not contract calls): a run's event does not
 * make them stale.
 */
export const N8N_KEY = ['n8n'] as const;

/** SPEC §7: GET on the status address; only when one is configured. */
export const n8nStatusQuery = ({ statusUrl, apiKey }: Pick<WorkflowConfig, 'statusUrl' | 'apiKey'>) =>
  queryOptions({
    // The key lives in memory only; it is part of the query key because the answer depends on it.
    queryKey: [...N8N_KEY, 'status', statusUrl.trim(), apiKey ?? ''] as const,
    queryFn: ({ signal }) => checkStatus({ statusUrl, apiKey }, { signal }),
    enabled: statusUrl.trim() !== '',
    retry: false,
    staleTime: 30_000,
  });

export const useN8nStatus = (config: Pick<WorkflowConfig, 'statusUrl' | 'apiKey'>) => useQuery(n8nStatusQuery(config));
