import { useQuery } from '@tanstack/react-query';
import { apiQuery } from '@/lib/api/query';

/** A story's script, sources, disclosure and platforms. */
export const newsDetailsQuery = (id: string) => apiQuery('news.get', { params: { id } });
export const useNewsDetails = (id: string) => useQuery(newsDetailsQuery(id));
