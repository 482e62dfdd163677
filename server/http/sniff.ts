// The media type of an upload by its first bytes (magic numbers), not by what the browser claims: the contract's one
// sniffer (the console checks files with it too), plus the extension the stored file gets.
import type { MediaType } from '../../src/contract';
import { SNIFF_BYTES, sniffMedia as sniffShared } from '../../src/contract/sniff';

export { SNIFF_BYTES };

export interface Sniffed {
  type: MediaType;
  mime: string;
  ext: string;
}

const EXTENSIONS: Record<string, string> = {
  'image/png': '.png',
  'image/jpeg': '.jpg',
  'image/gif': '.gif',
  'image/webp': '.webp',
  'image/avif': '.avif',
  'image/heic': '.heic',
  'image/heif': '.heif',
  'audio/wav': '.wav',
  'audio/flac': '.flac',
  'audio/ogg': '.ogg',
  'audio/mpeg': '.mp3',
  'audio/aac': '.aac',
  'audio/mp4': '.m4a',
  'video/mp4': '.mp4',
  'video/quicktime': '.mov',
  'video/webm': '.webm',
  'video/x-matroska': '.mkv',
  'video/ogg': '.ogv',
};

/** Undefined for anything that is not a known video, audio or image format (SNIFF_BYTES leading bytes suffice). */
export function sniffMedia(bytes: Uint8Array): Sniffed | undefined {
  const found = sniffShared(bytes);
  if (!found) return undefined;
  return { type: found.kind, mime: found.mime, ext: EXTENSIONS[found.mime] ?? '.bin' };
}
