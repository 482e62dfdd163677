import type { ObsInstanceInfo } from '@/contract';
import type { ObsEndpoint, ObsVersions, OnAirOutcome, StoryOnAir } from './types';

// What the screens call on the app's one OBS connection. The code behind it (commands.ts: obs-websocket's client
// handling, the server mode, 3.3 KB gzip) loads with the first call or when the browser is idle after a screen with
// OBS controls rendered (preloadObsCommands), not before the Live screen's heading.
let commands: Promise<typeof import('./commands')> | null = null;
const load = () => {
  commands ??= import('./commands').catch((error: unknown) => {
    commands = null; // a failed fetch (offline, a new deploy) may succeed on the next call
    throw error;
  });
  return commands;
};

/** Fetches the command code ahead of the operator's first click; a failure is left for that click to report. */
export function preloadObsCommands(): void {
  void load().catch(() => undefined);
}

export const switchScene = async (sceneName: string): Promise<void> => (await load()).switchScene(sceneName);
export const startStream = async (): Promise<void> => (await load()).startStream();
export const stopStream = async (): Promise<void> => (await load()).stopStream();
export const setSourceText = async (sourceName: string, text: string): Promise<void> =>
  (await load()).setSourceText(sourceName, text);
/** A published story on air: its headline in the text source, its video in the media source (either mode). */
export const putStoryOnAir = async (story: StoryOnAir): Promise<OnAirOutcome> => (await load()).putStoryOnAir(story);
/** Ends the connection on purpose in either mode (no reconnect). */
export const disconnectObs = async (): Promise<void> => (await load()).disconnectObs();
/** Tests: closes everything and returns to the initial state. */
export const resetObsConnection = async (): Promise<void> => (await load()).resetObsConnection();
/** Connects directly (leaving the server mode first). */
export const connectObs = async (endpoint: ObsEndpoint): Promise<void> => (await load()).connectObs(endpoint);
/** Opens a connection only to read OBS's versions, then closes it. */
export const testObsConnection = async (endpoint: ObsEndpoint): Promise<ObsVersions> =>
  (await load()).testObsConnection(endpoint);
/** Connects through the Newsdesk server to one of its OBS instances. */
export const connectObsViaServer = async (instance?: string): Promise<ObsInstanceInfo> =>
  (await load()).connectObsViaServer(instance);
