import { ws, type WebSocketHandler } from 'msw';
import { DEMO_OBS_PORT } from '@/lib/obs/demo';
import { obsSim, type ObsSimEvent } from '../store/obs';
import { obsAuthentication, randomToken } from './auth';

/**
 * The simulated obs-websocket v5 peer of mock mode. It answers ws://<any host>:4455 (the obs-websocket
 * default port), so the demo works with the default settings and whatever host is typed; a real OBS on
 * another port still passes through. In live mode no mocks run, so nothing is intercepted there.
 */
export const OBS_MOCK_URL = new RegExp(`^ws://[^/:]+:${DEMO_OBS_PORT}/?$`);
const obsLink = ws.link(OBS_MOCK_URL);

// obs-websocket WebSocketOpCode / WebSocketCloseCode / RequestStatus values.
const OP = { Hello: 0, Identify: 1, Identified: 2, Reidentify: 3, Event: 5, Request: 6, RequestResponse: 7 } as const;
const CLOSE = {
  NotIdentified: 4007,
  AlreadyIdentified: 4008,
  AuthenticationFailed: 4009,
  UnsupportedRpcVersion: 4010,
} as const;
const STATUS = {
  Success: 100,
  UnknownRequestType: 204,
  MissingRequestField: 300,
  OutputRunning: 500,
  OutputNotRunning: 501,
  ResourceNotFound: 600,
} as const;
const ALL_EVENTS = (1 << 11) - 1;

type RequestData = Record<string, unknown>;
interface Answer {
  status: number;
  comment?: string;
  data?: Record<string, unknown>;
}

const ok = (data?: Record<string, unknown>): Answer => ({ status: STATUS.Success, data });
const fail = (status: number, comment: string): Answer => ({ status, comment });
const notFound = (name: string): Answer =>
  fail(STATUS.ResourceNotFound, `No source was found by the name of \`${name}\`.`);

function field(data: RequestData, name: string): string | undefined {
  const value = data[name];
  return typeof value === 'string' && value !== '' ? value : undefined;
}

/** Answers one request the way OBS 29 / obs-websocket 5.1 does for the calls the app makes. */
export function answerRequest(requestType: string, data: RequestData): Answer {
  const injected = obsSim.takeFailure(requestType);
  if (injected) return fail(injected.code, injected.comment);
  switch (requestType) {
    case 'GetVersion':
      return ok({
        obsVersion: '29.0.2 (simuliert)',
        obsWebSocketVersion: '5.1.0',
        rpcVersion: 1,
        availableRequests: [
          'GetVersion',
          'GetSceneList',
          'GetCurrentProgramScene',
          'SetCurrentProgramScene',
          'StartStream',
          'StopStream',
          'GetStreamStatus',
          'GetStats',
          'SetInputSettings',
          'GetInputSettings',
        ],
        supportedImageFormats: ['png'],
        platform: 'newsdesk-mock',
        platformDescription: 'Simuliertes OBS (Newsdesk Demo)',
      });
    case 'GetSceneList':
      return ok({
        currentProgramSceneName: obsSim.currentScene(),
        currentPreviewSceneName: null,
        scenes: obsSim.sceneList(),
      });
    case 'GetCurrentProgramScene':
      return ok({ currentProgramSceneName: obsSim.currentScene(), sceneName: obsSim.currentScene() });
    case 'SetCurrentProgramScene': {
      const sceneName = field(data, 'sceneName');
      if (!sceneName) return fail(STATUS.MissingRequestField, 'Your request is missing the `sceneName` field.');
      return obsSim.switchScene(sceneName) ? ok() : notFound(sceneName);
    }
    case 'StartStream':
      return obsSim.startStream() ? ok() : fail(STATUS.OutputRunning, 'The stream output is already running.');
    case 'StopStream':
      return obsSim.stopStream() ? ok() : fail(STATUS.OutputNotRunning, 'The stream output is not running.');
    case 'GetStreamStatus':
      return ok(obsSim.streamStatus());
    case 'GetStats':
      return ok(obsSim.stats());
    case 'SetInputSettings': {
      const inputName = field(data, 'inputName');
      const settings = data.inputSettings;
      if (!inputName) return fail(STATUS.MissingRequestField, 'Your request is missing the `inputName` field.');
      if (!settings || typeof settings !== 'object')
        return fail(STATUS.MissingRequestField, 'Your request is missing the `inputSettings` field.');
      return obsSim.setInputSettings(inputName, settings as Record<string, unknown>, data.overlay !== false)
        ? ok()
        : notFound(inputName);
    }
    case 'GetInputSettings': {
      const inputName = field(data, 'inputName');
      if (!inputName) return fail(STATUS.MissingRequestField, 'Your request is missing the `inputName` field.');
      const input = obsSim.input(inputName);
      return input ? ok({ inputSettings: input.settings, inputKind: input.inputKind }) : notFound(inputName);
    }
    default:
      return fail(STATUS.UnknownRequestType, 'Your request type is not valid.');
  }
}

interface Message {
  op: number;
  d: Record<string, unknown>;
}

function parse(data: unknown): Message | null {
  if (typeof data !== 'string') return null;
  try {
    const message = JSON.parse(data) as Message;
    return typeof message.op === 'number' && message.d && typeof message.d === 'object' ? message : null;
  } catch {
    return null;
  }
}

/** MSW WebSocket handler: the simulated obs-websocket v5 server (JSON subprotocol). */
export const obsPeerHandler: WebSocketHandler = obsLink.addEventListener('connection', ({ client }) => {
  obsSim.noteConnectionAttempt();
  if (!obsSim.reachable()) {
    client.close(1011, 'OBS is not running');
    return;
  }
  const password = obsSim.password();
  const salt = randomToken();
  const challenge = randomToken();
  let identified = false;
  let subscriptions = ALL_EVENTS;
  let unsubscribe: (() => void) | null = null;
  const send = (op: number, d: Record<string, unknown>) => client.send(JSON.stringify({ op, d }));
  const removeConnection = obsSim.addConnection((code, reason) => client.close(code, reason));
  const cleanUp = () => {
    unsubscribe?.();
    unsubscribe = null;
    removeConnection();
  };
  client.addEventListener('close', cleanUp);

  send(OP.Hello, {
    obsWebSocketVersion: '5.1.0',
    rpcVersion: 1,
    ...(password ? { authentication: { challenge, salt } } : {}),
  });

  client.addEventListener('message', (event) => {
    const message = parse(event.data);
    if (!message) return;
    const { op, d } = message;
    if (op === OP.Identify) {
      if (identified) {
        client.close(CLOSE.AlreadyIdentified, 'You are already Identified with the obs-websocket server.');
        return;
      }
      void (async () => {
        const refusal = obsSim.identifyRefusal();
        if (refusal) {
          client.close(refusal.code, refusal.reason);
          return;
        }
        if (d.rpcVersion !== 1) {
          client.close(CLOSE.UnsupportedRpcVersion, 'Your requested RPC version is not supported by this server.');
          return;
        }
        if (password && d.authentication !== (await obsAuthentication(password, salt, challenge))) {
          client.close(CLOSE.AuthenticationFailed, 'Authentication failed.');
          return;
        }
        identified = true;
        if (typeof d.eventSubscriptions === 'number') subscriptions = d.eventSubscriptions;
        unsubscribe = obsSim.onEvent((e: ObsSimEvent) => {
          if (subscriptions & e.eventIntent)
            send(OP.Event, { eventType: e.eventType, eventIntent: e.eventIntent, eventData: e.eventData });
        });
        send(OP.Identified, { negotiatedRpcVersion: 1 });
      })();
      return;
    }
    if (!identified) {
      client.close(CLOSE.NotIdentified, 'You must finish identification before sending this message.');
      return;
    }
    if (op === OP.Reidentify) {
      if (typeof d.eventSubscriptions === 'number') subscriptions = d.eventSubscriptions;
      send(OP.Identified, { negotiatedRpcVersion: 1 });
      return;
    }
    if (op === OP.Request) {
      const requestType = String(d.requestType ?? '');
      const requestData = (d.requestData && typeof d.requestData === 'object' ? d.requestData : {}) as RequestData;
      const answer = answerRequest(requestType, requestData);
      send(OP.RequestResponse, {
        requestType,
        requestId: d.requestId,
        requestStatus: {
          result: answer.status === STATUS.Success,
          code: answer.status,
          ...(answer.comment ? { comment: answer.comment } : {}),
        },
        ...(answer.data ? { responseData: answer.data } : {}),
      });
    }
  });
});
