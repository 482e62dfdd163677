import { HttpResponse } from 'msw';
import type { VideoCreateBody, VideoGenerateBody, VideoPlatformId, VideoProject, VideoProvider } from '@/contract';
import { errorResponse, handle } from '../contract-handler';
import * as store from '../store/video';
import type { AnyHandler } from '../types';

const UNKNOWN_PLATFORM = 'Unbekannte Video-Plattform';
/** The server's answer to a blank script on the local platform (it needs no avatar). */
const SCRIPT_REQUIRED = 'Bitte Script eingeben.';

function create(platform: VideoPlatformId | undefined, body: VideoGenerateBody): VideoProject | Response {
  if (!platform) return errorResponse(400, UNKNOWN_PLATFORM);
  if (platform === 'local' && !body.script?.trim()) return errorResponse(400, SCRIPT_REQUIRED);
  return store.createProject({ platform, avatar: body.avatar, script: body.script, title: body.title });
}

/** A provider's create route: a new job, or with `project` a failed project of that provider created again (Retry). */
function createAt(provider: VideoProvider, body: VideoCreateBody): VideoProject | Response {
  if (body.project === undefined) return create(provider, body);
  const project = store.findProject(body.project);
  if (!project || project.platform !== provider) return errorResponse(404, 'Videoprojekt nicht gefunden.');
  return store.retryProject(project.id) ?? errorResponse(409, 'Nur fehlgeschlagene Projekte können wiederholt werden.');
}

/** Video Studio and provider calls of SPEC §7 over the session's video store. */
export const videoHandlers: AnyHandler[] = [
  handle('video.platforms', () => store.listPlatforms()),
  handle('video.avatars', () => store.listAvatars()),
  handle('video.projects', () => store.listProjects()),
  handle(
    'video.retryProject',
    ({ params }) =>
      store.retryProject(params.id) ?? errorResponse(409, 'Nur fehlgeschlagene Projekte können wiederholt werden'),
  ),
  // POST /video/generate (Video Studio, the fallback of the provider routes, and the local platform: simulated here).
  handle('video.generate', ({ body }) => create(body.platform, body)),
  // The create routes before /video/{provider}/generate: /video/modelslab/generate is both, and the create route wins.
  handle('video.tavusCreate', ({ body }) => createAt('tavus', body)),
  handle('video.heygenCreate', ({ body }) => createAt('heygen', body)),
  handle('video.didCreate', ({ body }) => createAt('did', body)),
  handle('video.modelslabGenerate', ({ body }) => createAt('modelslab', body)),
  handle('video.vidauCreate', ({ body }) => createAt('vidau', body)),
  handle('video.providerGenerate', ({ params, body }) => create(params.provider, body), { notFound: UNKNOWN_PLATFORM }),
  handle('video.providerAvatars', ({ params }) => store.listAvatars(params.provider), { notFound: UNKNOWN_PLATFORM }),
  handle(
    'video.status',
    ({ params }) => {
      const project = store.pollProject(params.id);
      if (!project) return errorResponse(404, 'Video nicht gefunden', { statusText: 'Not Found' });
      return {
        id: project.id,
        status: project.status,
        progress: project.progress,
        ...(project.url ? { url: project.url } : {}),
      };
    },
    { notFound: UNKNOWN_PLATFORM },
  ),
  handle(
    'video.download',
    ({ params }) => {
      const project = store.findProject(params.id);
      if (!project) return errorResponse(404, 'Video nicht gefunden', { statusText: 'Not Found' });
      if (project.status !== 'completed')
        return errorResponse(409, 'Video ist noch nicht fertig', { statusText: 'Conflict' });
      // A few bytes of an MP4 'ftyp' box: enough for a download, not a playable film.
      const bytes = new Uint8Array([
        0, 0, 0, 24, 0x66, 0x74, 0x79, 0x70, 0x69, 0x73, 0x6f, 0x6d, 0, 0, 2, 0, 0x69, 0x73, 0x6f, 0x6d, 0x6d, 0x70,
        0x34, 0x31,
      ]);
      return HttpResponse.arrayBuffer(bytes.buffer, {
        headers: { 'Content-Type': 'video/mp4', 'Content-Disposition': `attachment; filename="${project.id}.mp4"` },
      });
    },
    { notFound: UNKNOWN_PLATFORM },
  ),
];
