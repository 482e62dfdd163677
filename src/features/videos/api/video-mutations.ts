import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import type { VideoPlatformId, VideoProject, VideoProvider, VideoQuality } from '@/contract';
import { downloadVideo, generateVideo, getVideoStatus, retryVideoProject } from '@/lib/api/video';
import { saveBlob, saveUrl } from '@/lib/utils/download';
import { videoKeys } from './keys';

export interface GenerateVideoInput {
  platform: VideoPlatformId;
  avatar: string;
  script: string;
  background: string;
  voice: string;
  quality: VideoQuality;
}

/** The project is rendered by the desk itself (no provider, so no provider routes for its status or file). */
export const isLocal = (project: Pick<VideoProject, 'platform'>) => project.platform === 'local';

/**
 * POST /video/generate {platform, avatar, script, background, voice} (SPEC §7); the local platform sends its quality
 * too (a provider gets SPEC's body as it is). The new project joins My Projects.
 */
export function useGenerateVideo() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ platform, avatar, script, background, voice, quality }: GenerateVideoInput) =>
      generateVideo(
        platform === 'local'
          ? { platform, script, background, voice, quality }
          : { platform, avatar, script, background, voice },
      ),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: videoKeys.projects() }),
  });
}

/** A failed project generates again (SPEC §4: failed offers Retry) through its provider's create route (SPEC §7). */
export function useRetryVideoProject() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (project: VideoProject) => retryVideoProject(project),
    onSettled: () => queryClient.invalidateQueries({ queryKey: videoKeys.projects() }),
  });
}

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
    queryKey: videoKeys.status(project.platform, project.id),
    queryFn: ({ signal }) => getVideoStatus(project.platform as VideoProvider, project.id, signal),
    // A local project has no provider to ask: My Projects itself is reloaded while one renders (useVideoProjects).
    enabled: processing && !isLocal(project),
    refetchInterval: (query) =>
      query.state.data && query.state.data.status !== 'processing' ? false : VIDEO_STATUS_POLL_MS,
    retry: false,
  });
  const reported = poll.data?.status;
  useEffect(() => {
    if (processing && reported && reported !== 'processing')
      void queryClient.invalidateQueries({ queryKey: videoKeys.projects() });
  }, [processing, reported, queryClient]);
  return poll;
}

/** GET /video/{provider}/download/{id} as a blob, saved as a file; a local render from its Media Library address. */
export function useDownloadVideo() {
  return useMutation({
    mutationFn: async (project: VideoProject) => {
      if (isLocal(project)) {
        if (!project.url) throw new Error('Das Video hat keine Adresse.');
        saveUrl(project.url, `${project.id}.mp4`);
        return;
      }
      const blob = await downloadVideo(project.platform as VideoProvider, project.id);
      saveBlob(blob, `${project.id}.mp4`);
    },
  });
}
