import { QueryClient } from '@tanstack/react-query';

/** One client per app; lib/resilience already retries eligible failures, so queries do not retry again. */
export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: { gcTime: 5 * 60 * 1000, retry: false, refetchOnWindowFocus: false, networkMode: 'always' },
      mutations: { retry: false, networkMode: 'always' },
    },
  });
}

let shared: QueryClient | undefined;

/** The app's client, created on first use so that leaving and re-entering the dashboard keeps the cache. */
export function appQueryClient(): QueryClient {
  shared ??= createQueryClient();
  return shared;
}
