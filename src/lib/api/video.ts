import { isAbort, VIDEO_BREAKER, VIDEO_GENERATION_SERVICE } from '@/lib/resilience/breakers';
import { recordFailure, retryCountOf } from '@/lib/resilience/execute';
import { callApi } from './client';
import type { VideoCreateBody, VideoGenerateBody, VideoPlatformId, VideoProject, VideoProvider } from '@/contract';

const generation = { service: VIDEO_GENERATION_SERVICE, breaker: VIDEO_BREAKER } as const;

/**
 * POST /video/generate {platform, …}, behind the video breaker (3 failures, 300000 ms): Video Studio's call of SPEC §7,
 * and the error log's Retry of it. A failure is recorded with the operation, so that Retry makes the same call again.
 */
export async function generateVideoWith(
  platform: string,
  body: VideoGenerateBody,
  options: { idempotencyKey?: string; record?: boolean } = {},
): Promise<VideoProject> {
  const { idempotencyKey, record } = options;
  const operation = { kind: 'video.generate' as const, args: { provider: platform, body } };
  try {
    return await callApi('video.generate', {
      body: { ...body, platform: platform as VideoPlatformId },
      idempotencyKey,
      operation,
      record: false,
      ...generation,
    });
  } catch (error) {
    if (!isAbort(error) && record !== false) {
      await recordFailure(VIDEO_GENERATION_SERVICE, error, retryCountOf(error), {
        operation,
        context: { method: 'POST', path: '/video/generate' },
      });
    }
    throw error;
  }
}

/**
 * A provider's own create route: POST /video/tavus/create, /video/heygen/create, /video/did/create,
 * /video/modelslab/generate, /video/vidau/create (SPEC §7); `project` creates a failed project again at its provider.
 */
export const createProviderVideo = (
  provider: VideoProvider,
  body: VideoCreateBody,
  extra: { operation?: { kind: 'video.retry'; args: VideoRetryArgs }; record?: boolean } = {},
) => {
  const options = { body, ...extra, ...generation };
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
/** What the error log keeps of a Retry in My Projects (older entries kept the project id alone). */
export interface VideoRetryArgs {
  id: string;
  platform: VideoPlatformId;
}

/**
 * My Projects' Retry of a failed project (SPEC §4): a provider's project through its provider's create route with
 * `project` (SPEC §7), a local render (no provider, so no such route) through POST /video/projects/{id}/retry.
 */
export const retryVideoProject = ({ id, platform }: VideoRetryArgs, options: { record?: boolean } = {}) => {
  const operation = { kind: 'video.retry' as const, args: { id, platform } };
  if (platform === 'local')
    return callApi('video.retryProject', { params: { id }, operation, ...options, ...generation });
  return createProviderVideo(platform, { project: id }, { operation, ...options });
};
