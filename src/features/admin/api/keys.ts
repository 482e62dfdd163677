/** Query keys of the Admin screen. */
export const adminKeys = {
  all: ['admin'] as const,
  health: (service: string) => [...adminKeys.all, 'health', service] as const,
  users: () => [...adminKeys.all, 'users'] as const,
  serverKeys: () => [...adminKeys.all, 'server-keys'] as const,
  deskSettings: () => [...adminKeys.all, 'desk-settings'] as const,
};

/** The feeds and their items: under ['sources'], the event stream's topic, so a change on the server refreshes them. */
export const sourceKeys = {
  all: ['sources'] as const,
  list: () => [...sourceKeys.all, 'list'] as const,
  items: (limit: number) => [...sourceKeys.all, 'items', limit] as const,
};
