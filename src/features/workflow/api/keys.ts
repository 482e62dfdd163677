/** Query keys of the workflow screen. */
export const workflowKeys = {
  all: ['workflow'] as const,
  status: (statusUrl: string) => [...workflowKeys.all, 'status', statusUrl] as const,
  logs: (workflowId: string) => [...workflowKeys.all, 'logs', workflowId] as const,
  pipeline: () => [...workflowKeys.all, 'pipeline'] as const,
  runs: () => [...workflowKeys.all, 'runs'] as const,
};
