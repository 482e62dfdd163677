import { callApi } from './client';
import type { MediaUploadMetadata } from './types';

/** GET /media */
export const listMedia = (signal?: AbortSignal) => callApi('media.list', { signal });
/** POST /media/upload (multipart `media` + `metadata` JSON) with progress; given up when nothing moves for 30 s. */
export const uploadMedia = (
  file: File,
  metadata: MediaUploadMetadata,
  options: { onProgress?: (p: number) => void; signal?: AbortSignal } = {},
) => {
  const form = new FormData();
  form.append('media', file, file.name);
  form.append('metadata', JSON.stringify(metadata));
  return callApi('media.upload', { body: form, ...options });
};
/** DELETE /media/{id} */
export const deleteMedia = (id: string) => callApi('media.delete', { params: { id } });
