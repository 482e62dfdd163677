import type { OAuthPlatform } from '@/contract';
import { useApiMutation } from '@/lib/api/query';

/** The server's authorise URL for the popup (live mode); the toast names the platform, so the screen shows it. */
export const useStartOAuth = () =>
  useApiMutation('social.oauthStart', (platform: OAuthPlatform) => ({ params: { platform } }));
