// The commands and disconnect of the app's one OBS connection, whichever way it runs (direct or through the server);
// loaded by control.ts with the first of them.
import * as direct from './connection';
export { testObsConnection } from './connection';
export { connectObsViaServer } from './server-connection';
import {
  disconnectServerMode,
  isServerMode,
  serverSetSourceText,
  serverStartStream,
  serverStopStream,
  serverStoryOnAir,
  serverSwitchScene,
} from './server-connection';
import { callApi } from '@/lib/api/client';
import { ObsRequestError } from './errors';
import type { OnAirOutcome, StoryOnAir } from './types';

export const switchScene = (sceneName: string): Promise<void> =>
  isServerMode() ? serverSwitchScene(sceneName) : direct.switchScene(sceneName);
export const startStream = (): Promise<void> => (isServerMode() ? serverStartStream() : direct.startStream());
export const stopStream = (): Promise<void> => (isServerMode() ? serverStopStream() : direct.stopStream());
export const setSourceText = (sourceName: string, text: string): Promise<void> =>
  isServerMode() ? serverSetSourceText(sourceName, text) : direct.setSourceText(sourceName, text);

/** Runs one input's request; OBS's refusal names the input, so a missing source can be said by name. */
async function onInput(inputName: string, run: () => Promise<void>): Promise<void> {
  try {
    await run();
  } catch (error) {
    if (error instanceof ObsRequestError)
      throw new ObsRequestError(error.requestType, error.code, error.message, inputName);
    throw error;
  }
}

/** Directly from the browser: the desk's media source (Admin → OBS WebSocket) and the story's public video, when both are there. */
async function mediaOf(newsId: string): Promise<{ inputName: string; url: string } | null> {
  const [settings, details] = await Promise.all([
    callApi('settings.get'),
    callApi('news.get', { params: { id: newsId } }),
  ]);
  const inputName = settings.onAir.mediaSource.trim();
  return inputName && details.videoUrl ? { inputName, url: details.videoUrl } : null;
}

/**
 * A published story on air: through the server (which finds the video and the media source itself), or directly —
 * the media (read first, so nothing goes on air when the story cannot be read), then the headline, then the video.
 */
export async function putStoryOnAir(story: StoryOnAir): Promise<OnAirOutcome> {
  if (isServerMode()) return serverStoryOnAir(story.newsId, story.sourceName);
  const media = await mediaOf(story.newsId);
  await onInput(story.sourceName, () => direct.setSourceText(story.sourceName, story.headline));
  if (media) await onInput(media.inputName, () => direct.setMediaInput(media.inputName, media.url));
  return {
    sourceName: story.sourceName,
    headline: story.headline,
    mediaSource: media?.inputName ?? null,
    videoUrl: media?.url ?? null,
  };
}

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
