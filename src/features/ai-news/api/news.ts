import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { generateNews, getNewsDetails, publishNews, rejectNews, retryNews } from '@/lib/api/news';
import { aiNewsListKeys, aiNewsListQueryOptions } from '@/lib/api/news-list';
import type { AiNewsItem } from '@/contract';

export const newsKeys = {
  all: ['news'] as const,
  list: aiNewsListKeys.list,
  latest: aiNewsListKeys.latest,
  details: (id: string) => [...newsKeys.all, 'details', id] as const,
};

export const newsQueryOptions = aiNewsListQueryOptions;
export const newsDetailsQueryOptions = (id: string) =>
  queryOptions({ queryKey: newsKeys.details(id), queryFn: ({ signal }) => getNewsDetails(id, signal) });
export const useNews = () => useQuery(newsQueryOptions());
/** A story's script, sources, disclosure and platforms (GET /news/{id}). */
export const useNewsDetails = (id: string) => useQuery(newsDetailsQueryOptions(id));

function useNewsMutation<V>(fn: (v: V) => Promise<AiNewsItem>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: fn,
    onSuccess: (item) => {
      queryClient.setQueryData<AiNewsItem[]>(newsKeys.list(), (old) =>
        old?.some((n) => n.id === item.id) ? old.map((n) => (n.id === item.id ? item : n)) : old ? [item, ...old] : old,
      );
      // Under newsKeys.all: the list, the latest items and the story's details.
      return queryClient.invalidateQueries({ queryKey: newsKeys.all });
    },
  });
}

/** Publish: drafts and stories in review (POST /news/{id}/publish). */
export const usePublishNews = () => useNewsMutation((id: string) => publishNews(id));
/** Reject: only stories in review (POST /news/{id}/reject). */
export const useRejectNews = () => useNewsMutation((id: string) => rejectNews(id));
/** Retry: only failed items (POST /news/{id}/retry). */
export const useRetryNews = () => useNewsMutation((id: string) => retryNews(id));
/** POST /news/generate {topic, language} */
export const useGenerateNews = () =>
  useNewsMutation(({ topic, language }: { topic: string; language: string }) => generateNews(topic, language));
