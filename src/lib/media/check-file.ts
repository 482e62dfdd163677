import { mediaFileMessages } from './file-messages';
import { SNIFF_BYTES, sniffMedia, type SniffedMedia } from '@/contract/sniff';

/** The outcome of checking a media file: what it is by content, or the German reason it is refused. */
export type MediaFileCheck = { ok: true; media: SniffedMedia; duration: string | null } | { ok: false; reason: string };

/** How long the browser may take to read a file's metadata before the file is let through unchecked. */
export const DECODE_TIMEOUT_MS = 5000;

async function readHead(file: Blob): Promise<Uint8Array> {
  const head = file.slice(0, SNIFF_BYTES);
  if (typeof head.arrayBuffer === 'function') return new Uint8Array(await head.arrayBuffer());
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(new Uint8Array(reader.result as ArrayBuffer));
    reader.onerror = () => reject(reader.error ?? new Error('read failed'));
    reader.readAsArrayBuffer(head);
  });
}

type Decoded = { decodable: true; duration: string | null } | { decodable: false } | null;

function formatDuration(seconds: number): string | null {
  const s = Math.round(seconds);
  return Number.isFinite(s) ? `${Math.floor(s / 60)}:${String(s % 60).padStart(2, '0')}` : null;
}

// Null where the browser offers no way to tell (no object URLs or createImageBitmap) or takes too long.
function decode(file: Blob, media: SniffedMedia): Promise<Decoded> {
  if (media.kind === 'image') {
    if (typeof createImageBitmap !== 'function') return Promise.resolve(null);
    return createImageBitmap(file).then(
      (bitmap) => {
        bitmap.close();
        return { decodable: true, duration: null };
      },
      () => ({ decodable: false }),
    );
  }
  if (typeof URL.createObjectURL !== 'function') return Promise.resolve(null);
  return new Promise((resolve) => {
    const el: HTMLMediaElement = document.createElement(media.kind === 'video' ? 'video' : 'audio');
    const url = URL.createObjectURL(file);
    const done = (value: Decoded) => {
      clearTimeout(timer);
      el.removeAttribute('src');
      URL.revokeObjectURL(url);
      resolve(value);
    };
    const timer = setTimeout(() => done(null), DECODE_TIMEOUT_MS);
    el.preload = 'metadata';
    el.onloadedmetadata = () => done({ decodable: true, duration: formatDuration(el.duration) });
    el.onerror = () => done({ decodable: false });
    el.src = url;
  });
}

/** Checks a file by its magic bytes, then that this browser decodes it; a file it cannot judge in time passes. */
export async function checkMediaFile(file: Blob): Promise<MediaFileCheck> {
  const media = sniffMedia(await readHead(file));
  if (!media) return { ok: false, reason: mediaFileMessages.unsupported };
  const decoded = await decode(file, media);
  if (decoded && !decoded.decodable)
    return {
      ok: false,
      reason: media.kind === 'image' ? mediaFileMessages.undecodableImage : mediaFileMessages.undecodable,
    };
  return { ok: true, media, duration: decoded?.decodable ? decoded.duration : null };
}
