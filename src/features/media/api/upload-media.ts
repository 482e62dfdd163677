import type { MediaUploadMetadata } from '@/contract';
import { mediaUploadForm } from '@/lib/api/media';
import { useApiMutation } from '@/lib/api/query';
import { uploadFailure } from '../lib/upload-failure';
import { messages } from '../messages';

interface Upload {
  file: File;
  metadata: MediaUploadMetadata;
  onProgress: (percent: number) => void;
}

/** Upload with progress; given up when nothing moves for 30 s. */
export const useUploadMedia = () =>
  useApiMutation(
    'media.upload',
    ({ file, metadata, onProgress }: Upload) => ({
      body: mediaUploadForm(file, metadata),
      onProgress,
    }),
    { meta: { error: messages.uploadError, reason: uploadFailure } },
  );
