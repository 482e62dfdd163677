import { apiRequest } from './client';
import type { OverviewData } from './types';

/** GET /dashboard/overview — stat cards, notifications, monitor, per-platform views, progress, status. */
export const getOverview = (signal?: AbortSignal) => apiRequest<OverviewData>('/dashboard/overview', { signal });
