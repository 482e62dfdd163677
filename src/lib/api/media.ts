import type { MediaUploadMetadata } from '@/contract';

/** The server's file addresses expire (6–12 h): a list on screen is fetched again well before. */
export const SIGNED_ADDRESS_REFRESH_MS = 60 * 60_000;

/** The multipart body of POST /media/upload: the file as `media`, its metadata as JSON. */
export function mediaUploadForm(file: File, metadata: MediaUploadMetadata): FormData {
  const form = new FormData();
  form.append('media', file, file.name);
  form.append('metadata', JSON.stringify(metadata));
  return form;
}
