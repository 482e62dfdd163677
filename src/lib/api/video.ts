import type { AvatarListProvider } from '@/contract';
import { ApiError } from '@/lib/http/api-error';
import { isAbort, VIDEO_BREAKER, VIDEO_GENERATION_SERVICE } from '@/lib/resilience/breakers';
import { recordFailure, retryCountOf } from '@/lib/resilience/execute';
import { callApi } from './client';
import type { VideoGenerateBody, VideoPlatformId, VideoProject, VideoProvider, VideoQuality } from './types';

// Written out so that this module does not load the contract; the Record makes the compiler check it is complete.
const PROVIDER_SET: Record<VideoProvider, true> = {
  tavus: true,
  vidau: true,
  modelslab: true,
  heygen: true,
  did: true,
};
/** SPEC §7's video providers. */
export const VIDEO_PROVIDERS = Object.keys(PROVIDER_SET) as readonly VideoProvider[];

function isProvider(value: string): value is VideoProvider {
  return (VIDEO_PROVIDERS as readonly string[]).includes(value);
}

/** Statuses that say "this backend has no such provider route": nothing was generated, so the fallback is safe. */
const NO_ROUTE = new Set([404, 405, 501]);
const generation = { service: VIDEO_GENERATION_SERVICE, breaker: VIDEO_BREAKER } as const;

/**
 * POST /video/{provider}/generate, falling back to POST /video/generate {platform, …} when the backend has no route
 * for the provider (404, 405, 501) or the provider is unknown; both behind the video breaker (3 failures, 300000 ms).
 * Any other failure is not sent again elsewhere: the provider may have started a paid job.
 */
export async function generateVideoWith(
  provider: string,
  body: VideoGenerateBody,
  options: { idempotencyKey?: string; record?: boolean } = {},
): Promise<VideoProject> {
  const { idempotencyKey, record } = options;
  const operation = { kind: 'video.generate' as const, args: { provider, body } };
  if (isProvider(provider)) {
    try {
      // Recorded here, not by the call: a missing route that the fallback covers is no failure for the operator.
      return await callApi('video.providerGenerate', {
        params: { provider },
        body,
        idempotencyKey,
        operation,
        record: false,
        ...generation,
      });
    } catch (error) {
      if (!(error instanceof ApiError && NO_ROUTE.has(error.status))) {
        if (!isAbort(error) && record !== false) {
          await recordFailure(VIDEO_GENERATION_SERVICE, error, retryCountOf(error), {
            operation,
            context: { method: 'POST', path: `/video/${provider}/generate` },
          });
        }
        throw error;
      }
    }
  }
  return callApi('video.generate', {
    body: isProvider(provider) ? { ...body, platform: provider } : body,
    idempotencyKey,
    operation,
    record,
    ...generation,
  });
}

/**
 * Video Studio's Generate: {platform, avatar, script, background, voice} through the provider's route (fallback
 * /video/generate); the local platform (the desk's own render) has no route of its own and adds the quality.
 */
export const generateVideo = (body: {
  platform: VideoPlatformId;
  avatar?: string;
  script: string;
  background: string;
  voice: string;
  quality?: VideoQuality;
}) => generateVideoWith(body.platform, body);

/** GET /video/{provider}/status/{id} */
export const getVideoStatus = (provider: VideoProvider, id: string, signal?: AbortSignal) =>
  callApi('video.status', { params: { provider, id }, signal });
/** GET /video/{provider}/download/{id} as a blob. */
export const downloadVideo = (provider: VideoProvider, id: string) =>
  callApi('video.download', { params: { provider, id } });
/** GET /video/{tavus|heygen}/avatars */
export const listProviderAvatars = (provider: AvatarListProvider, signal?: AbortSignal) =>
  callApi('video.providerAvatars', { params: { provider }, signal });

/** POST /video/tavus/create, /video/heygen/create, /video/did/create, /video/modelslab/generate, /video/vidau/create */
export const createProviderVideo = (provider: VideoProvider, body: VideoGenerateBody) => {
  const options = { body, ...generation };
  switch (provider) {
    case 'tavus':
      return callApi('video.tavusCreate', options);
    case 'heygen':
      return callApi('video.heygenCreate', options);
    case 'did':
      return callApi('video.didCreate', options);
    case 'modelslab':
      return callApi('video.modelslabGenerate', options);
    case 'vidau':
      return callApi('video.vidauCreate', options);
  }
};
/** GET /video/platforms, /video/avatars, /video/projects — Video Studio lists. */
export const listVideoPlatforms = (signal?: AbortSignal) => callApi('video.platforms', { signal });
export const listAvatars = (signal?: AbortSignal) => callApi('video.avatars', { signal });
export const listVideoProjects = (signal?: AbortSignal) => callApi('video.projects', { signal });
/** POST /video/projects/{id}/retry — a failed project starts again (SPEC §4: failed offers Retry). */
export const retryVideoProject = (id: string) =>
  callApi('video.retryProject', { params: { id }, operation: { kind: 'video.retry', args: id }, ...generation });
