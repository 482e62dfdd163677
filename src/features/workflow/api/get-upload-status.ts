import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiKey, apiQuery } from '@/lib/api/query';
import { N8N_KEY } from './get-n8n-status';

/**
 * GET /workflow/n8n/status/{id} of a workflow file registered with the backend. n8n's state of the file, so under
 * n8n's key: a run's event does not refetch it.
 */
export const uploadStatusQuery = (id: string | undefined) => {
  const input = { params: { id: id ?? '' } };
  return queryOptions({
    queryKey: [...N8N_KEY, ...apiKey('workflow.n8nStatus', input)],
    queryFn: apiQuery('workflow.n8nStatus', input).queryFn,
    enabled: Boolean(id),
  });
};
export const useUploadStatus = (id: string | undefined) => useQuery(uploadStatusQuery(id));
