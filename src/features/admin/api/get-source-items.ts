import { useQuery } from '@tanstack/react-query';
import { apiQuery } from '@/lib/api/query';

/** The newest stored items with the sources that carried them. */
export const sourceItemsQuery = (limit = 20) => apiQuery('sources.items', { query: { limit } });
export const useSourceItems = (limit = 20) => useQuery(sourceItemsQuery(limit));
