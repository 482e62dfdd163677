import { useQuery } from '@tanstack/react-query';
import { apiQuery } from '@/lib/api/query';

export const useScheduledPosts = () => useQuery(apiQuery('social.scheduled'));
