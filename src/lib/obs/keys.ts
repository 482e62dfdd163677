/** The query key of the server's OBS instance list (Live, Admin and the shell's event stream share one cache entry). */
export const OBS_INSTANCES_KEY = ['live', 'obs', 'instances'] as const;
