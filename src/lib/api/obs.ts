import { apiRequest } from './client';
import type { LiveScene, ScheduledBroadcast } from './types';

/** POST /obs/control {action, ...extra} */
export const obsControl = (action: string, extra: Record<string, unknown> = {}) =>
  apiRequest<Record<string, unknown>>('/obs/control', { method: 'POST', json: { action, ...extra } });
/** GET /obs/scenes */
export const getObsScenes = (signal?: AbortSignal) => apiRequest<LiveScene[]>('/obs/scenes', { signal });
/** POST /obs/scene {sceneName} */
export const setObsScene = (sceneName: string) => apiRequest<void>('/obs/scene', { method: 'POST', json: { sceneName } });
/** GET /obs/status */
export const getObsStatus = (signal?: AbortSignal) => apiRequest<{ connected: boolean; streaming: boolean; scene: string }>('/obs/status', { signal });
/** POST /obs/stream/start */
export const startObsStream = () => apiRequest<void>('/obs/stream/start', { method: 'POST' });
/** POST /obs/stream/stop */
export const stopObsStream = () => apiRequest<void>('/obs/stream/stop', { method: 'POST' });
/** GET /live/schedule — scheduled broadcasts. */
export const listScheduledBroadcasts = (signal?: AbortSignal) => apiRequest<ScheduledBroadcast[]>('/live/schedule', { signal });
