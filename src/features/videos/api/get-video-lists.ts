import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Avatar, AvatarListProvider, VideoPlatformId, VideoProject } from '@/contract';
import { listAvatars, listProviderAvatars, listVideoPlatforms, listVideoProjects } from '@/lib/api/video';
import { SIGNED_ADDRESS_REFRESH_MS } from '@/lib/api/media';
import { avatarsFor } from '../lib/avatars';
import { videoKeys } from './keys';

export const videoPlatformsQueryOptions = () =>
  queryOptions({
    queryKey: videoKeys.platforms(),
    queryFn: ({ signal }) => listVideoPlatforms(signal),
    staleTime: Infinity,
  });
export const avatarsQueryOptions = () =>
  queryOptions({ queryKey: videoKeys.avatars(), queryFn: ({ signal }) => listAvatars(signal), staleTime: 5 * 60_000 });
/** GET /video/{tavus|heygen}/avatars: the providers SPEC §7 gives an avatar list of their own. */
export const providerAvatarsQueryOptions = (provider: AvatarListProvider) =>
  queryOptions({
    queryKey: videoKeys.providerAvatars(provider),
    queryFn: ({ signal }) => listProviderAvatars(provider, signal),
    staleTime: 5 * 60_000,
  });
export const videoProjectsQueryOptions = () =>
  queryOptions({ queryKey: videoKeys.projects(), queryFn: ({ signal }) => listVideoProjects(signal) });

export const useVideoPlatforms = () => useQuery(videoPlatformsQueryOptions());
export const useAvatars = () => useQuery(avatarsQueryOptions());
/** How often My Projects reloads while a local project renders (the provider projects poll their status instead). */
export const LOCAL_PROJECTS_POLL_MS = 5000;
const localRendering = (projects: VideoProject[] | undefined) =>
  projects?.some((p) => p.platform === 'local' && p.status === 'processing') ?? false;

export const useVideoProjects = () =>
  useQuery({
    ...videoProjectsQueryOptions(),
    refetchInterval: (query) => (localRendering(query.state.data) ? LOCAL_PROJECTS_POLL_MS : SIGNED_ADDRESS_REFRESH_MS),
  });

const hasOwnList = (platform: VideoPlatformId): platform is AvatarListProvider =>
  platform === 'tavus' || platform === 'heygen';

/**
 * The avatars New Video offers for a platform (SPEC §5): heygen's from GET /video/heygen/avatars; tavus's own from
 * GET /video/tavus/avatars plus every other avatar (all can be used with Tavus); the others' from GET /video/avatars.
 * The local platform uses none.
 */
export function usePlatformAvatars(platform: VideoPlatformId) {
  const own = useQuery({
    ...providerAvatarsQueryOptions(hasOwnList(platform) ? platform : 'tavus'),
    enabled: hasOwnList(platform),
  });
  const all = useQuery({ ...avatarsQueryOptions(), enabled: platform !== 'heygen' && platform !== 'local' });
  if (platform === 'local')
    return { data: [] as Avatar[], isPending: false, isError: false, refetch: () => Promise.resolve([]) };
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
