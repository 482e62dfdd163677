/** Query keys of the workflow screen. */
export const workflowKeys = {
  all: ['workflow'] as const,
  /** n8n's own answers (its status webhook, an uploaded workflow's state) lie outside the server's 'workflow' area: a run's event does not make them stale. */
  n8n: ['n8n'] as const,
  status: (statusUrl: string) => [...workflowKeys.n8n, 'status', statusUrl] as const,
  n8nUpload: (id: string) => [...workflowKeys.n8n, 'upload', id] as const,
  logs: (workflowId: string) => [...workflowKeys.all, 'logs', workflowId] as const,
  pipeline: () => [...workflowKeys.all, 'pipeline'] as const,
  runs: () => [...workflowKeys.all, 'runs'] as const,
};
