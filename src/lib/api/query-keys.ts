import { queryOptions } from '@tanstack/react-query';
import { listMedia, SIGNED_ADDRESS_REFRESH_MS } from './media';
import { listPlatforms } from './social';

/**
 * Query keys and queries of resources that more than one screen shows. Social platforms are listed by the
 * Social screen and by Admin → Social: one key, so a connect or disconnect in either refreshes both.
 */
export const socialPlatformKeys = {
  /** Under ['social'], so the Social screen's invalidation of everything social includes it. */
  list: () => ['social', 'platforms'] as const,
};

export const socialPlatformsQueryOptions = () =>
  queryOptions({ queryKey: socialPlatformKeys.list(), queryFn: ({ signal }) => listPlatforms(signal) });

/** prov15: the Media Library's list, shown by the Media screen and by the Social composer's media picker (same key). */
export const mediaLibraryKeys = {
  list: () => ['media', 'list'] as const,
};

export const mediaLibraryQueryOptions = () =>
  queryOptions({
    queryKey: mediaLibraryKeys.list(),
    queryFn: ({ signal }) => listMedia(signal),
    refetchInterval: SIGNED_ADDRESS_REFRESH_MS,
  });
