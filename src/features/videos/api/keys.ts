/** Query keys of Video Studio. */
export const videoKeys = {
  all: ['video'] as const,
  platforms: () => [...videoKeys.all, 'platforms'] as const,
  avatars: () => [...videoKeys.all, 'avatars'] as const,
  providerAvatars: (provider: string) => [...videoKeys.all, 'avatars', provider] as const,
  projects: () => [...videoKeys.all, 'projects'] as const,
  status: (provider: string, id: string) => [...videoKeys.all, 'status', provider, id] as const,
};
