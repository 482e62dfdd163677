import { useEffect, useRef } from 'react';
import type { Platform, SocialPublication } from '@/contract';
import { usePublications } from '../api/get-publications';

/** How a post this composer sent ended, once the server says so. */
export type Ended = Pick<SocialPublication, 'id' | 'platform' | 'status' | 'error'>;

const onItsWay = (p: SocialPublication) => p.status === 'pending' || p.status === 'publishing';

/**
 * The posts on their way to a platform — every publication the server lists as pending or publishing (Post Now, a
 * Retry, AI News) — and the end of the ones this composer sent: `onEnded` hears once, with the results that arrived
 * together, when the list (refetched on the event stream, or every 1.5 s while something is on its way) says so.
 */
export function usePublishing(onEnded: (ended: Ended[]) => void) {
  const listed = usePublications().data;
  const sent = useRef(new Set<string>());
  const latest = useRef(listed);
  const tell = useRef(onEnded);
  useEffect(() => {
    tell.current = onEnded;
    latest.current = listed;
  });
  const reportEnded = (list: SocialPublication[] | undefined) => {
    // Oldest first (the list is newest first): the platforms in the order they were sent.
    const ended = (list ?? [])
      .filter((p) => sent.current.has(p.id) && (p.status === 'published' || p.status === 'failed'))
      .reverse();
    for (const p of ended) sent.current.delete(p.id);
    if (ended.length) tell.current(ended);
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
      for (const id of ids) sent.current.add(id);
      reportEnded(latest.current);
    },
    /** The platforms among `platforms` still being sent this very text (a second Post Now would post it there twice). */
    busyWith: (text: string, platforms: Platform[]) =>
      platforms.filter((p) => inFlight.some((f) => f.platform === p && f.content === text)),
  };
}
