import { useApiMutation } from '@/lib/api/query';
import { failureReason } from '../lib/failure-reason';
import { messages } from '../messages';

/** Reject: only stories in review. */
export const useRejectNews = () =>
  useApiMutation(
    'news.reject',
    // A keyed POST is kept for the error log's Retry only when the caller names it.
    (id: string) => ({ params: { id }, operation: { kind: 'api.call', args: { id: 'news.reject', params: { id } } } }),
    { meta: { error: messages.rejectFailed, reason: failureReason } },
  );
