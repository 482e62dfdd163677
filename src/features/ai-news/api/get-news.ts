import { useQuery } from '@tanstack/react-query';
import { apiQuery } from '@/lib/api/query';

export const newsQuery = () => apiQuery('news.list');
export const useNews = () => useQuery(newsQuery());
