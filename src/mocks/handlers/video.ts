import { http, HttpResponse } from 'msw';
import * as z from 'zod/mini';
import { schemas } from '@/contract';
import type { Avatar, VideoPlatform, VideoProject, VideoProvider } from '@/lib/api/types';
import * as store from '../store/video';
import type { AnyHandler } from '../types';

const PROVIDERS: readonly string[] = ['tavus', 'vidau', 'modelslab', 'heygen', 'did'];
const isProvider = (value: unknown): value is VideoProvider => typeof value === 'string' && PROVIDERS.includes(value);

type GenerateBody = { platform?: unknown; avatar?: unknown; script?: unknown; title?: unknown };
type Params = { provider: string };
type WithId = { provider: string; id: string };

const notFound = (message: string) => HttpResponse.json({ message }, { status: 404, statusText: 'Not Found' });

async function create(provider: unknown, request: Request) {
  const body = (await request.json().catch(() => ({}))) as GenerateBody;
  if (!z.safeParse(schemas.VideoGenerateBody, body).success) return HttpResponse.json({ message: 'Ungültige Video-Anfrage' }, { status: 400 });
  const platform = isProvider(provider) ? provider : body.platform;
  if (!isProvider(platform)) return HttpResponse.json({ message: 'Unbekannte Video-Plattform' }, { status: 400 });
  const text = (v: unknown) => (typeof v === 'string' ? v : undefined);
  return HttpResponse.json(store.createProject({ platform, avatar: text(body.avatar), script: text(body.script), title: text(body.title) }), { status: 201 });
}

/** Video Studio and provider calls of SPEC §7 over the session's video store. */
export const videoHandlers: AnyHandler[] = [
  http.get<never, never, VideoPlatform[]>('*/api/video/platforms', () => HttpResponse.json(store.listPlatforms())),
  http.get<never, never, Avatar[]>('*/api/video/avatars', () => HttpResponse.json(store.listAvatars())),
  http.get<never, never, VideoProject[]>('*/api/video/projects', () => HttpResponse.json(store.listProjects())),
  http.post<{ id: string }>('*/api/video/projects/:id/retry', ({ params }) => {
    const project = store.retryProject(params.id);
    return project ? HttpResponse.json(project) : HttpResponse.json({ message: 'Nur fehlgeschlagene Projekte können wiederholt werden' }, { status: 409 });
  }),
  // POST /video/generate (Video Studio, and the fallback for an unknown provider).
  http.post('*/api/video/generate', ({ request }) => create(undefined, request)),
  http.post<Params>('*/api/video/:provider/generate', ({ params, request }) =>
    isProvider(params.provider) ? create(params.provider, request) : notFound('Unbekannte Video-Plattform')),
  http.post<Params>('*/api/video/:provider/create', ({ params, request }) =>
    isProvider(params.provider) && params.provider !== 'modelslab' ? create(params.provider, request) : notFound('Unbekannte Video-Plattform')),
  http.get<Params>('*/api/video/:provider/avatars', ({ params }) =>
    params.provider === 'tavus' || params.provider === 'heygen' ? HttpResponse.json(store.listAvatars(params.provider)) : notFound('Unbekannte Video-Plattform')),
  http.get<WithId>('*/api/video/:provider/status/:id', ({ params }) => {
    const project = isProvider(params.provider) ? store.pollProject(params.id) : undefined;
    if (!project) return notFound('Video nicht gefunden');
    return HttpResponse.json({ id: project.id, status: project.status, progress: project.progress, ...(project.url ? { url: project.url } : {}) });
  }),
  http.get<WithId>('*/api/video/:provider/download/:id', ({ params }) => {
    const project = isProvider(params.provider) ? store.findProject(params.id) : undefined;
    if (!project) return notFound('Video nicht gefunden');
    if (project.status !== 'completed') return HttpResponse.json({ message: 'Video ist noch nicht fertig' }, { status: 409, statusText: 'Conflict' });
    // A few bytes of an MP4 'ftyp' box: enough for a download, not a playable film.
    const bytes = new Uint8Array([0, 0, 0, 24, 0x66, 0x74, 0x79, 0x70, 0x69, 0x73, 0x6f, 0x6d, 0, 0, 2, 0, 0x69, 0x73, 0x6f, 0x6d, 0x6d, 0x70, 0x34, 0x31]);
    return HttpResponse.arrayBuffer(bytes.buffer, { headers: { 'Content-Type': 'video/mp4', 'Content-Disposition': `attachment; filename="${project.id}.mp4"` } });
  }),
];
