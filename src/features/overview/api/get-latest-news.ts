import { useQuery } from '@tanstack/react-query';
import { apiQuery } from '@/lib/api/query';

/** The newest stories, newest first (AI News Central's list in short). */
export const latestNewsQuery = () => apiQuery('news.latest');
export const useLatestNews = () => useQuery(latestNewsQuery());
