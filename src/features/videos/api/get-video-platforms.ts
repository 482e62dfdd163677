import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiQuery } from '@/lib/api/query';

export const useVideoPlatforms = () => useQuery(queryOptions({ ...apiQuery('video.platforms'), staleTime: Infinity }));
