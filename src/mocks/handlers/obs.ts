import type { ObsResult } from '@/contract';
import { errorResponse, handle } from '../contract-handler';
import { obsPeerHandler } from '../obs/peer';
import { OBS_MOCK_INSTANCE, OBS_MOCK_TEXT_SOURCE } from '../fixtures/obs';
import { newsStore } from '../store/news';
import { obsSim } from '../store/obs';
import { sourcesStore } from '../store/sources';
import type { AnyHandler } from '../types';
import { HttpResponse } from 'msw';

const failure = (error: string, status: number) =>
  HttpResponse.json<ObsResult>({ success: false, error, message: error }, { status });

function control(action: string, body: Record<string, unknown>): ObsResult | Response {
  switch (action) {
    case 'setScene':
    case 'switchScene': {
      const sceneName = typeof body.sceneName === 'string' ? body.sceneName : '';
      return obsSim.switchScene(sceneName)
        ? { success: true, sceneName }
        : failure(`Szene "${sceneName}" nicht gefunden`, 404);
    }
    case 'startStream':
      return obsSim.startStream() ? { success: true } : failure('Stream läuft bereits', 409);
    case 'stopStream':
      return obsSim.stopStream() ? { success: true } : failure('Stream läuft nicht', 409);
    case 'setText': {
      const source =
        typeof body.sourceName === 'string' && body.sourceName.trim() ? body.sourceName : OBS_MOCK_TEXT_SOURCE;
      const text = typeof body.text === 'string' ? body.text : '';
      return obsSim.setInputSettings(source, { text })
        ? { success: true }
        : failure(`Quelle "${source}" nicht gefunden`, 404);
    }
    default:
      return failure(`Unbekannte Aktion: ${action}`, 400);
  }
}

/**
 * OBS over HTTP (SPEC §7 /obs/*) and the scheduled broadcasts, over the same simulated OBS as the WebSocket
 * peer, plus the peer itself (ws://<any host>:4455).
 */
export const obsHandlers: AnyHandler[] = [
  obsPeerHandler,
  handle('obs.scenes', () => obsSim.scenes()),
  handle('obs.scene', ({ body }) => control('setScene', body)),
  handle('obs.status', () => {
    const connected = obsSim.reachable() && !obsSim.identifyRefusal();
    const refusal = obsSim.identifyRefusal();
    const status = obsSim.streamStatus();
    const stats = obsSim.stats();
    return {
      connected,
      streaming: connected && obsSim.streaming(),
      scene: obsSim.currentScene(),
      instance: OBS_MOCK_INSTANCE,
      state: connected ? 'connected' : refusal ? (refusal.code === 4009 ? 'auth-failed' : 'refused') : 'reconnecting',
      ...(refusal ? { code: refusal.code } : {}),
      streamPhase: obsSim.streaming() ? 'started' : 'stopped',
      obsVersion: '29.0.2 (simuliert)',
      obsWebSocketVersion: '5.1.0',
      health:
        connected && obsSim.streaming()
          ? {
              durationMs: status.outputDuration,
              bytes: status.outputBytes,
              droppedFrames: status.outputSkippedFrames,
              totalFrames: status.outputTotalFrames,
              skippedFrames: stats.outputSkippedFrames + stats.renderSkippedFrames,
              congestion: status.outputCongestion,
              cpuUsage: stats.cpuUsage,
              fps: stats.activeFps,
              reconnecting: status.outputReconnecting,
            }
          : null,
    } as const;
  }),
  handle('obs.streamStart', () => control('startStream', {})),
  handle('obs.streamStop', () => control('stopStream', {})),
  handle('obs.control', ({ body }) => control(body.action, body)),
  handle('live.schedule', () => obsSim.schedule()),
  // „Auf Sendung“ through the demo server: the headline into the simulated OBS, the video when the story has one.
  handle('live.onAir', ({ body }) => {
    const story = newsStore.get(body.newsId);
    if (!story) return errorResponse(404, 'Meldung nicht gefunden.');
    if (story.status !== 'published')
      return errorResponse(409, 'Nur veröffentlichte Meldungen können auf Sendung gehen.');
    const sourceName = body.sourceName?.trim() || OBS_MOCK_TEXT_SOURCE;
    if (!obsSim.setInputSettings(sourceName, { text: story.title }))
      return errorResponse(404, `Quelle "${sourceName}" nicht gefunden.`);
    const mediaSource = sourcesStore.settings().onAir.mediaSource.trim();
    const videoUrl = mediaSource && story.videoUrl ? story.videoUrl : null;
    if (
      videoUrl &&
      !obsSim.setInputSettings(mediaSource, {
        is_local_file: false,
        input: videoUrl,
        input_format: '',
        looping: false,
        restart_on_activate: true,
        clear_on_media_end: true,
      })
    ) {
      return errorResponse(404, `Medienquelle "${mediaSource}" nicht gefunden.`);
    }
    return { success: true, sourceName, headline: story.title, mediaSource: videoUrl ? mediaSource : null, videoUrl };
  }),
  // OBS through the server: the demo server knows one OBS, the simulated one.
  handle('obs.instances', () => {
    const connected = obsSim.reachable();
    return [
      {
        name: OBS_MOCK_INSTANCE,
        url: 'ws://studio.local:4455',
        state: connected ? 'connected' : 'reconnecting',
        textSource: OBS_MOCK_TEXT_SOURCE,
        ...(connected
          ? {
              scenes: obsSim.scenes().map((s) => s.name),
              currentScene: obsSim.currentScene(),
              textSources: obsSim.textSources(),
            }
          : {}),
      } as const,
    ];
  }),
];
