import { callApi } from './client';

/** GET /news/latest */
export const getLatestNews = (signal?: AbortSignal) => callApi('news.latest', { signal });
/** POST /news/generate {topic, language (default en)} */
export const generateNews = (topic: string, language = 'en') => callApi('news.generate', { body: { topic, language } });
/** GET /news — the AI News Central list. */
export const listNews = (signal?: AbortSignal) => callApi('news.list', { signal });
/** POST /news/{id}/publish — only draft items. */
export const publishNews = (id: string) => callApi('news.publish', { params: { id }, operation: { kind: 'news.publish', args: id } });
/** POST /news/{id}/retry — only failed items. */
export const retryNews = (id: string) => callApi('news.retry', { params: { id }, operation: { kind: 'news.retry', args: id } });
