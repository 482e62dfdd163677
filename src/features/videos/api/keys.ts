/** Query keys of Video Studio. */
export const videoKeys = {
  all: ['video'] as const,
  platforms: () => [...videoKeys.all, 'platforms'] as const,
  avatars: () => [...videoKeys.all, 'avatars'] as const,
  projects: () => [...videoKeys.all, 'projects'] as const,
};
