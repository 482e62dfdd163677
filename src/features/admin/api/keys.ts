/** Query keys of the Admin screen. */
export const adminKeys = {
  all: ['admin'] as const,
  health: (service: string) => [...adminKeys.all, 'health', service] as const,
  users: () => [...adminKeys.all, 'users'] as const,
  serverKeys: () => [...adminKeys.all, 'server-keys'] as const,
};
