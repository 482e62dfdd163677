import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Run } from '@/contract';
import { apiQuery } from '@/lib/api/query';

/** How often the run list is read: every second while a run is running, every 10 s while one waits for review. */
export function runsPollInterval(runs: ReadonlyArray<Pick<Run, 'status'>> = []): number | false {
  if (runs.some((run) => run.status === 'running')) return 1000;
  return runs.some((run) => run.status === 'waiting') ? 10_000 : false;
}

/**
 * GET /workflow/runs: the live run timeline. The server's event stream refreshes it on every stage event; while a run
 * is running it is also read every second (the demo has no event stream), while one waits for review every 10 s.
 */
export const runsQuery = () =>
  queryOptions({
    ...apiQuery('workflow.runs', { query: { limit: 10 } }),
    refetchInterval: (query) => runsPollInterval(query.state.data),
  });
export const useRuns = () => useQuery(runsQuery());
