import { useQuery } from '@tanstack/react-query';
import type { Avatar, AvatarListProvider, VideoPlatformId } from '@/contract';
import { avatarsQuery, providerAvatarsQuery } from '../api/get-avatars';
import { avatarsFor } from '../lib/avatars';

const hasOwnList = (platform: VideoPlatformId): platform is AvatarListProvider =>
  platform === 'tavus' || platform === 'heygen';

/**
 * The avatars New Video offers for a platform (SPEC §5): heygen's from GET /video/heygen/avatars; tavus's own from
 * GET /video/tavus/avatars plus every other avatar (all can be used with Tavus); the others' from GET /video/avatars.
 * The local platform uses none.
 */
export function usePlatformAvatars(platform: VideoPlatformId) {
  const own = useQuery({
    ...providerAvatarsQuery(hasOwnList(platform) ? platform : 'tavus'),
    enabled: hasOwnList(platform),
  });
  const all = useQuery({ ...avatarsQuery(), enabled: platform !== 'heygen' && platform !== 'local' });
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
