import { callApi } from './client';

/** GET /news/latest */
export const getLatestNews = (signal?: AbortSignal) => callApi('news.latest', { signal });
/** POST /news/generate {topic, language (default en)} */
export const generateNews = (topic: string, language = 'en') => callApi('news.generate', { body: { topic, language } });
/** GET /news — the AI News Central list. */
export const listNews = (signal?: AbortSignal) => callApi('news.list', { signal });
/** GET /news/{id} — a story with its script, sources, disclosure and where it went. */
export const getNewsDetails = (id: string, signal?: AbortSignal) => callApi('news.get', { params: { id }, signal });
/** POST /news/{id}/publish — drafts and stories in review. */
export const publishNews = (id: string) =>
  callApi('news.publish', { params: { id }, operation: { kind: 'news.publish', args: id } });
/** POST /news/{id}/reject — only stories in review. */
export const rejectNews = (id: string) =>
  callApi('news.reject', { params: { id }, operation: { kind: 'news.reject', args: id } });
/** POST /news/{id}/retry — only failed items. */
export const retryNews = (id: string) =>
  callApi('news.retry', { params: { id }, operation: { kind: 'news.retry', args: id } });
