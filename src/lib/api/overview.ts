import { callApi } from './client';

/** GET /dashboard/overview — stat cards, notifications, monitor, per-platform views, progress, status. */
export const getOverview = (signal?: AbortSignal) => callApi('dashboard.overview', { signal });
