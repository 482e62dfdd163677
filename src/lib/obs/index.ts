// Nothing here loads the connection code (connection.ts, server-connection.ts, commands.ts) before a command needs it.
export { getObsState, isEndpointComplete } from './store';
export {
  connectObs,
  connectObsViaServer,
  disconnectObs,
  preloadObsCommands,
  putStoryOnAir,
  resetObsConnection,
  setSourceText,
  startStream,
  stopStream,
  switchScene,
  testObsConnection,
} from './control';
export { obsInstancesQuery } from './keys';
export { defaultObsMode, proposeServerMode } from './mode';
export { ObsConnectError, ObsNotConnectedError, ObsRequestError, RESOURCE_NOT_FOUND } from './errors';
export { closeReasonMessage, connectFailureMessage, obsMessages, obsStatusLabels } from './messages';
export { saveObsSettings, serverChoiceOf, useObsSettings, type ObsServerChoice, type ObsSettings } from './settings';
export { useObs } from './use-obs';
export type { ObsState, StreamHealth, StreamPhase } from './types';
