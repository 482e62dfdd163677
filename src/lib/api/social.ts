import { apiRequest } from './client';
import type { Platform, PostTemplate, ScheduledPost, SocialPlatform } from './types';

export interface SocialPostResult {
  id: string;
  platform: Platform;
  status: 'published' | 'scheduled';
}

/** POST /social/post/{platform} (tiktok and instagram use their own paths, SPEC §7). */
export const postToPlatform = (platform: Platform, body: Record<string, unknown>, headers?: Record<string, string>) => {
  const path = platform === 'tiktok' ? '/social/tiktok/post' : platform === 'instagram' ? '/social/instagram/post' : `/social/post/${platform}`;
  return apiRequest<SocialPostResult>(path, { method: 'POST', json: body, headers, service: 'social' });
};

/** GET /social/platforms */
export const listPlatforms = (signal?: AbortSignal) => apiRequest<SocialPlatform[]>('/social/platforms', { signal });
/** POST /social/platforms/{id}/connect | disconnect */
export const setPlatformConnected = (id: Platform, connected: boolean) =>
  apiRequest<SocialPlatform>(`/social/platforms/${id}/${connected ? 'connect' : 'disconnect'}`, { method: 'POST' });
/** GET /social/templates */
export const listTemplates = (signal?: AbortSignal) => apiRequest<PostTemplate[]>('/social/templates', { signal });
/** PUT /social/templates/{id} */
export const updateTemplate = (template: PostTemplate) =>
  apiRequest<PostTemplate>(`/social/templates/${encodeURIComponent(template.id)}`, { method: 'PUT', json: template });
/** GET /social/scheduled */
export const listScheduledPosts = (signal?: AbortSignal) => apiRequest<ScheduledPost[]>('/social/scheduled', { signal });
/** PUT /social/scheduled/{id} */
export const updateScheduledPost = (post: ScheduledPost) =>
  apiRequest<ScheduledPost>(`/social/scheduled/${encodeURIComponent(post.id)}`, { method: 'PUT', json: post });
/** GET /social/analytics */
export const getSocialAnalytics = (signal?: AbortSignal) =>
  apiRequest<{ stats: Array<{ id: string; title: string; value: string; description: string }>; perPlatform: Array<{ platform: Platform; reach: number; engagement: number; series?: number[] }> }>('/social/analytics', { signal });
