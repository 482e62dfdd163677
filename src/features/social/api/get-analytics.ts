import { useQuery } from '@tanstack/react-query';
import { apiQuery } from '@/lib/api/query';

export const useAnalytics = () => useQuery(apiQuery('social.analytics'));
