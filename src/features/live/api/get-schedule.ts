import { useQuery } from '@tanstack/react-query';
import { apiQuery } from '@/lib/api/query';

/** Scheduled broadcasts (GET /live/schedule). */
export const scheduleQuery = () => apiQuery('live.schedule');
export const useSchedule = () => useQuery(scheduleQuery());
