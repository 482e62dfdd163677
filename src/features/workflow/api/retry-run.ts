import { useApiMutation } from '@/lib/api/query';
import { workflowErrorReason } from '../lib/error-reason';
import { MSG } from '../messages';

/** POST /workflow/retry/{id}; the error log's Retry makes the same call again. */
export const useRetryRun = () =>
  useApiMutation(
    'workflow.retry',
    (id: string) => ({
      params: { id },
      operation: { kind: 'api.call', args: { id: 'workflow.retry', params: { id } } },
    }),
    { meta: { error: MSG.workflowErrorTitle, reason: workflowErrorReason } },
  );
