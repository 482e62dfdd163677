import { apiKey, apiQuery } from '@/lib/api/query';

/** The query key of the server's OBS instance list (Live, Admin and the shell's event stream share one cache entry). */
export const OBS_INSTANCES_KEY = apiKey('obs.instances');

/** The server's OBS instances; not retried, so a desk whose server has none says so at once. */
export const obsInstancesQuery = () => apiQuery('obs.instances', { retries: false });
