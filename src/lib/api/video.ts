import { VIDEO_BREAKER, VIDEO_GENERATION_SERVICE } from '@/lib/resilience/breakers';
import { apiRequest } from './client';
import type { Avatar, VideoPlatform, VideoProject, VideoProvider } from './types';

export const VIDEO_PROVIDERS: readonly VideoProvider[] = ['tavus', 'vidau', 'modelslab', 'heygen', 'did'];

function isProvider(value: string): value is VideoProvider {
  return (VIDEO_PROVIDERS as readonly string[]).includes(value);
}

/** POST /video/{provider}/generate (fallback /video/generate), behind the video breaker (3 failures, 300000 ms). */
export const generateVideoWith = (provider: string, body: Record<string, unknown>) =>
  apiRequest<VideoProject>(isProvider(provider) ? `/video/${provider}/generate` : '/video/generate', {
    method: 'POST', json: body, service: VIDEO_GENERATION_SERVICE, breaker: VIDEO_BREAKER,
    operation: { kind: 'video.generate', args: { provider, body } },
  });

/** POST /video/generate from Video Studio: {platform, avatar, script, background, voice}. */
export const generateVideo = (body: { platform: VideoProvider; avatar: string; script: string; background: string; voice: string }) =>
  apiRequest<VideoProject>('/video/generate', {
    method: 'POST', json: body, service: VIDEO_GENERATION_SERVICE, breaker: VIDEO_BREAKER,
    // 'studio' is no provider, so Retry from the error log posts to /video/generate again.
    operation: { kind: 'video.generate', args: { provider: 'studio', body } },
  });

/** GET /video/{provider}/status/{id} */
export const getVideoStatus = (provider: VideoProvider, id: string, signal?: AbortSignal) =>
  apiRequest<{ id: string; status: string; progress: number; url?: string }>(`/video/${provider}/status/${encodeURIComponent(id)}`, { signal });

/** GET /video/{provider}/download/{id} as a blob. */
export const downloadVideo = (provider: VideoProvider, id: string) =>
  apiRequest<Blob>(`/video/${provider}/download/${encodeURIComponent(id)}`, { responseType: 'blob' });

/** GET /video/{tavus|heygen}/avatars */
export const listProviderAvatars = (provider: 'tavus' | 'heygen', signal?: AbortSignal) =>
  apiRequest<Avatar[]>(`/video/${provider}/avatars`, { signal });

/** POST /video/tavus/create, /video/heygen/create, /video/did/create, /video/modelslab/generate, /video/vidau/create */
export const createProviderVideo = (provider: VideoProvider, body: Record<string, unknown>) => {
  const path = provider === 'modelslab' ? '/video/modelslab/generate' : `/video/${provider}/create`;
  return apiRequest<VideoProject>(path, { method: 'POST', json: body, service: VIDEO_GENERATION_SERVICE, breaker: VIDEO_BREAKER });
};

/** GET /video/platforms, /video/avatars, /video/projects — Video Studio lists. */
export const listVideoPlatforms = (signal?: AbortSignal) => apiRequest<VideoPlatform[]>('/video/platforms', { signal });
export const listAvatars = (signal?: AbortSignal) => apiRequest<Avatar[]>('/video/avatars', { signal });
export const listVideoProjects = (signal?: AbortSignal) => apiRequest<VideoProject[]>('/video/projects', { signal });

/** POST /video/projects/{id}/retry — a failed project starts again (SPEC §4: failed offers Retry). */
export const retryVideoProject = (id: string) =>
  apiRequest<VideoProject>(`/video/projects/${encodeURIComponent(id)}/retry`, {
    method: 'POST', service: VIDEO_GENERATION_SERVICE, breaker: VIDEO_BREAKER, operation: { kind: 'video.retry', args: id },
  });
