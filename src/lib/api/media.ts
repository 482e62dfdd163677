import { callApi } from './client';
import type { MediaUploadMetadata } from '@/contract';

/** The server's file addresses expire (6–12 h): a list on screen is fetched again well before. */
export const SIGNED_ADDRESS_REFRESH_MS = 60 * 60_000;

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
