import { useApiMutation } from '@/lib/api/query';
import { messages } from '../messages';

/** Uploads a file picked in the composer into the Media Library, titled by its name without the extension. */
export const useUploadMedia = () =>
  useApiMutation(
    'media.upload',
    (file: File) => {
      const body = new FormData();
      body.append('media', file, file.name);
      body.append('metadata', JSON.stringify({ title: file.name.replace(/\.[^.]+$/, '') }));
      return { body };
    },
    { meta: { error: messages.mediaUploadFailed } },
  );
