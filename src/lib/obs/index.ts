export {
  CONNECT_TIMEOUT_MS,
  HEALTH_INTERVAL_MS,
  RECONNECT_BASE_MS,
  RECONNECT_MAX_MS,
  connectObs,
  disconnectObs,
  getObsState,
  isEndpointComplete,
  obsUrl,
  resetObsConnection,
  setSourceText,
  startStream,
  stopStream,
  subscribeObs,
  switchScene,
  testObsConnection,
} from './connection';
export { AUTH_FAILED_CODE, NOT_CONNECTED, CONNECT_FAILED, ObsConnectError, ObsNotConnectedError, ObsRequestError, RESOURCE_NOT_FOUND, isFinalCloseCode } from './errors';
export { DEMO_OBS_PASSWORD, DEMO_OBS_PORT } from './demo';
export { closeReasonMessage, connectFailureMessage, obsMessages, obsStatusLabels } from './messages';
export { saveObsSettings, useObsSettings, type ObsSettings } from './settings';
export { useObs } from './use-obs';
export type { ObsEndpoint, ObsFailure, ObsState, ObsStatus, ObsVersions, ReconnectInfo, StreamHealth, StreamPhase } from './types';
