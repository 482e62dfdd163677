import { useQuery } from '@tanstack/react-query';
import { apiQuery } from '@/lib/api/query';

/** Every figure of the overview screen. */
export const overviewQuery = () => apiQuery('dashboard.overview');
export const useOverview = () => useQuery(overviewQuery());
