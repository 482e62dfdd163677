import { callApi } from './client';

/** GET /live/schedule — scheduled broadcasts. */
export const listScheduledBroadcasts = (signal?: AbortSignal) => callApi('live.schedule', { signal });
