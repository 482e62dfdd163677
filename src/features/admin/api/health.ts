import { queryOptions, useQueries } from '@tanstack/react-query';
import { checkHealth, HEALTH_POLL_MS, HEALTH_SERVICES } from '@/lib/api/health';
import type { TestResult } from '@/contract';
import { errorMessage } from '@/lib/http/api-error';
import { adminKeys } from './keys';

/** One health check; a failure is a result (offline), not a thrown query error, so the badge can show it. */
export const healthQueryOptions = (service: string) =>
  queryOptions({
    queryKey: adminKeys.health(service),
    queryFn: async ({ signal }): Promise<TestResult> => {
      try {
        return await checkHealth(service, signal);
      } catch (error) {
        return {
          success: false,
          status: 'offline',
          responseTime: 0,
          error: errorMessage(error),
          lastTested: new Date().toISOString(),
        };
      }
    },
    // SPEC §7/§9: polled every 30000 ms while the screen is open.
    refetchInterval: HEALTH_POLL_MS,
    refetchIntervalInBackground: false,
    retry: false,
    staleTime: HEALTH_POLL_MS,
  });

/** Health results by service, for the services that have a health path. */
export function useHealthChecks(): Record<string, TestResult | undefined> {
  return useQueries({
    queries: HEALTH_SERVICES.map((s) => healthQueryOptions(s)),
    combine: (results) => Object.fromEntries(HEALTH_SERVICES.map((s, i) => [s, results[i]?.data])),
  });
}
