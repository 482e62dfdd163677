import { http, HttpResponse } from 'msw';
import { handle, errorResponse } from '../contract-handler';
import { postsStore } from '../store/posts';
import type { AnyHandler } from '../types';

const notFound = () => errorResponse(404, 'Post nicht gefunden');

/** Post Management: list (search, status filter, paging, X-Total-Count), create, edit, delete over the stateful store. */
export const postsHandlers: AnyHandler[] = [
  handle('posts.list', ({ query }) => {
    const q = query.q?.trim().toLowerCase();
    const matching = postsStore
      .list()
      .filter(
        (p) =>
          (!query.status || p.status === query.status) &&
          (!q || [p.title, p.category, p.content ?? ''].some((field) => field.toLowerCase().includes(q))),
      );
    const offset = query.offset ?? 0;
    const page = matching.slice(offset, query.limit === undefined ? undefined : offset + query.limit);
    return HttpResponse.json(page, { headers: { 'X-Total-Count': String(matching.length) } });
  }),
  handle('posts.create', ({ body }) => postsStore.create(body)),
  handle('posts.update', ({ params, body }) => postsStore.update(params.id, body) ?? notFound()),
  handle('posts.delete', ({ params }) => (postsStore.remove(params.id) ? undefined : notFound())),
  // Benchmark helper (not in the contract): re-seed with many rows (npm run bench, scripts/dev/bench-lists.mjs).
  http.post<never, { count: number }>('*/api/__mock/posts/seed', async ({ request }) => {
    const { count } = await request.json();
    postsStore.seed(Math.min(Math.max(Number(count) || 0, 0), 50_000));
    return new HttpResponse(null, { status: 204 });
  }),
];
