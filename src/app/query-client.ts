import { MutationCache, QueryClient, type QueryClientConfig } from '@tanstack/react-query';
import { toast } from '@/components/ui/toast';
import { errorMessage } from '@/lib/http/api-error';
import { addBusySource } from '@/lib/idle';

declare module '@tanstack/react-query' {
  interface Register {
    /** The toasts a mutation shows the way every other does; a screen that words its own shows it itself. */
    mutationMeta: {
      success?: { title: string; description?: string };
      /** The title of the error toast; its description is the failure's German reason (`errorMessage`, or `reason`). */
      error?: string;
      reason?: (error: unknown) => string;
    };
  }
}

/** Shows each mutation's toasts as its `meta` names them: one place instead of one per screen. */
export function toastingMutationCache(): MutationCache {
  return new MutationCache({
    onSuccess: (_data, _variables, _context, mutation) => {
      const success = mutation.meta?.success;
      if (success) toast.success(success.title, success.description ? { description: success.description } : {});
    },
    onError: (error, _variables, _context, mutation) => {
      const meta = mutation.meta;
      if (meta?.error) toast.error(meta.error, { description: (meta.reason ?? errorMessage)(error) });
    },
  });
}

/** One client per app; lib/resilience already retries eligible failures, so queries do not retry again. */
export function createQueryClient(config: QueryClientConfig = {}): QueryClient {
  return new QueryClient({
    mutationCache: toastingMutationCache(),
    ...config,
    defaultOptions: {
      queries: {
        gcTime: 5 * 60 * 1000,
        retry: false,
        refetchOnWindowFocus: false,
        networkMode: 'always',
        ...config.defaultOptions?.queries,
      },
      mutations: { retry: false, networkMode: 'always', ...config.defaultOptions?.mutations },
    },
  });
}

let shared: QueryClient | undefined;

/** The app's client, created on first use so that leaving and re-entering the dashboard keeps the cache. */
export function appQueryClient(): QueryClient {
  if (!shared) {
    const client = createQueryClient();
    addBusySource(() => client.isFetching() > 0);
    shared = client;
  }
  return shared;
}
