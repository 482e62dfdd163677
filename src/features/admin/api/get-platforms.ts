import { useQuery } from '@tanstack/react-query';
import { socialPlatformsQueryOptions } from '@/lib/api/query-keys';

/** The same list (and cache entry) as the Social screen's. */
export const usePlatforms = () => useQuery(socialPlatformsQueryOptions());
