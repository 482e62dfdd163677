import { http, HttpResponse } from 'msw';
import * as z from 'zod/mini';
import { schemas } from '@/contract';
import type { NewPost, Post } from '@/lib/api/types';
import { postsStore } from '../store/posts';
import type { AnyHandler } from '../types';

const notFound = () => HttpResponse.json<{ message: string }>({ message: 'Post nicht gefunden' }, { status: 404 });

/** Post Management: list, create, edit, delete over the stateful store. */
export const postsHandlers: AnyHandler[] = [
  // Paging, search and status filter of the contract; the total before paging goes in X-Total-Count.
  http.get<never, never, Post[]>('*/api/posts', ({ request }) => {
    const search = new URL(request.url).searchParams;
    const q = search.get('q')?.trim().toLowerCase() ?? '';
    const status = search.get('status');
    const matching = postsStore.list().filter((p) => (!status || p.status === status) && (!q || [p.title, p.category, p.content ?? ''].some((text) => text.toLowerCase().includes(q))));
    const offset = Number(search.get('offset') ?? 0) || 0;
    const limit = search.has('limit') ? Number(search.get('limit')) : matching.length;
    return HttpResponse.json(matching.slice(offset, offset + limit), { headers: { 'X-Total-Count': String(matching.length) } });
  }),
  http.post<never, NewPost, Post | { message: string }>('*/api/posts', async ({ request }) => {
    const body = await request.json();
    if (!body || typeof body.title !== 'string' || !body.title.trim()) return HttpResponse.json({ message: 'Titel fehlt' }, { status: 400 });
    return HttpResponse.json(postsStore.create(body), { status: 201 });
  }),
  http.patch<{ id: string }, Partial<NewPost>, Post | { message: string }>('*/api/posts/:id', async ({ params, request }) => {
    const patch = z.safeParse(schemas.PostPatch, await request.json());
    if (!patch.success) return HttpResponse.json({ message: 'Ungültige Änderung' }, { status: 400 });
    const updated = postsStore.update(params.id, patch.data);
    return updated ? HttpResponse.json<Post>(updated) : notFound();
  }),
  http.delete<{ id: string }>('*/api/posts/:id', ({ params }) => (postsStore.remove(params.id) ? new HttpResponse(null, { status: 204 }) : notFound())),
  // Benchmark helper: re-seed with many rows (scripts/bench-posts.mjs).
  http.post<never, { count: number }>('*/api/__mock/posts/seed', async ({ request }) => {
    const { count } = await request.json();
    postsStore.seed(Math.min(Math.max(Number(count) || 0, 0), 50_000));
    return new HttpResponse(null, { status: 204 });
  }),
];
