import { callApi, type CallOptions } from './client';
import type { Platform, SocialPostBody, SocialPostResult } from '@/contract';

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
