import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Avatar, AvatarListProvider, VideoProvider } from '@/lib/api/types';
import { listAvatars, listProviderAvatars, listVideoPlatforms, listVideoProjects } from '@/lib/api/video';
import { avatarsFor } from '../lib/avatars';
import { videoKeys } from './keys';

export const videoPlatformsQueryOptions = () =>
  queryOptions({ queryKey: videoKeys.platforms(), queryFn: ({ signal }) => listVideoPlatforms(signal), staleTime: Infinity });
export const avatarsQueryOptions = () =>
  queryOptions({ queryKey: videoKeys.avatars(), queryFn: ({ signal }) => listAvatars(signal), staleTime: 5 * 60_000 });
/** GET /video/{tavus|heygen}/avatars: the providers SPEC §7 gives an avatar list of their own. */
export const providerAvatarsQueryOptions = (provider: AvatarListProvider) =>
  queryOptions({ queryKey: videoKeys.providerAvatars(provider), queryFn: ({ signal }) => listProviderAvatars(provider, signal), staleTime: 5 * 60_000 });
export const videoProjectsQueryOptions = () =>
  queryOptions({ queryKey: videoKeys.projects(), queryFn: ({ signal }) => listVideoProjects(signal) });

export const useVideoPlatforms = () => useQuery(videoPlatformsQueryOptions());
export const useAvatars = () => useQuery(avatarsQueryOptions());
export const useVideoProjects = () => useQuery(videoProjectsQueryOptions());

const hasOwnList = (platform: VideoProvider): platform is AvatarListProvider => platform === 'tavus' || platform === 'heygen';

/**
 * The avatars New Video offers for a platform (SPEC §5): heygen's from GET /video/heygen/avatars; tavus's own from
 * GET /video/tavus/avatars plus every other avatar (all can be used with Tavus); the others' from GET /video/avatars.
 */
export function usePlatformAvatars(platform: VideoProvider) {
  const own = useQuery({ ...providerAvatarsQueryOptions(hasOwnList(platform) ? platform : 'tavus'), enabled: hasOwnList(platform) });
  const all = useQuery({ ...avatarsQueryOptions(), enabled: platform !== 'heygen' });
  const parts = platform === 'heygen' ? [own] : platform === 'tavus' ? [own, all] : [all];
  const isPending = parts.some((q) => q.isPending);
  const isError = parts.some((q) => q.isError);
  let data: Avatar[] = [];
  if (!isPending && !isError) {
    if (platform === 'heygen') data = own.data ?? [];
    else if (platform === 'tavus') {
      const mine = own.data ?? [];
      data = [...mine, ...avatarsFor(all.data ?? [], 'tavus').filter((a) => !mine.some((m) => m.id === a.id))];
    } else data = avatarsFor(all.data ?? [], platform);
  }
  const refetch = () => Promise.all(parts.filter((q) => q.isError).map((q) => q.refetch()));
  return { data, isPending, isError, refetch };
}
