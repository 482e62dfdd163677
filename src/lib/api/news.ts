import { apiRequest } from './client';
import type { AiNewsItem } from './types';

/** GET /news/latest */
export const getLatestNews = (signal?: AbortSignal) => apiRequest<AiNewsItem[]>('/news/latest', { signal });

/** POST /news/generate {topic, language (default en)} */
export const generateNews = (topic: string, language = 'en') =>
  apiRequest<AiNewsItem>('/news/generate', { method: 'POST', json: { topic, language } });

/** GET /news — the AI News Central list. */
export const listNews = (signal?: AbortSignal) => apiRequest<AiNewsItem[]>('/news', { signal });

/** POST /news/{id}/publish — only draft items. */
export const publishNews = (id: string) =>
  apiRequest<AiNewsItem>(`/news/${encodeURIComponent(id)}/publish`, { method: 'POST', operation: { kind: 'news.publish', args: id } });

/** POST /news/{id}/retry — only failed items. */
export const retryNews = (id: string) =>
  apiRequest<AiNewsItem>(`/news/${encodeURIComponent(id)}/retry`, { method: 'POST', operation: { kind: 'news.retry', args: id } });
