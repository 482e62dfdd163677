import { messages } from '../messages';

/** Largest file the Media Library accepts. */
export const MAX_UPLOAD_MB = 500;
export const MAX_UPLOAD_BYTES = MAX_UPLOAD_MB * 1024 * 1024;
export const ACCEPT = 'video/*,audio/*,image/*';

/**
 * The German message for a file refused before its content is read (none chosen, too large), or null. What the file
 * is, and whether the browser can decode it, lib/media's checkMediaFile decides from its bytes.
 */
export function validateUpload(file: Pick<File, 'size'> | null): string | null {
  if (!file) return messages.noFile;
  if (file.size > MAX_UPLOAD_BYTES) return messages.tooLarge(MAX_UPLOAD_MB);
  return null;
}
