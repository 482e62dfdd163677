import { apiRequest, apiUpload } from './client';
import type { MediaFile } from './types';

/** GET /media */
export const listMedia = (signal?: AbortSignal) => apiRequest<MediaFile[]>('/media', { signal });

/** POST /media/upload (multipart `media` + `metadata` JSON) with progress. */
export const uploadMedia = (file: File, metadata: Record<string, unknown>, options: { onProgress?: (p: number) => void; signal?: AbortSignal } = {}) => {
  const form = new FormData();
  form.append('media', file, file.name);
  form.append('metadata', JSON.stringify(metadata));
  return apiUpload<MediaFile>('/media/upload', form, options);
};

/** DELETE /media/{id} */
export const deleteMedia = (id: string) => apiRequest<void>(`/media/${encodeURIComponent(id)}`, { method: 'DELETE' });
