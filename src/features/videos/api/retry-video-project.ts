import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { VideoProject } from '@/contract';
import { refreshAfter } from '@/lib/api/query';
import { retryVideoProject } from '@/lib/api/video';
import { messages } from '../messages';

/** A failed project generates again (SPEC §4: failed offers Retry) through its provider's create route (SPEC §7). */
export function useRetryVideoProject() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (project: VideoProject) => retryVideoProject(project),
    // Also after a refusal (409: no longer failed), so the list shows where the project stands.
    onSettled: (project) => refreshAfter(queryClient, 'video.retryProject', project, undefined),
    meta: { error: messages.retryFailed },
  });
}
