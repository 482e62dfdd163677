import { useApiMutation } from '@/lib/api/query';
import { failureReason } from '../lib/failure-reason';
import { messages } from '../messages';

/** Publish: drafts and stories in review. */
export const usePublishNews = () =>
  useApiMutation(
    'news.publish',
    // A keyed POST is kept for the error log's Retry only when the caller names it.
    (id: string) => ({ params: { id }, operation: { kind: 'api.call', args: { id: 'news.publish', params: { id } } } }),
    { meta: { error: messages.publishFailed, reason: failureReason } },
  );
