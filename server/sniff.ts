// The media type of a file by its first bytes (magic numbers), not by what the browser claims.
import type { MediaType } from '../src/contract';

export interface Sniffed {
  type: MediaType;
  mime: string;
  ext: string;
}

const ascii = (bytes: Uint8Array, at: number, text: string) => [...text].every((ch, i) => bytes[at + i] === ch.charCodeAt(0));

/** Needs at least 12 bytes; undefined for anything that is not a known video, audio or image format. */
export function sniffMedia(bytes: Uint8Array): Sniffed | undefined {
  if (bytes.length >= 3 && bytes[0] === 0xff && bytes[1] === 0xd8 && bytes[2] === 0xff) return { type: 'image', mime: 'image/jpeg', ext: '.jpg' };
  if (bytes.length >= 8 && bytes[0] === 0x89 && ascii(bytes, 1, 'PNG\r\n\x1a\n')) return { type: 'image', mime: 'image/png', ext: '.png' };
  if (ascii(bytes, 0, 'GIF87a') || ascii(bytes, 0, 'GIF89a')) return { type: 'image', mime: 'image/gif', ext: '.gif' };
  if (ascii(bytes, 0, 'RIFF') && ascii(bytes, 8, 'WEBP')) return { type: 'image', mime: 'image/webp', ext: '.webp' };
  if (ascii(bytes, 0, 'RIFF') && ascii(bytes, 8, 'WAVE')) return { type: 'audio', mime: 'audio/wav', ext: '.wav' };
  if (ascii(bytes, 4, 'ftyp')) {
    const brand = String.fromCharCode(...bytes.subarray(8, 12));
    if (brand === 'M4A ' || brand === 'M4B ') return { type: 'audio', mime: 'audio/mp4', ext: '.m4a' };
    if (brand === 'qt  ') return { type: 'video', mime: 'video/quicktime', ext: '.mov' };
    return { type: 'video', mime: 'video/mp4', ext: '.mp4' };
  }
  if (bytes.length >= 4 && bytes[0] === 0x1a && bytes[1] === 0x45 && bytes[2] === 0xdf && bytes[3] === 0xa3) return { type: 'video', mime: 'video/webm', ext: '.webm' };
  if (ascii(bytes, 0, 'OggS')) return { type: 'audio', mime: 'audio/ogg', ext: '.ogg' };
  if (ascii(bytes, 0, 'fLaC')) return { type: 'audio', mime: 'audio/flac', ext: '.flac' };
  if (ascii(bytes, 0, 'ID3') || (bytes.length >= 2 && bytes[0] === 0xff && (bytes[1] & 0xe0) === 0xe0)) return { type: 'audio', mime: 'audio/mpeg', ext: '.mp3' };
  return undefined;
}
