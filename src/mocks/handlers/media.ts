import { delay, http, HttpResponse } from 'msw';
import { schemas } from '@/contract';
import type { MediaFile, MediaType } from '@/contract';
import { errorResponse, handle } from '../contract-handler';
import { svgThumbnail } from '../fixtures/media';
import { mediaStore } from '../store/media';
import type { AnyHandler } from '../types';

function formatSize(bytes: number): string {
  return `${(bytes / (1024 * 1024)).toFixed(1)} MB`;
}

function typeOf(mime: string): MediaType | null {
  const major = mime.split('/')[0];
  return major === 'video' || major === 'audio' || major === 'image' ? major : null;
}

/** The page's own object URL of the uploaded file: playable, and it never leaves the origin. */
function localUrl(file: File, type: MediaType, title: string): string {
  if (typeof URL.createObjectURL === 'function') {
    try {
      return URL.createObjectURL(file);
    } catch {
      // fall through to a generated placeholder
    }
  }
  return svgThumbnail(type, title);
}

/** Media library: list, multipart upload (`media` + `metadata` JSON), delete. */
export const mediaHandlers: AnyHandler[] = [
  handle('media.list', () => mediaStore.list()),
  // Benchmark helper (not in the contract): re-seed with many items (npm run bench).
  http.post<never, { count: number }>('*/api/__mock/media/seed', async ({ request }) => {
    const { count } = await request.json();
    mediaStore.seed(Math.min(Math.max(Number(count) || 0, 0), 50_000));
    return new HttpResponse(null, { status: 204 });
  }),
  handle('media.upload', async ({ body }) => {
    const file = body.get('media');
    // Not `instanceof File`: in Node tests the form's File comes from another realm than the global one.
    if (!file || typeof file === 'string') return errorResponse(400, 'Feld media fehlt');
    const type = typeOf(file.type);
    if (!type) return errorResponse(415, 'Dateityp nicht unterstützt');
    // Checked by the contract's schema of the field before this runs.
    const metadata = schemas.MediaUploadMetadata.parse(JSON.parse(String(body.get('metadata') ?? '{}')));
    // A short pause so that the progress bar is visible in the demo.
    await delay(400);
    const title = metadata.title?.trim() || file.name;
    const url = localUrl(file, type, title);
    const item: MediaFile = {
      id: `media-up-${Date.now().toString(36)}`,
      title,
      type,
      size: formatSize(file.size),
      duration: type === 'image' ? null : (metadata.duration ?? '0:00'),
      date: new Date().toISOString().slice(0, 10),
      thumbnail: type === 'image' ? url : svgThumbnail(type, title),
      url,
      views: 0,
    };
    return mediaStore.add(item);
  }),
  handle('media.delete', ({ params }) =>
    mediaStore.remove(params.id) ? undefined : errorResponse(404, 'Datei nicht gefunden'),
  ),
];
