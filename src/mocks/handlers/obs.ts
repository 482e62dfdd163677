import { http, HttpResponse } from 'msw';
import type { LiveScene, ScheduledBroadcast } from '@/lib/api/types';
import { obsPeerHandler } from '../obs/peer';
import { OBS_MOCK_TEXT_SOURCE } from '../fixtures/obs';
import { obsSim } from '../store/obs';
import type { AnyHandler } from '../types';

interface ObsStatusBody {
  connected: boolean;
  streaming: boolean;
  scene: string;
}
type Result = { success: true; [key: string]: unknown } | { success: false; error: string; message: string };

// `message` makes it the contract's ErrorBody; `error` keeps the ObsResult shape.
const failure = (error: string, status: number) => HttpResponse.json<Result>({ success: false, error, message: error }, { status });

function control(action: string, body: Record<string, unknown>): Response {
  switch (action) {
    case 'setScene':
    case 'switchScene': {
      const sceneName = typeof body.sceneName === 'string' ? body.sceneName : '';
      return obsSim.switchScene(sceneName) ? HttpResponse.json<Result>({ success: true, sceneName }) : failure(`Szene "${sceneName}" nicht gefunden`, 404);
    }
    case 'startStream':
      return obsSim.startStream() ? HttpResponse.json<Result>({ success: true }) : failure('Stream läuft bereits', 409);
    case 'stopStream':
      return obsSim.stopStream() ? HttpResponse.json<Result>({ success: true }) : failure('Stream läuft nicht', 409);
    case 'setText': {
      const source = typeof body.sourceName === 'string' ? body.sourceName : OBS_MOCK_TEXT_SOURCE;
      const text = typeof body.text === 'string' ? body.text : '';
      return obsSim.setInputSettings(source, { text }) ? HttpResponse.json<Result>({ success: true }) : failure(`Quelle "${source}" nicht gefunden`, 404);
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
  http.get<never, never, LiveScene[]>('*/api/obs/scenes', () => HttpResponse.json(obsSim.scenes())),
  http.post<never, { sceneName?: string }, Result>('*/api/obs/scene', async ({ request }) => control('setScene', await request.json())),
  http.get<never, never, ObsStatusBody>('*/api/obs/status', () =>
    HttpResponse.json({ connected: obsSim.reachable(), streaming: obsSim.streaming(), scene: obsSim.currentScene() })),
  http.post<never, never, Result>('*/api/obs/stream/start', () => control('startStream', {})),
  http.post<never, never, Result>('*/api/obs/stream/stop', () => control('stopStream', {})),
  http.post<never, { action?: string } & Record<string, unknown>, Result>('*/api/obs/control', async ({ request }) => {
    const body = await request.json();
    return control(typeof body.action === 'string' ? body.action : '', body);
  }),
  http.get<never, never, ScheduledBroadcast[]>('*/api/live/schedule', () => HttpResponse.json(obsSim.schedule())),
];
