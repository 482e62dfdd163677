import { callApi, type CallOptions } from './client';
import type { OAuthPlatform, Platform, SocialPostBody, SocialPostResult } from '@/contract';

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
/** POST /social/platforms/{id}/connect | disconnect */
export const setPlatformConnected = (id: Platform, connected: boolean) =>
  callApi(connected ? 'social.connect' : 'social.disconnect', { params: { id } });
/** POST /social/oauth/{platform}/start: the server's authorise URL for the popup (live mode). */
export const startOAuth = (platform: OAuthPlatform) => callApi('social.oauthStart', { params: { platform } });
