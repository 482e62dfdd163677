// The commands and disconnect of the app's one OBS connection, whichever way it runs (direct or through the server);
// loaded by control.ts with the first of them.
import * as direct from './connection';
export { testObsConnection } from './connection';
export { connectObsViaServer, listServerInstances } from './server-connection';
import { disconnectServerMode, isServerMode, serverSetSourceText, serverStartStream, serverStopStream, serverSwitchScene } from './server-connection';

export const switchScene = (sceneName: string): Promise<void> => (isServerMode() ? serverSwitchScene(sceneName) : direct.switchScene(sceneName));
export const startStream = (): Promise<void> => (isServerMode() ? serverStartStream() : direct.startStream());
export const stopStream = (): Promise<void> => (isServerMode() ? serverStopStream() : direct.stopStream());
export const setSourceText = (sourceName: string, text: string): Promise<void> =>
  isServerMode() ? serverSetSourceText(sourceName, text) : direct.setSourceText(sourceName, text);

/** Ends the connection on purpose in either mode (no reconnect). */
export async function disconnectObs(): Promise<void> {
  disconnectServerMode();
  await direct.disconnectObs();
}

/** Tests: closes everything and returns to the initial state. */
export async function resetObsConnection(): Promise<void> {
  disconnectServerMode();
  await direct.resetObsConnection();
}

/** Connects directly (leaving the server mode first). */
export async function connectObs(endpoint: Parameters<typeof direct.connectObs>[0]): Promise<void> {
  disconnectServerMode();
  await direct.connectObs(endpoint);
}
