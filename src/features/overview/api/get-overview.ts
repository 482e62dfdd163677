import { queryOptions, useQuery } from '@tanstack/react-query';
import { getOverview } from '@/lib/api/overview';

export const overviewKeys = {
  all: ['overview'] as const,
};

export const overviewQueryOptions = () =>
  queryOptions({ queryKey: overviewKeys.all, queryFn: ({ signal }) => getOverview(signal) });

/** GET /dashboard/overview: every figure of the overview screen. */
export const useOverview = () => useQuery(overviewQueryOptions());
