// What a media file is, read from its first bytes (magic numbers), not from the name or the type the browser guesses
// from it: part of the contract (what a media upload may be), pure and import-free, so the console checks a file
// before upload and the server checks the upload with the same rules.

export type SniffedKind = 'video' | 'audio' | 'image';

/** A recognised media format: its kind (the Media Library's type) and MIME type. */
export interface SniffedMedia {
  kind: SniffedKind;
  mime: string;
}

/** How many leading bytes sniffMedia needs at most: enough for an EBML DocType or an Ogg Theora header. */
export const SNIFF_BYTES = 64;

function ascii(bytes: Uint8Array, offset: number, text: string): boolean {
  if (bytes.length < offset + text.length) return false;
  for (let i = 0; i < text.length; i++) if (bytes[offset + i] !== text.charCodeAt(i)) return false;
  return true;
}

function startsWith(bytes: Uint8Array, signature: readonly number[]): boolean {
  return bytes.length >= signature.length && signature.every((b, i) => bytes[i] === b);
}

function contains(bytes: Uint8Array, text: string, limit = SNIFF_BYTES): boolean {
  const end = Math.min(bytes.length, limit) - text.length;
  for (let i = 0; i <= end; i++) if (ascii(bytes, i, text)) return true;
  return false;
}

const PNG = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a] as const;
const JPEG = [0xff, 0xd8, 0xff] as const;
const EBML = [0x1a, 0x45, 0xdf, 0xa3] as const;

// ISO base media file (ftyp box) brands that are still images, not films.
const IMAGE_BRANDS: Record<string, string> = {
  avif: 'image/avif',
  avis: 'image/avif',
  heic: 'image/heic',
  heix: 'image/heic',
  mif1: 'image/heif',
  msf1: 'image/heif',
};
const AUDIO_BRANDS = new Set(['M4A ', 'M4B ', 'M4P ', 'F4A ', 'F4B ']);

function isoMedia(bytes: Uint8Array): SniffedMedia | null {
  // Box size (4 bytes, at least 8), then 'ftyp', then the major brand (printable ASCII).
  if (!ascii(bytes, 4, 'ftyp') || bytes.length < 12) return null;
  const size = ((bytes[0] << 24) | (bytes[1] << 16) | (bytes[2] << 8) | bytes[3]) >>> 0;
  if (size < 12) return null;
  const brand = String.fromCharCode(bytes[8], bytes[9], bytes[10], bytes[11]);
  if (!/^[\x20-\x7e]{4}$/.test(brand)) return null;
  if (IMAGE_BRANDS[brand]) return { kind: 'image', mime: IMAGE_BRANDS[brand] };
  if (AUDIO_BRANDS.has(brand)) return { kind: 'audio', mime: 'audio/mp4' };
  if (brand === 'qt  ') return { kind: 'video', mime: 'video/quicktime' };
  return { kind: 'video', mime: 'video/mp4' };
}

// MPEG audio frame header (MP3 and its layer I/II siblings) or an AAC ADTS header, with every reserved value refused.
function mpegAudio(bytes: Uint8Array): SniffedMedia | null {
  if (bytes.length < 4 || bytes[0] !== 0xff || (bytes[1] & 0xe0) !== 0xe0) return null;
  const version = (bytes[1] >> 3) & 0b11;
  const layer = (bytes[1] >> 1) & 0b11;
  if (layer === 0b00) {
    // ADTS: the 12-bit sync (version bit is MPEG-2/4), layer 00, a valid sampling index (0–12) and channel layout.
    if ((bytes[1] & 0xf0) !== 0xf0) return null;
    const samplingIndex = (bytes[2] >> 2) & 0b1111;
    const profile = bytes[2] >> 6;
    return samplingIndex <= 12 && profile !== 0b11 ? { kind: 'audio', mime: 'audio/aac' } : null;
  }
  const bitrate = bytes[2] >> 4;
  const sampleRate = (bytes[2] >> 2) & 0b11;
  if (version === 0b01 || bitrate === 0b0000 || bitrate === 0b1111 || sampleRate === 0b11) return null;
  return { kind: 'audio', mime: 'audio/mpeg' };
}

/**
 * Recognises PNG, JPEG, GIF, WebP, AVIF/HEIF, MP4/M4A/MOV (ftyp), WebM/Matroska, Ogg (Theora as video), MP3 (ID3 or
 * a frame header), AAC (ADTS), WAV and FLAC from a file's first bytes (SNIFF_BYTES suffice). Null for anything else.
 */
export function sniffMedia(bytes: Uint8Array): SniffedMedia | null {
  if (startsWith(bytes, PNG)) return { kind: 'image', mime: 'image/png' };
  if (startsWith(bytes, JPEG)) return { kind: 'image', mime: 'image/jpeg' };
  if (ascii(bytes, 0, 'GIF87a') || ascii(bytes, 0, 'GIF89a')) return { kind: 'image', mime: 'image/gif' };
  if (ascii(bytes, 0, 'RIFF') && ascii(bytes, 8, 'WEBP')) return { kind: 'image', mime: 'image/webp' };
  if (ascii(bytes, 0, 'RIFF') && ascii(bytes, 8, 'WAVE')) return { kind: 'audio', mime: 'audio/wav' };
  if (ascii(bytes, 0, 'fLaC')) return { kind: 'audio', mime: 'audio/flac' };
  if (ascii(bytes, 0, 'OggS') && bytes[4] === 0)
    return contains(bytes, 'theora') ? { kind: 'video', mime: 'video/ogg' } : { kind: 'audio', mime: 'audio/ogg' };
  if (startsWith(bytes, EBML))
    return contains(bytes, 'webm')
      ? { kind: 'video', mime: 'video/webm' }
      : { kind: 'video', mime: 'video/x-matroska' };
  // ID3v2: 'ID3', a major version 2–4, then flags; the tag is followed by MPEG audio.
  if (ascii(bytes, 0, 'ID3') && bytes.length >= 4 && bytes[3] >= 2 && bytes[3] <= 4)
    return { kind: 'audio', mime: 'audio/mpeg' };
  return isoMedia(bytes) ?? mpegAudio(bytes);
}
