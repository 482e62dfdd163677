// Nothing here loads the connection code (connection.ts, server-connection.ts, commands.ts) before a command needs it.
export { getObsState, isEndpointComplete, obsUrl, subscribeObs } from './store';
export {
  connectObs,
  connectObsViaServer,
  disconnectObs,
  listServerInstances,
  preloadObsCommands,
  putStoryOnAir,
  resetObsConnection,
  setSourceText,
  startStream,
  stopStream,
  switchScene,
  testObsConnection,
} from './control';
export { OBS_INSTANCES_KEY } from './keys';
export { isLanObsHost, defaultObsMode, proposeServerMode } from './mode';
export {
  AUTH_FAILED_CODE,
  NOT_CONNECTED,
  CONNECT_FAILED,
  ObsConnectError,
  ObsNotConnectedError,
  ObsRequestError,
  RESOURCE_NOT_FOUND,
  isFinalCloseCode,
} from './errors';
export { DEMO_OBS_PASSWORD, DEMO_OBS_PORT } from './demo';
export { closeReasonMessage, connectFailureMessage, obsMessages, obsStatusLabels } from './messages';
export { saveObsSettings, serverChoiceOf, useObsSettings, type ObsServerChoice, type ObsSettings } from './settings';
export { useObs } from './use-obs';
export type {
  ObsEndpoint,
  ObsFailure,
  ObsState,
  ObsStatus,
  ObsVersions,
  OnAirOutcome,
  ReconnectInfo,
  StoryOnAir,
  StreamHealth,
  StreamPhase,
} from './types';
