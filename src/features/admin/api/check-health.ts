import { queryOptions, useQueries } from '@tanstack/react-query';
import type { TestResult } from '@/contract';
import { checkHealth, HEALTH_POLL_MS, HEALTH_SERVICES, type HealthService } from '@/lib/api/health';
import { apiKey } from '@/lib/api/query';
import { errorMessage } from '@/lib/http/api-error';

/** One health check; a failure is a result (offline), not a thrown query error, so the badge can show it. */
export const healthQuery = (service: HealthService) =>
  queryOptions({
    queryKey: apiKey('health.service', { params: { service } }),
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
    queries: HEALTH_SERVICES.map((s) => healthQuery(s)),
    combine: (results) => Object.fromEntries(HEALTH_SERVICES.map((s, i) => [s, results[i]?.data])),
  });
}
