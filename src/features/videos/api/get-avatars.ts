import { queryOptions, useQuery } from '@tanstack/react-query';
import type { AvatarListProvider } from '@/contract';
import { apiQuery } from '@/lib/api/query';

const AVATARS_STALE_MS = 5 * 60_000;

/** Every provider's avatars (GET /video/avatars). */
export const avatarsQuery = () => queryOptions({ ...apiQuery('video.avatars'), staleTime: AVATARS_STALE_MS });
/** GET /video/{tavus|heygen}/avatars: the providers SPEC §7 gives an avatar list of their own. */
export const providerAvatarsQuery = (provider: AvatarListProvider) =>
  queryOptions({ ...apiQuery('video.providerAvatars', { params: { provider } }), staleTime: AVATARS_STALE_MS });

export const useAvatars = () => useQuery(avatarsQuery());
