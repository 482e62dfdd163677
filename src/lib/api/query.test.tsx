import { act, renderHook, screen, waitFor } from '@testing-library/react';
import { QueryClientProvider, useQuery } from '@tanstack/react-query';
import { http, HttpResponse } from 'msw';
import type * as React from 'react';
import { Toaster } from 'sonner';
import { server } from '@/mocks/node';
import { createTestQueryClient } from '../../../tests/render';
import { apiKey, apiQuery, prefetchApiQuery, useApiMutation } from './query';
import { forgetChanges, refreshTopic } from './refresh';

beforeEach(() => forgetChanges());

function setup() {
  const queryClient = createTestQueryClient();
  const wrapper = ({ children }: { children: React.ReactNode }) => (
    <QueryClientProvider client={queryClient}>
      {children}
      <Toaster />
    </QueryClientProvider>
  );
  return { queryClient, wrapper };
}

/** A backend whose post list counts its reads. */
function countingPosts() {
  const reads = { posts: 0, overview: 0 };
  server.use(
    http.get('*/api/posts', () => {
      reads.posts += 1;
      return HttpResponse.json([]);
    }),
    http.post('*/api/posts', () =>
      HttpResponse.json(
        {
          id: 'post-neu',
          title: 'Neu',
          status: 'draft',
          platform: 'youtube',
          views: 0,
          engagement: 0,
          publishDate: '2026-11-27',
          category: 'Politik',
        },
        { status: 201 },
      ),
    ),
  );
  return reads;
}

test('the key of a call is its area, its id and its params and query', () => {
  expect(apiKey('posts.list')).toEqual(['posts', 'posts.list']);
  expect(apiKey('news.get', { params: { id: 'n1' } })).toEqual(['news', 'news.get', { params: { id: 'n1' } }]);
  expect(apiQuery('workflow.logs', { params: { id: 'wf' } }).queryKey).toEqual([
    'workflow',
    'workflow.logs',
    { params: { id: 'wf' } },
  ]);
});

test('a create refetches the list once when the server announces the same post, in either order', async () => {
  const reads = countingPosts();
  const { queryClient, wrapper } = setup();
  const { result } = renderHook(
    () => ({
      list: useQuery(apiQuery('posts.list')),
      create: useApiMutation('posts.create', (title: string) => ({
        body: {
          title,
          status: 'draft' as const,
          platform: 'youtube' as const,
          category: 'Politik',
          publishDate: '2026-11-27',
        },
      })),
    }),
    { wrapper },
  );
  await waitFor(() => expect(result.current.list.isSuccess).toBe(true));
  expect(reads.posts).toBe(1);

  // The mutation's answer first, then the server's event of the same post: one refetch.
  await act(() => result.current.create.mutateAsync('Neu'));
  expect(reads.posts).toBe(2);
  await act(() => refreshTopic(queryClient, 'posts', 'post-neu'));
  await waitFor(() => expect(queryClient.isFetching()).toBe(0));
  expect(reads.posts).toBe(2);

  // The event first (the server announces before it answers), then the answer: one refetch.
  await act(() => refreshTopic(queryClient, 'posts', 'post-neu'));
  await waitFor(() => expect(queryClient.isFetching()).toBe(0));
  expect(reads.posts).toBe(3);
  await act(() => result.current.create.mutateAsync('Neu'));
  expect(reads.posts).toBe(3);

  // Another console's change of the same post afterwards is its own change: refetched.
  await act(() => refreshTopic(queryClient, 'posts', 'post-neu'));
  await waitFor(() => expect(queryClient.isFetching()).toBe(0));
  expect(reads.posts).toBe(4);
});

test("a post's change makes the overview stale too; a failed mutation shows its meta's toast with the German reason", async () => {
  countingPosts();
  server.use(http.delete('*/api/posts/:id', () => new HttpResponse('Post nicht gefunden.', { status: 404 })));
  const { queryClient, wrapper } = setup();
  queryClient.setQueryData(['dashboard', 'dashboard.overview'], { cached: true });
  const { result } = renderHook(
    () => useApiMutation('posts.delete', (id: string) => ({ params: { id } }), { meta: { error: 'Fehler' } }),
    { wrapper },
  );
  await act(() => refreshTopic(queryClient, 'posts', 'post-1'));
  expect(queryClient.getQueryState(['dashboard', 'dashboard.overview'])?.isInvalidated).toBe(true);

  await act(async () => {
    await result.current.mutateAsync('post-404').catch(() => undefined);
  });
  expect(await screen.findByText('Fehler')).toBeInTheDocument();
  expect(screen.getByText('API request failed with status 404: Post nicht gefunden.')).toBeInTheDocument();
});

describe('a query fetched before its screen is drawn', () => {
  test('the first screen to show it takes that answer; a later one asks again', async () => {
    const reads = countingPosts();
    const { queryClient, wrapper } = setup();
    await prefetchApiQuery(queryClient, apiQuery('posts.list'));
    expect(reads.posts).toBe(1);

    const first = renderHook(() => useQuery(apiQuery('posts.list')), { wrapper });
    await waitFor(() => expect(first.result.current.isSuccess).toBe(true));
    first.unmount();
    expect(reads.posts).toBe(1);

    const again = renderHook(() => useQuery(apiQuery('posts.list')), { wrapper });
    await waitFor(() => expect(reads.posts).toBe(2));
    again.unmount();
  });

  test('a screen that mounted while it was under way shares the request, and the next one asks again', async () => {
    const reads = countingPosts();
    const { queryClient, wrapper } = setup();
    const prefetch = prefetchApiQuery(queryClient, apiQuery('posts.list'));
    const shown = renderHook(() => useQuery(apiQuery('posts.list')), { wrapper });
    await prefetch;
    await waitFor(() => expect(shown.result.current.isSuccess).toBe(true));
    expect(reads.posts).toBe(1);
    shown.unmount();

    const again = renderHook(() => useQuery(apiQuery('posts.list')), { wrapper });
    await waitFor(() => expect(reads.posts).toBe(2));
    again.unmount();
  });

  test('a prefetch that comes after the screen has its answer does not ask again', async () => {
    const reads = countingPosts();
    const { queryClient, wrapper } = setup();
    const shown = renderHook(() => useQuery(apiQuery('posts.list')), { wrapper });
    await waitFor(() => expect(shown.result.current.isSuccess).toBe(true));
    await prefetchApiQuery(queryClient, apiQuery('posts.list'));
    expect(reads.posts).toBe(1);
    shown.unmount();
  });

  test('without a prefetch a screen that mounts onto a cached answer asks again, as before', async () => {
    const reads = countingPosts();
    const { queryClient, wrapper } = setup();
    await queryClient.prefetchQuery(apiQuery('posts.list'));
    const shown = renderHook(() => useQuery(apiQuery('posts.list')), { wrapper });
    await waitFor(() => expect(reads.posts).toBe(2));
    shown.unmount();
  });
});
