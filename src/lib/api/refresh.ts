// Refreshing after a change, shared by the event stream (in the shell) and the mutations: no client code here.
import type { QueryClient } from '@tanstack/react-query';
import { STALE_AFTER, type ChangeTopic } from '@/contract/topics';

/** How long a refresh for one change waits for its twin (the console's own answer, or the server's event). */
const TWIN_WINDOW_MS = 5000;
const refreshed = new Map<string, { by: 'event' | 'mutation'; at: number }>();

/**
 * Whether this change still needs a refresh. A change the console made itself is heard twice: its mutation's answer and
 * the server's event, in either order. The first refreshes and is noted; the other one of the pair finds the note and
 * skips, so a create refetches its list once. Two events in a row both refresh: each may be a change of its own.
 */
export function needsRefresh(
  by: 'event' | 'mutation',
  topic: ChangeTopic,
  id: string | undefined,
  now = Date.now(),
): boolean {
  if (!id) return true;
  const key = `${topic}:${id}`;
  const twin = refreshed.get(key);
  if (twin && twin.by !== by && now - twin.at <= TWIN_WINDOW_MS) {
    refreshed.delete(key);
    return false;
  }
  refreshed.set(key, { by, at: now });
  if (refreshed.size > 500) for (const [k, v] of refreshed) if (now - v.at > TWIN_WINDOW_MS) refreshed.delete(k);
  return true;
}

/** Marks stale what a change of `topic` touches (the server's event stream calls this for each event). */
export function refreshTopic(queryClient: QueryClient, topic: ChangeTopic, id?: string): Promise<void> {
  if (!needsRefresh('event', topic, id)) return Promise.resolve();
  return refreshAreas(queryClient, STALE_AFTER[topic]);
}

export const refreshAreas = async (queryClient: QueryClient, areas: readonly string[]): Promise<void> => {
  await Promise.all(areas.map((area) => queryClient.invalidateQueries({ queryKey: [area] })));
};

/** For tests: forget every note. */
export function forgetChanges(): void {
  refreshed.clear();
}
