import { useQuery } from '@tanstack/react-query';
import { socialPlatformsQueryOptions } from '@/lib/api/query-keys';

/** The same list (and cache entry) as Admin → Social's. */
export const usePlatforms = () => useQuery(socialPlatformsQueryOptions());
