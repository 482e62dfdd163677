import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { listPlatforms, setPlatformConnected } from '@/lib/api/social';
import type { Platform } from '@/lib/api/types';
import { adminKeys } from './keys';

export const platformsQueryOptions = () => queryOptions({ queryKey: adminKeys.platforms(), queryFn: ({ signal }) => listPlatforms(signal) });

export const usePlatforms = () => useQuery(platformsQueryOptions());

export function useSetPlatformConnected() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, connected }: { id: Platform; connected: boolean }) => setPlatformConnected(id, connected),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: adminKeys.platforms() }),
  });
}
