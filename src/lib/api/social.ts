import { callApi, type CallOptions } from './client';
import type {
  OAuthPlatform,
  Platform,
  PostTemplate,
  ScheduledPost,
  SocialPostBody,
  SocialPostResult,
} from '@/contract';

export type { SocialPostResult };

/** POST /social/post/{platform} (tiktok and instagram use their own paths, SPEC §7); `idempotencyKey` is the operator action's. */
export const postToPlatform = (
  platform: Platform,
  body: SocialPostBody,
  options: Pick<CallOptions, 'idempotencyKey' | 'signal'> = {},
): Promise<SocialPostResult> => {
  const common = { body, service: 'social', ...options };
  if (platform === 'tiktok') return callApi('social.tiktokPost', common);
  if (platform === 'instagram') return callApi('social.instagramPost', common);
  return callApi('social.post', { params: { platform }, ...common });
};
/** GET /social/platforms */
export const listPlatforms = (signal?: AbortSignal) => callApi('social.platforms', { signal });
/** POST /social/platforms/{id}/connect | disconnect */
export const setPlatformConnected = (id: Platform, connected: boolean) =>
  callApi(connected ? 'social.connect' : 'social.disconnect', { params: { id } });
/** GET /social/templates */
export const listTemplates = (signal?: AbortSignal) => callApi('social.templates', { signal });
/** PUT /social/templates/{id} */
export const updateTemplate = (template: PostTemplate) =>
  callApi('social.updateTemplate', { params: { id: template.id }, body: template });
/** GET /social/scheduled */
export const listScheduledPosts = (signal?: AbortSignal) => callApi('social.scheduled', { signal });
/** PUT /social/scheduled/{id} */
export const updateScheduledPost = (post: ScheduledPost) =>
  callApi('social.updateScheduled', { params: { id: post.id }, body: post });
/** GET /social/analytics */
export const getSocialAnalytics = (signal?: AbortSignal) => callApi('social.analytics', { signal });
// prov-social
/** POST /social/oauth/{platform}/start: the server's authorise URL for the popup (live mode). */
export const startOAuth = (platform: OAuthPlatform) => callApi('social.oauthStart', { params: { platform } });
/** GET /social/tokens: whether each platform's stored token is fine, about to expire or revoked. */
export const listTokenStatus = (signal?: AbortSignal) => callApi('social.tokens', { signal });
// prov15
/** GET /social/publications: each platform's result of the latest posts. */
export const listPublications = (signal?: AbortSignal) => callApi('social.publications', { signal });
/** POST /social/publications/{id}/retry: sends a failed platform result again (the server queues it once). */
export const retryPublication = (id: string) => callApi('social.retry', { params: { id } });
