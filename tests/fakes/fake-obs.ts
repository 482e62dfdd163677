// Tests only: a small obs-websocket v5 server (Hello/Identify with the real challenge, requests, events, close codes),
// so the server's OBS connection can be tested without OBS Studio. The real OBS is tested in tests/obs.
import { createHash, randomBytes } from 'node:crypto';
import type { AddressInfo } from 'node:net';
import { WebSocketServer, type WebSocket } from 'ws';

const sha = (text: string) => createHash('sha256').update(text).digest('base64');

export interface FakeObs {
  url: string;
  /** Every WebSocket connection OBS saw (also refused ones). */
  connections(): number;
  scene(): string;
  streaming(): boolean;
  texts: Map<string, string>;
  /** The settings of each media source (ffmpeg_source), as SetInputSettings with overlay left them. */
  media: Map<string, Record<string, unknown>>;
  /** Every request OBS answered, in order (type and data). */
  requests: Array<{ requestType: string; requestData: Record<string, unknown> }>;
  /** "Someone switched in OBS itself". */
  switchInObs(sceneName: string): void;
  /** Closes every client like OBS quitting. */
  dropAll(code?: number): void;
  close(): Promise<void>;
}

export async function startFakeObs(options: {
  password: string;
  scenes?: string[];
  port?: number;
  mediaSources?: string[];
}): Promise<FakeObs> {
  const scenes = options.scenes ?? ['main-studio', 'intro', 'weather'];
  let current = scenes[0];
  let streaming = false;
  let connections = 0;
  const texts = new Map<string, string>([['AI News Content', '']]);
  const media = new Map<string, Record<string, unknown>>(
    (options.mediaSources ?? []).map((name) => [name, { is_local_file: true, local_file: '' }]),
  );
  const requests: FakeObs['requests'] = [];
  const clients = new Set<WebSocket>();
  const wss = new WebSocketServer({ port: options.port ?? 0, host: '127.0.0.1' });
  await new Promise<void>((resolve) => wss.once('listening', () => resolve()));

  const send = (ws: WebSocket, op: number, d: object) => ws.send(JSON.stringify({ op, d }));
  const broadcast = (eventType: string, eventData: object) => {
    for (const ws of clients) send(ws, 5, { eventType, eventIntent: 0, eventData });
  };

  function answer(
    requestType: string,
    data: Record<string, unknown>,
  ): { code: number; comment?: string; data?: object } {
    switch (requestType) {
      case 'GetVersion':
        return {
          code: 100,
          data: {
            obsVersion: '29.0.2',
            obsWebSocketVersion: '5.1.0',
            rpcVersion: 1,
            availableRequests: [],
            supportedImageFormats: [],
            platform: 'linux',
            platformDescription: '',
          },
        };
      case 'GetSceneList':
        return {
          code: 100,
          data: {
            currentProgramSceneName: current,
            currentPreviewSceneName: null,
            scenes: scenes.map((sceneName, i) => ({ sceneName, sceneIndex: scenes.length - 1 - i })).reverse(),
          },
        };
      case 'GetStreamStatus':
        return {
          code: 100,
          data: {
            outputActive: streaming,
            outputReconnecting: false,
            outputTimecode: '00:00:00.000',
            outputDuration: streaming ? 1000 : 0,
            outputCongestion: 0,
            outputBytes: streaming ? 50_000 : 0,
            outputSkippedFrames: 0,
            outputTotalFrames: streaming ? 30 : 0,
          },
        };
      case 'GetStats':
        return {
          code: 100,
          data: {
            cpuUsage: 3.5,
            memoryUsage: 100,
            availableDiskSpace: 1000,
            activeFps: 30,
            averageFrameRenderTime: 1,
            renderSkippedFrames: 0,
            renderTotalFrames: 30,
            outputSkippedFrames: 0,
            outputTotalFrames: 30,
            webSocketSessionIncomingMessages: 0,
            webSocketSessionOutgoingMessages: 0,
          },
        };
      case 'SetCurrentProgramScene': {
        const name = String(data.sceneName);
        if (!scenes.includes(name)) return { code: 600, comment: `No source was found by the name of \`${name}\`.` };
        current = name;
        setTimeout(() => broadcast('CurrentProgramSceneChanged', { sceneName: name }), 5);
        return { code: 100 };
      }
      case 'StartStream':
        if (streaming) return { code: 500, comment: 'The stream output is already running.' };
        streaming = true;
        setTimeout(
          () => broadcast('StreamStateChanged', { outputActive: true, outputState: 'OBS_WEBSOCKET_OUTPUT_STARTED' }),
          5,
        );
        return { code: 100 };
      case 'StopStream':
        if (!streaming) return { code: 501, comment: 'The stream output is not running.' };
        streaming = false;
        setTimeout(
          () => broadcast('StreamStateChanged', { outputActive: false, outputState: 'OBS_WEBSOCKET_OUTPUT_STOPPED' }),
          5,
        );
        return { code: 100 };
      case 'GetInputList':
        return {
          code: 100,
          data: {
            inputs: [
              ...[...texts.keys()].map((inputName) => ({
                inputName,
                inputKind: 'text_ft2_source_v2',
                unversionedInputKind: 'text_ft2_source',
              })),
              ...[...media.keys()].map((inputName) => ({
                inputName,
                inputKind: 'ffmpeg_source',
                unversionedInputKind: 'ffmpeg_source',
              })),
              { inputName: 'Mic/Aux', inputKind: 'pulse_input_capture', unversionedInputKind: 'pulse_input_capture' },
            ],
          },
        };
      case 'SetInputSettings': {
        const name = String(data.inputName);
        const settings = (data.inputSettings ?? {}) as Record<string, unknown>;
        const current = media.get(name);
        if (current) {
          media.set(name, data.overlay === false ? { ...settings } : { ...current, ...settings });
          return { code: 100 };
        }
        if (!texts.has(name)) return { code: 600, comment: `No source was found by the name of \`${name}\`.` };
        texts.set(name, String((data.inputSettings as { text?: unknown }).text ?? ''));
        return { code: 100 };
      }
      default:
        return { code: 204, comment: 'Unknown request type' };
    }
  }

  wss.on('connection', (ws) => {
    connections++;
    const challenge = randomBytes(16).toString('base64');
    const salt = randomBytes(16).toString('base64');
    send(ws, 0, { obsWebSocketVersion: '5.1.0', rpcVersion: 1, authentication: { challenge, salt } });
    ws.on('message', (raw) => {
      const { op, d } = JSON.parse(String(raw)) as { op: number; d: Record<string, unknown> };
      if (op === 1) {
        if (d.authentication !== sha(sha(options.password + salt) + challenge))
          return ws.close(4009, 'Authentication failed.');
        clients.add(ws);
        return send(ws, 2, { negotiatedRpcVersion: 1 });
      }
      if (op === 6) {
        requests.push({
          requestType: String(d.requestType),
          requestData: (d.requestData ?? {}) as Record<string, unknown>,
        });
        const r = answer(String(d.requestType), (d.requestData ?? {}) as Record<string, unknown>);
        send(ws, 7, {
          requestType: d.requestType,
          requestId: d.requestId,
          requestStatus: { result: r.code === 100, code: r.code, ...(r.comment ? { comment: r.comment } : {}) },
          ...(r.data ? { responseData: r.data } : {}),
        });
      }
    });
    ws.on('close', () => clients.delete(ws));
  });

  return {
    url: `ws://127.0.0.1:${(wss.address() as AddressInfo).port}`,
    connections: () => connections,
    scene: () => current,
    streaming: () => streaming,
    texts,
    media,
    requests,
    switchInObs(sceneName) {
      current = sceneName;
      broadcast('CurrentProgramSceneChanged', { sceneName });
    },
    dropAll(code = 1001) {
      for (const ws of wss.clients) ws.close(code, 'Going away');
    },
    close: () =>
      new Promise<void>((resolve) => {
        for (const ws of wss.clients) ws.terminate();
        wss.close(() => resolve());
      }),
  };
}
