// The operation is the unit of a screen's data code: its query key, its query and its mutation are derived from the
// operation id, and what a success makes stale comes from the contract (`topic`, `invalidates`).
import {
  queryOptions,
  type FetchQueryOptions,
  type QueryState,
  useMutation,
  useQueryClient,
  type QueryClient,
  type UseMutationOptions,
} from '@tanstack/react-query';
import type { OperationDef, OperationId, ResponseOf } from '@/contract';
import { areaOf } from '@/contract/area';
import { callApi, loadContract, type CallArgs, type CallInput } from './client';

type KeyInput = { params?: unknown; query?: unknown } | undefined;

/** The query key of a call: its area (every query of a topic's area goes stale together), its id, its params and query. */
export function apiKey(id: OperationId, input?: KeyInput): readonly unknown[] {
  const { params, query } = input ?? {};
  const args = { ...(params ? { params } : {}), ...(query ? { query } : {}) };
  return Object.keys(args).length > 0 ? [areaOf(id), id, args] : [areaOf(id), id];
}

// Queries fetched before any screen showed them (a deep link's first list, app/first-data): query hash → when.
const prefetchedUnseen = new Map<string, number>();
/** How long such an answer is good for a first mount; the screen comes within a few seconds of the page's start. */
const PREFETCH_FRESH_MS = 60_000;

/**
 * Whether a mount takes the answer fetched before the screen was drawn. The query's observer asks twice per mount (for
 * its first result, then as it subscribes): the entry goes once the first mount has subscribed; the next one asks again.
 */
function takesPrefetched(query: { queryHash: string; state: QueryState; getObserversCount(): number }): boolean {
  const at = prefetchedUnseen.get(query.queryHash);
  if (at === undefined || at !== query.state.dataUpdatedAt || query.state.isInvalidated) return false;
  if (Date.now() - at > PREFETCH_FRESH_MS) return false;
  if (query.getObserversCount() > 0) queueMicrotask(() => prefetchedUnseen.delete(query.queryHash));
  return true;
}

/** The query of a read operation: its key and a `queryFn` that makes the call, cancelled with the query. */
export function apiQuery<K extends OperationId>(id: K, ...args: CallArgs<K>) {
  const [input] = args as [CallInput<K> | undefined];
  const call = callApi as (id: K, input: object) => Promise<ResponseOf<K>>;
  return queryOptions({
    queryKey: apiKey(id, input),
    queryFn: ({ signal }) => call(id, { ...input, signal }),
    // The first mount takes the answer fetched for it before the screen was drawn, instead of asking again.
    refetchOnMount: (query) => !takesPrefetched(query),
  });
}

/**
 * Fetches a query before its screen is drawn; when the answer is in and no screen shows the query yet, the first one
 * to show it uses that answer (a screen that mounted meanwhile shared the request already).
 */
export async function prefetchApiQuery<T>(
  client: QueryClient,
  options: FetchQueryOptions<T, Error, T, readonly unknown[]>,
): Promise<void> {
  // A screen that asked already (its call may have taken the answer sent at the start) is not asked for again.
  const known = client.getQueryState(options.queryKey);
  if (known && (known.status === 'success' || known.fetchStatus === 'fetching')) return;
  await client.prefetchQuery(options);
  const query = client.getQueryCache().find({ queryKey: options.queryKey, exact: true });
  if (query?.state.status === 'success' && query.getObserversCount() === 0)
    prefetchedUnseen.set(query.queryHash, query.state.dataUpdatedAt);
}

const idIn = (value: unknown): string | undefined =>
  value && typeof value === 'object' && 'id' in value && typeof value.id === 'string' ? value.id : undefined;

/**
 * Marks stale what an operation's success changed, unless the server's event for the same change has done so already
 * (then the list is not fetched twice).
 */
export async function refreshAfter(
  queryClient: QueryClient,
  id: OperationId,
  result: unknown,
  input: { params?: Record<string, string> } | undefined,
): Promise<void> {
  // What a change makes stale loads with the first success, not before a screen's heading.
  const [{ operations }, { needsRefresh, refreshAreas }, { staleAreas }] = await Promise.all([
    loadContract(),
    import('./refresh'),
    import('@/contract/topics'),
  ]);
  const def: OperationDef = operations[id];
  if (def.topic && !needsRefresh('mutation', def.topic, idIn(result) ?? input?.params?.id)) return;
  await refreshAreas(queryClient, staleAreas(id, def));
}

type MutationOptions<K extends OperationId, V, C> = Omit<
  UseMutationOptions<ResponseOf<K>, Error, V, C>,
  'mutationFn' | 'mutationKey'
>;

/**
 * The mutation of an operation: `toInput` turns the screen's variables into the call's input (without it, the
 * variables are the input). On success what the operation changed is marked stale (awaited, so a screen's own
 * `onSuccess` sees fresh lists), then the options' `onSuccess` runs; `meta` names the toasts the query client shows.
 */
export function useApiMutation<K extends OperationId, V = CallInput<K>, C = unknown>(
  id: K,
  toInput?: (variables: V) => CallInput<K>,
  options: MutationOptions<K, V, C> = {},
) {
  const queryClient = useQueryClient();
  const call = callApi as (id: K, input: CallInput<K>) => Promise<ResponseOf<K>>;
  const inputOf = (variables: V): CallInput<K> => (toInput ? toInput(variables) : (variables as CallInput<K>));
  return useMutation<ResponseOf<K>, Error, V, C>({
    mutationKey: [areaOf(id), id],
    ...options,
    mutationFn: (variables) => call(id, inputOf(variables)),
    onSuccess: async (data, variables, onMutateResult, context) => {
      await refreshAfter(queryClient, id, data, inputOf(variables) as { params?: Record<string, string> });
      await options.onSuccess?.(data, variables, onMutateResult, context);
    },
  });
}
