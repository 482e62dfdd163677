import { delay, http, HttpResponse } from 'msw';
import type { MediaFile, MediaType } from '@/lib/api/types';
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
  http.get<never, never, MediaFile[]>('*/api/media', () => HttpResponse.json(mediaStore.list())),
  // Benchmark helper: re-seed with many items (npm run bench).
  http.post<never, { count: number }>('*/api/__mock/media/seed', async ({ request }) => {
    const { count } = await request.json();
    mediaStore.seed(Math.min(Math.max(Number(count) || 0, 0), 50_000));
    return new HttpResponse(null, { status: 204 });
  }),
  http.post('*/api/media/upload', async ({ request }) => {
    const form = await request.formData();
    const file = form.get('media');
    // Not `instanceof File`: in Node tests the form's File comes from another realm than the global one.
    if (!file || typeof file === 'string') return HttpResponse.json({ message: 'Feld media fehlt' }, { status: 400 });
    const type = typeOf(file.type);
    if (!type) return HttpResponse.json({ message: 'Dateityp nicht unterstützt' }, { status: 415 });
    let metadata: { title?: string; duration?: string | null } = {};
    try {
      metadata = JSON.parse(String(form.get('metadata') ?? '{}')) as typeof metadata;
    } catch {
      return HttpResponse.json({ message: 'metadata ist kein JSON' }, { status: 400 });
    }
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
    return HttpResponse.json(mediaStore.add(item), { status: 201 });
  }),
  http.delete<{ id: string }>('*/api/media/:id', ({ params }) =>
    mediaStore.remove(params.id) ? new HttpResponse(null, { status: 204 }) : HttpResponse.json({ message: 'Datei nicht gefunden' }, { status: 404 })),
];
