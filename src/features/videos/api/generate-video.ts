import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { VideoPlatformId, VideoQuality } from '@/contract';
import { refreshAfter } from '@/lib/api/query';
import { generateVideoWith } from '@/lib/api/video';
import { messages } from '../messages';

export interface GenerateVideoInput {
  platform: VideoPlatformId;
  avatar: string;
  script: string;
  background: string;
  voice: string;
  quality: VideoQuality;
}

/**
 * POST /video/generate {platform, avatar, script, background, voice} (SPEC §7) behind the video breaker; the local
 * platform sends its quality too (a provider gets SPEC's body as it is). The new project joins My Projects.
 */
export function useGenerateVideo() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ platform, avatar, script, background, voice, quality }: GenerateVideoInput) =>
      generateVideoWith(
        platform,
        platform === 'local' ? { script, background, voice, quality } : { avatar, script, background, voice },
      ),
    onSuccess: (project) => refreshAfter(queryClient, 'video.generate', project, undefined),
    meta: { error: messages.generateFailed },
  });
}
