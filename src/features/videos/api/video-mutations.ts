import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { VideoProject, VideoProvider } from '@/lib/api/types';
import { downloadVideo, generateVideo, getVideoStatus, retryVideoProject } from '@/lib/api/video';
import { saveBlob } from '@/lib/utils/download';
import { videoKeys } from './keys';

export interface GenerateVideoInput {
  platform: VideoProvider;
  avatar: string;
  script: string;
  background: string;
  voice: string;
}

/** POST /video/generate {platform, avatar, script, background, voice} (SPEC §7); the new project joins My Projects. */
export function useGenerateVideo() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ platform, avatar, script, background, voice }: GenerateVideoInput) => generateVideo({ platform, avatar, script, background, voice }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: videoKeys.projects() }),
  });
}

/** A failed project generates again (SPEC §4: failed offers Retry). */
export function useRetryVideoProject() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (project: VideoProject) => retryVideoProject(project.id),
    onSettled: () => queryClient.invalidateQueries({ queryKey: videoKeys.projects() }),
  });
}

/** GET /video/{provider}/status/{id}: asks the provider how far a processing project is, then refreshes the list. */
export function useCheckVideoStatus() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (project: VideoProject) => getVideoStatus(project.platform, project.id),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: videoKeys.projects() }),
  });
}

/** GET /video/{provider}/download/{id} as a blob, saved as a file. */
export function useDownloadVideo() {
  return useMutation({
    mutationFn: async (project: VideoProject) => {
      const blob = await downloadVideo(project.platform, project.id);
      saveBlob(blob, `${project.id}.mp4`);
    },
  });
}
