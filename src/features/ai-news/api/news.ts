import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { generateNews, getLatestNews, listNews, publishNews, retryNews } from '@/lib/api/news';
import type { AiNewsItem } from '@/lib/api/types';

export const newsKeys = {
  all: ['news'] as const,
  list: () => [...newsKeys.all, 'list'] as const,
  latest: () => [...newsKeys.all, 'latest'] as const,
};

export const newsQueryOptions = () => queryOptions({ queryKey: newsKeys.list(), queryFn: ({ signal }) => listNews(signal) });
export const latestNewsQueryOptions = () => queryOptions({ queryKey: newsKeys.latest(), queryFn: ({ signal }) => getLatestNews(signal) });
export const useNews = () => useQuery(newsQueryOptions());

function useNewsMutation<V>(fn: (v: V) => Promise<AiNewsItem>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: fn,
    onSuccess: (item) => {
      queryClient.setQueryData<AiNewsItem[]>(newsKeys.list(), (old) => (old?.some((n) => n.id === item.id) ? old.map((n) => (n.id === item.id ? item : n)) : old ? [item, ...old] : old));
      return queryClient.invalidateQueries({ queryKey: newsKeys.all });
    },
  });
}

/** Publish: only draft items (POST /news/{id}/publish). */
export const usePublishNews = () => useNewsMutation((id: string) => publishNews(id));
/** Retry: only failed items (POST /news/{id}/retry). */
export const useRetryNews = () => useNewsMutation((id: string) => retryNews(id));
/** POST /news/generate {topic, language} */
export const useGenerateNews = () => useNewsMutation(({ topic, language }: { topic: string; language: string }) => generateNews(topic, language));
