import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import type { VideoProject, VideoProvider } from '@/contract';
import { apiQuery } from '@/lib/api/query';
import { isLocal } from '../lib/project';
import { videoProjectsQuery } from './get-video-projects';

/** How often a processing project asks its provider how far it is. */
export const VIDEO_STATUS_POLL_MS = 5000;

/**
 * Polls GET /video/{provider}/status/{id} while the project is processing; once the provider reports another
 * status, My Projects is loaded again (completed projects get Play and Download).
 */
export function useVideoStatusPoll(project: VideoProject) {
  const queryClient = useQueryClient();
  const processing = project.status === 'processing';
  const poll = useQuery({
    ...apiQuery('video.status', { params: { provider: project.platform as VideoProvider, id: project.id } }),
    // A local project has no provider to ask: My Projects itself is reloaded while one renders (useVideoProjects).
    enabled: processing && !isLocal(project),
    refetchInterval: (query) =>
      query.state.data && query.state.data.status !== 'processing' ? false : VIDEO_STATUS_POLL_MS,
    retry: false,
  });
  const reported = poll.data?.status;
  useEffect(() => {
    if (processing && reported && reported !== 'processing')
      void queryClient.invalidateQueries({ queryKey: videoProjectsQuery().queryKey });
  }, [processing, reported, queryClient]);
  return poll;
}
