import { useQuery } from '@tanstack/react-query';
import { apiQuery } from '@/lib/api/query';

export const postsQuery = () => apiQuery('posts.list');
export const usePosts = () => useQuery(postsQuery());
