import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { socialPlatformKeys, socialPlatformsQueryOptions } from '@/lib/api/query-keys';
import { setPlatformConnected } from '@/lib/api/social';
import type { Platform } from '@/contract';

/** The same list (and cache entry) as the Social screen's. */
export const usePlatforms = () => useQuery(socialPlatformsQueryOptions());

export function useSetPlatformConnected() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, connected }: { id: Platform; connected: boolean }) => setPlatformConnected(id, connected),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: socialPlatformKeys.list() }),
  });
}
