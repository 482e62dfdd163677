import { http, HttpResponse } from 'msw';
import type { AiNewsItem } from '@/contract';
import { errorResponse, handle } from '../contract-handler';
import { newsStore, NewsTransitionError, NoMatchingItemError } from '../store/news';
import type { AnyHandler } from '../types';

function transition(item: () => AiNewsItem | undefined): AiNewsItem | Response {
  try {
    return item() ?? errorResponse(404, 'Meldung nicht gefunden');
  } catch (error) {
    if (error instanceof NewsTransitionError) return errorResponse(409, error.message);
    throw error;
  }
}

/** AI news: the list, the latest items, a story's details, generation, publish (drafts, review), reject (review) and retry (failed items). */
export const newsHandlers: AnyHandler[] = [
  handle('news.list', ({ query }) => {
    const since = query.publishedSince;
    // As the server does: the instants are toISOString's, so they compare as text.
    return since
      ? newsStore.list().filter((n) => n.status === 'published' && n.publishedAt !== null && n.publishedAt >= since)
      : newsStore.list();
  }),
  handle('news.latest', () => newsStore.latest()),
  // After news.latest: /news/latest also fits /news/{id}.
  handle('news.get', ({ params }) => newsStore.get(params.id) ?? errorResponse(404, 'Meldung nicht gefunden')),
  handle('news.generate', ({ body }) => {
    try {
      return newsStore.generate(body.topic.trim());
    } catch (error) {
      if (error instanceof NoMatchingItemError) return errorResponse(422, error.message);
      throw error;
    }
  }),
  handle('news.publish', ({ params }) => transition(() => newsStore.publish(params.id))),
  handle('news.reject', ({ params }) => transition(() => newsStore.reject(params.id))),
  handle('news.retry', ({ params }) => transition(() => newsStore.retry(params.id))),
  // Benchmark helper (not in the contract): re-seed with many items (npm run bench).
  http.post<never, { count: number }>('*/api/__mock/news/seed', async ({ request }) => {
    const { count } = await request.json();
    newsStore.seed(Math.min(Math.max(Number(count) || 0, 0), 50_000));
    return new HttpResponse(null, { status: 204 });
  }),
];
