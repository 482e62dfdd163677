import { callApi } from './client';

/** POST /obs/control {action, ...extra} */
export const obsControl = (action: string, extra: Record<string, unknown> = {}) =>
  callApi('obs.control', { body: { ...extra, action } });
/** GET /obs/scenes */
export const getObsScenes = (signal?: AbortSignal) => callApi('obs.scenes', { signal });
/** POST /obs/scene {sceneName} */
export const setObsScene = (sceneName: string) => callApi('obs.scene', { body: { sceneName } });
/** GET /obs/status */
export const getObsStatus = (signal?: AbortSignal) => callApi('obs.status', { signal });
/** POST /obs/stream/start */
export const startObsStream = () => callApi('obs.streamStart');
/** POST /obs/stream/stop */
export const stopObsStream = () => callApi('obs.streamStop');
/** GET /live/schedule — scheduled broadcasts. */
export const listScheduledBroadcasts = (signal?: AbortSignal) => callApi('live.schedule', { signal });
