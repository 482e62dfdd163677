import type { QueryClient } from '@tanstack/react-query';
import { prefetchApiQuery } from '@/lib/api/query';

// A deep link's first list, asked for as the live desk's page starts: the request goes out beside the app's scripts,
// not after the screen's first render (Media's first thumbnail waits for it). The screen's own query, by the same
// options, shares the request or takes its answer.
const FIRST_DATA: Readonly<Record<string, (client: QueryClient) => Promise<void>>> = {
  '/dashboard/media': (client) =>
    import('@/lib/api/query-keys').then((m) => prefetchApiQuery(client, m.mediaLibraryQueryOptions())),
  '/dashboard/posts': (client) =>
    import('@/features/posts/api/get-posts').then((m) => prefetchApiQuery(client, m.postsQuery())),
  '/dashboard/ai-news': (client) =>
    import('@/features/ai-news/api/get-news').then((m) => prefetchApiQuery(client, m.newsQuery())),
};

/** Starts the first query of the screen at `pathname`, if it has one; a failure is left to the screen's own query. */
export async function prefetchFirstData(pathname: string): Promise<void> {
  const prefetch = FIRST_DATA[pathname.replace(/\/+$/, '')];
  if (!prefetch) return;
  const { appQueryClient } = await import('./query-client');
  await prefetch(appQueryClient());
}
