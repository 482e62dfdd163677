import { useQuery } from '@tanstack/react-query';
import { apiQuery } from '@/lib/api/query';

export const sourcesQuery = () => apiQuery('sources.list');
export const useSources = () => useQuery(sourcesQuery());
