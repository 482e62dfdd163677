import { useApiMutation } from '@/lib/api/query';
import { failureReason } from '../lib/failure-reason';
import { messages } from '../messages';

/** Retry: only failed items. */
export const useRetryNews = () =>
  useApiMutation(
    'news.retry',
    // A keyed POST is kept for the error log's Retry only when the caller names it.
    (id: string) => ({ params: { id }, operation: { kind: 'api.call', args: { id: 'news.retry', params: { id } } } }),
    { meta: { error: messages.retryFailed, reason: failureReason } },
  );
