// Media: the row as the contract's MediaFile (its file and thumbnail under signed addresses), sizes and placeholders.
import path from 'node:path';
import type { Context } from 'hono';
import type { MediaFile, MediaType } from '../../../src/contract';
import type { AppEnv } from '../../context';
import type { media } from '../../data/db/schema';
import { mediaFilePath } from '../../http/signing';

type Row = typeof media.$inferSelect;

function fileUrl(c: Context<AppEnv>, id: string): string {
  return `${new URL(c.req.url).origin}${mediaFilePath(id)}?${c.get('deps').signer.consoleQuery('media', id)}`;
}

// A thumbnail stored beside its file (a video's JPEG frame) is named in the row as file:<name> and served under the
// file's own signed address with part=thumbnail, so it needs no address of its own and goes with the file.
const STORED_THUMBNAIL = 'file:';
/** The `thumbnail` of a row whose thumbnail is the stored JPEG `fileName` beside its file in the data folder. */
export const storedThumbnail = (fileName: string) => `${STORED_THUMBNAIL}${path.basename(fileName)}`;
export const thumbnailFile = (row: Row) =>
  row.thumbnail.startsWith(STORED_THUMBNAIL) ? path.basename(row.thumbnail.slice(STORED_THUMBNAIL.length)) : undefined;

export function toMedia(c: Context<AppEnv>, row: Row): MediaFile {
  const url = row.fileName ? fileUrl(c, row.id) : (row.url ?? '');
  const thumbnail =
    row.type === 'image' && row.fileName
      ? url
      : thumbnailFile(row)
        ? `${fileUrl(c, row.id)}&part=thumbnail`
        : row.thumbnail;
  return {
    id: row.id,
    title: row.title,
    type: row.type as MediaType,
    size: row.size,
    duration: row.duration,
    date: row.date,
    thumbnail,
    url,
    views: row.views,
  };
}

export function formatSize(bytes: number): string {
  return `${(bytes / (1024 * 1024)).toFixed(1)} MB`;
}

const COLORS: Record<MediaType, string> = { video: '#2563eb', audio: '#7c3aed', image: '#059669' };
export function thumbnailFor(type: MediaType, title: string): string {
  const safe = title.replace(/[<>&"']/g, '').slice(0, 28);
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="320" height="180" viewBox="0 0 320 180"><rect width="320" height="180" fill="${COLORS[type]}"/><text x="160" y="160" font-family="sans-serif" font-size="15" fill="#fff" text-anchor="middle">${safe}</text></svg>`;
  return `data:image/svg+xml;charset=utf-8,${encodeURIComponent(svg)}`;
}
