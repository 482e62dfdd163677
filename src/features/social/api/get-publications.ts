import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { apiQuery } from '@/lib/api/query';
import { onDemoChange } from '@/lib/demo-events';

const publicationsQuery = () => apiQuery('social.publications');

/** Each platform's result of the latest posts. */
export function usePublications() {
  const queryClient = useQueryClient();
  // The demo backend announces a post it has published, as a live desk's event stream does (which lib/live-events hears).
  useEffect(
    () =>
      onDemoChange(
        (change) =>
          void (change.topic === 'social' && queryClient.invalidateQueries({ queryKey: publicationsQuery().queryKey })),
      ),
    [queryClient],
  );
  return useQuery({
    ...publicationsQuery(),
    // While the server still sends a post (Post Now and Retry wait for the job queue), look again; the event stream also says so.
    refetchInterval: (query) =>
      query.state.data?.some((p) => p.status === 'pending' || p.status === 'publishing') ? 1500 : false,
  });
}
