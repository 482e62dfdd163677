import { useMutation } from '@tanstack/react-query';
import type { VideoProject, VideoProvider } from '@/contract';
import { callApi } from '@/lib/api/client';
import { saveBlob, saveUrl } from '@/lib/utils/download';
import { isLocal } from '../lib/project';
import { messages } from '../messages';

/** GET /video/{provider}/download/{id} as a blob, saved as a file; a local render from its Media Library address. */
export function useDownloadVideo() {
  return useMutation({
    mutationFn: async (project: VideoProject) => {
      if (isLocal(project)) {
        if (!project.url) throw new Error('Das Video hat keine Adresse.');
        saveUrl(project.url, `${project.id}.mp4`);
        return;
      }
      const blob = await callApi('video.download', {
        params: { provider: project.platform as VideoProvider, id: project.id },
      });
      saveBlob(blob, `${project.id}.mp4`);
    },
    meta: { error: messages.downloadFailed },
  });
}
