import { useEffect, useRef } from 'react';
import type { Platform, SocialPublication } from '@/contract';
import { usePublications } from '../api/get-publications';

/** How a post this composer sent ended, once the server says so. */
export type Ended = Pick<SocialPublication, 'id' | 'platform' | 'status' | 'error'>;

const onItsWay = (p: SocialPublication) => p.status === 'pending' || p.status === 'publishing';

/**
 * The posts on their way to a platform — every publication the server lists as pending or publishing (Post Now, a
 * Retry, AI News) — and the end of the ones this composer sent: `onEnded` hears once per Post Now, with the results of
 * all its platforms, when the list (refetched on the event stream, or every 1.5 s while something is on its way) has
 * them all; platforms that end in different refetches still make one report.
 */
export function usePublishing(onEnded: (ended: Ended[]) => void) {
  const listed = usePublications().data;
  // One group per Post Now: the publications it was accepted as.
  const groups = useRef<Array<Set<string>>>([]);
  const latest = useRef(listed);
  const tell = useRef(onEnded);
  useEffect(() => {
    tell.current = onEnded;
    latest.current = listed;
  });
  const reportEnded = (list: SocialPublication[] | undefined) => {
    // Oldest first (the list is newest first): the platforms in the order they were sent.
    const ended = (list ?? []).filter((p) => p.status === 'published' || p.status === 'failed').reverse();
    for (const group of [...groups.current]) {
      const results = ended.filter((p) => group.has(p.id));
      if (results.length < group.size) continue;
      groups.current = groups.current.filter((g) => g !== group);
      tell.current(results);
    }
  };
  useEffect(() => reportEnded(listed), [listed]);
  const inFlight = (listed ?? []).filter(onItsWay);
  return {
    inFlight,
    /**
     * Follows the posts the server accepted (202) until their results arrive. The list may already have them: a fast
     * platform ends a post before the answer to Post Now reaches the composer, and no later refetch would change it.
     */
    follow: (ids: string[]) => {
      if (ids.length) groups.current.push(new Set(ids));
      reportEnded(latest.current);
    },
    /** The platforms among `platforms` still being sent this very text (a second Post Now would post it there twice). */
    busyWith: (text: string, platforms: Platform[]) =>
      platforms.filter((p) => inFlight.some((f) => f.platform === p && f.content === text)),
  };
}
