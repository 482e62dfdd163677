import { http, HttpResponse } from 'msw';
import type { AiNewsItem } from '@/lib/api/types';
import { newsStore, NewsTransitionError } from '../store/news';
import type { AnyHandler } from '../types';

type Transition = (id: string) => AiNewsItem | undefined;

function transition(run: Transition) {
  return ({ params }: { params: { id: string } }) => {
    try {
      const item = run(params.id);
      return item ? HttpResponse.json(item) : HttpResponse.json({ message: 'Meldung nicht gefunden' }, { status: 404 });
    } catch (error) {
      if (error instanceof NewsTransitionError) return HttpResponse.json({ message: error.message }, { status: 409 });
      throw error;
    }
  };
}

/** AI news: the list, the latest items, generation, publish (drafts) and retry (failed items). */
export const newsHandlers: AnyHandler[] = [
  http.get<never, never, AiNewsItem[]>('*/api/news', () => HttpResponse.json(newsStore.list())),
  http.get<never, never, AiNewsItem[]>('*/api/news/latest', () => HttpResponse.json(newsStore.latest())),
  http.post<never, { topic?: string; language?: string }, AiNewsItem | { message: string }>('*/api/news/generate', async ({ request }) => {
    const { topic } = await request.json();
    if (!topic || !topic.trim()) return HttpResponse.json({ message: 'Thema fehlt' }, { status: 400 });
    return HttpResponse.json(newsStore.generate(topic.trim()), { status: 201 });
  }),
  http.post<{ id: string }>('*/api/news/:id/publish', transition((id) => newsStore.publish(id))),
  http.post<{ id: string }>('*/api/news/:id/retry', transition((id) => newsStore.retry(id))),
  // Benchmark helper: re-seed with many items (npm run bench).
  http.post<never, { count: number }>('*/api/__mock/news/seed', async ({ request }) => {
    const { count } = await request.json();
    newsStore.seed(Math.min(Math.max(Number(count) || 0, 0), 50_000));
    return new HttpResponse(null, { status: 204 });
  }),
];
