import type { Avatar, VideoPlatformId } from '@/contract';

/** SPEC §5: the avatars of the chosen platform, or all avatars when the platform is tavus. */
export function avatarsFor(avatars: readonly Avatar[], platform: VideoPlatformId): Avatar[] {
  return platform === 'tavus' ? [...avatars] : avatars.filter((a) => a.platform === platform);
}
