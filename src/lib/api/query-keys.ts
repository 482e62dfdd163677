import { queryOptions } from '@tanstack/react-query';
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
