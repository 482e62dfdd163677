import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { FeedSourcePatch } from '@/contract';
import {
  createSource,
  deleteSource,
  fetchAllSources,
  fetchSource,
  listSourceItems,
  listSources,
  updateSource,
} from '@/lib/api/sources';
import { sourceKeys } from './keys';

export const sourcesQueryOptions = () =>
  queryOptions({ queryKey: sourceKeys.list(), queryFn: ({ signal }) => listSources(signal) });
export const sourceItemsQueryOptions = (limit = 20) =>
  queryOptions({ queryKey: sourceKeys.items(limit), queryFn: ({ signal }) => listSourceItems(limit, signal) });

export const useSources = () => useQuery(sourcesQueryOptions());
export const useSourceItems = (limit = 20) => useQuery(sourceItemsQueryOptions(limit));

/** Every change to a feed (and every fetch) changes the list, the counts and the items. */
function useSourcesMutation<TInput, TResult>(mutationFn: (input: TInput) => Promise<TResult>) {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn, onSuccess: () => queryClient.invalidateQueries({ queryKey: sourceKeys.all }) });
}

export const useCreateSource = () => useSourcesMutation(createSource);
export const useUpdateSource = () =>
  useSourcesMutation(({ id, patch }: { id: string; patch: FeedSourcePatch }) => updateSource(id, patch));
export const useDeleteSource = () => useSourcesMutation(deleteSource);
export const useFetchSource = () => useSourcesMutation(fetchSource);
export const useFetchAllSources = () => useSourcesMutation(() => fetchAllSources());
