import type { MediaType } from '@/lib/api/types';
import { messages } from '../messages';

/** Largest file the Media Library accepts. */
export const MAX_UPLOAD_MB = 500;
export const MAX_UPLOAD_BYTES = MAX_UPLOAD_MB * 1024 * 1024;
export const ACCEPT = 'video/*,audio/*,image/*';

export function mediaTypeOf(file: Pick<File, 'type'>): MediaType | null {
  const major = file.type.split('/')[0];
  return major === 'video' || major === 'audio' || major === 'image' ? major : null;
}

/** The German message for a file that cannot be uploaded, or null when it can. */
export function validateUpload(file: Pick<File, 'type' | 'size'> | null): string | null {
  if (!file) return messages.noFile;
  if (!mediaTypeOf(file)) return messages.badType;
  if (file.size > MAX_UPLOAD_BYTES) return messages.tooLarge(MAX_UPLOAD_MB);
  return null;
}

/** Reads a video's or audio's duration as m:ss in the browser; null where it cannot (or within 2 s). */
export function readDuration(file: File): Promise<string | null> {
  const type = mediaTypeOf(file);
  if ((type !== 'video' && type !== 'audio') || typeof URL.createObjectURL !== 'function') return Promise.resolve(null);
  return new Promise((resolve) => {
    const el = document.createElement(type);
    const url = URL.createObjectURL(file);
    const done = (value: string | null) => {
      clearTimeout(timer);
      URL.revokeObjectURL(url);
      resolve(value);
    };
    const timer = setTimeout(() => done(null), 2000);
    el.preload = 'metadata';
    el.onloadedmetadata = () => {
      const s = Math.round(el.duration);
      done(Number.isFinite(s) ? `${Math.floor(s / 60)}:${String(s % 60).padStart(2, '0')}` : null);
    };
    el.onerror = () => done(null);
    el.src = url;
  });
}
