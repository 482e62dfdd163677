import { mediaUploadForm } from '@/lib/api/media';
import { useApiMutation } from '@/lib/api/query';
import { messages } from '../messages';

/** Uploads a file picked in the composer into the Media Library, titled by its name without the extension. */
export const useUploadMedia = () =>
  useApiMutation(
    'media.upload',
    (file: File) => ({ body: mediaUploadForm(file, { title: file.name.replace(/\.[^.]+$/, '') }) }),
    { meta: { error: messages.mediaUploadFailed } },
  );
