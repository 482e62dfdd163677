export {
  CONNECT_TIMEOUT_MS,
  HEALTH_INTERVAL_MS,
  RECONNECT_BASE_MS,
  RECONNECT_MAX_MS,
  getObsState,
  isEndpointComplete,
  obsUrl,
  subscribeObs,
  testObsConnection,
} from './connection';
export { connectObs, disconnectObs, resetObsConnection, setSourceText, startStream, stopStream, switchScene } from './control';
export { OBS_INSTANCES_KEY } from './keys';
export { connectObsViaServer, disconnectServerMode, isServerMode, listServerInstances } from './server-connection';
export { isLanObsHost, defaultObsMode, proposeServerMode } from './mode';
export { AUTH_FAILED_CODE, NOT_CONNECTED, CONNECT_FAILED, ObsConnectError, ObsNotConnectedError, ObsRequestError, RESOURCE_NOT_FOUND, isFinalCloseCode } from './errors';
export { DEMO_OBS_PASSWORD, DEMO_OBS_PORT } from './demo';
export { closeReasonMessage, connectFailureMessage, obsMessages, obsStatusLabels } from './messages';
export { saveObsSettings, serverChoiceOf, useObsSettings, type ObsServerChoice, type ObsSettings } from './settings';
export { useObs } from './use-obs';
export type { ObsEndpoint, ObsFailure, ObsState, ObsStatus, ObsVersions, ReconnectInfo, StreamHealth, StreamPhase } from './types';
