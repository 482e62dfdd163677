import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { deleteMedia, listMedia, SIGNED_ADDRESS_REFRESH_MS, uploadMedia } from '@/lib/api/media';
import type { MediaFile } from '@/contract';

export const mediaKeys = {
  all: ['media'] as const,
  list: () => [...mediaKeys.all, 'list'] as const,
};

export const mediaQueryOptions = () =>
  queryOptions({
    queryKey: mediaKeys.list(),
    queryFn: ({ signal }) => listMedia(signal),
    refetchInterval: SIGNED_ADDRESS_REFRESH_MS,
  });
export const useMedia = () => useQuery(mediaQueryOptions());

export function useUploadMedia() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({
      file,
      metadata,
      onProgress,
    }: {
      file: File;
      metadata: Record<string, unknown>;
      onProgress: (p: number) => void;
    }) => uploadMedia(file, metadata, { onProgress }),
    onSuccess: (item) => {
      if (item)
        queryClient.setQueryData<MediaFile[]>(mediaKeys.list(), (old) =>
          old ? [item, ...old.filter((m) => m.id !== item.id)] : old,
        );
      return queryClient.invalidateQueries({ queryKey: mediaKeys.all });
    },
  });
}

export function useDeleteMedia() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => deleteMedia(id),
    onSuccess: (_d, id) => {
      queryClient.setQueryData<MediaFile[]>(mediaKeys.list(), (old) => old?.filter((m) => m.id !== id));
      return queryClient.invalidateQueries({ queryKey: mediaKeys.all });
    },
  });
}
