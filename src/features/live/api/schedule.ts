import { queryOptions, useQuery } from '@tanstack/react-query';
import { listScheduledBroadcasts } from '@/lib/api/obs';

export const liveKeys = {
  all: ['live'] as const,
  schedule: () => [...liveKeys.all, 'schedule'] as const,
};

export const scheduleQueryOptions = () =>
  queryOptions({ queryKey: liveKeys.schedule(), queryFn: ({ signal }) => listScheduledBroadcasts(signal) });

/** Scheduled broadcasts (GET /live/schedule). */
export const useScheduledBroadcasts = () => useQuery(scheduleQueryOptions());
