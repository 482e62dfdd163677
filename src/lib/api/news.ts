import { callApi } from './client';

/** POST /news/{id}/publish — drafts and stories in review. */
export const publishNews = (id: string) =>
  callApi('news.publish', {
    params: { id },
    // A keyed POST is kept for the error log's Retry only when the caller names it.
    operation: { kind: 'api.call', args: { id: 'news.publish', params: { id } } },
  });
