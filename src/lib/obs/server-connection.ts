// OBS through the Newsdesk server: the same connection state as the direct mode, fed from /obs/status (polled
// once a second, which also gives stream health) and the server's event stream (scene, stream and connection events).
import type { ObsInstanceInfo, ObsStatus as ServerObsStatus, OnAirResult } from '@/contract';
import { callApi } from '@/lib/api/client';
import { ApiError } from '@/lib/http/api-error';
import { onObsServerEvent, type ObsServerEvent } from '@/lib/live-events';
import { disconnectObs as disconnectDirect, getObsState, patchObsState, HEALTH_INTERVAL_MS } from './connection';
import { ObsConnectError, ObsNotConnectedError, ObsRequestError } from './errors';
import type { ObsFailure, ObsStatus, StreamHealth } from './types';

let active = false;
let instanceName: string | null = null;
let generation = 0;
let pollTimer: ReturnType<typeof setInterval> | null = null;
let unsubscribe: (() => void) | null = null;
let lastBytes: { bytes: number; at: number } | null = null;
let scenesLoaded = false;

/** True while the app's OBS connection runs through the server. */
export function isServerMode(): boolean {
  return active;
}

function errorBody(error: unknown): { message?: string; code?: string } {
  if (!(error instanceof ApiError) || !error.body) return {};
  let body: unknown;
  try {
    body = JSON.parse(error.body);
  } catch {
    return {};
  }
  if (typeof body !== 'object' || body === null) return {};
  const { message, code } = body as Record<string, unknown>;
  return {
    message: typeof message === 'string' ? message : undefined,
    code: typeof code === 'string' ? code : undefined,
  };
}

/** The instances the server knows (name, address without password, state). */
function listServerInstances(signal?: AbortSignal): Promise<ObsInstanceInfo[]> {
  return callApi('obs.instances', { signal, retries: false });
}

const query = () => (instanceName ? { instance: instanceName } : {});

function statusOf(state: ServerObsStatus['state']): ObsStatus {
  switch (state) {
    case 'connected':
      return 'connected';
    case 'auth-failed':
      return 'auth-failed';
    case 'refused':
      return 'refused';
    case 'connecting':
      return 'connecting';
    default:
      return 'reconnecting';
  }
}

function failureOf(s: Pick<ServerObsStatus, 'state' | 'code' | 'message'>): ObsFailure | null {
  if (s.state === 'auth-failed') return { kind: 'auth', code: s.code ?? 4009, message: s.message ?? '' };
  if (s.state === 'refused') return { kind: 'refused', code: s.code ?? 4000, message: s.message ?? '' };
  if (s.state === 'reconnecting') return { kind: 'closed', code: s.code ?? -1, message: s.message ?? '' };
  return null;
}

function healthOf(h: ServerObsStatus['health']): StreamHealth | null {
  if (!h) {
    lastBytes = null;
    return null;
  }
  const now = Date.now();
  const previous = lastBytes;
  lastBytes = { bytes: h.bytes, at: now };
  // bytes × 8 per millisecond is kbit/s.
  const bitrateKbps =
    previous && now > previous.at && h.bytes >= previous.bytes
      ? ((h.bytes - previous.bytes) * 8) / (now - previous.at)
      : null;
  return {
    durationMs: h.durationMs,
    bitrateKbps,
    droppedFrames: h.droppedFrames,
    totalFrames: h.totalFrames,
    skippedFrames: h.skippedFrames,
    congestion: h.congestion,
    cpuUsage: h.cpuUsage,
    fps: h.fps,
    reconnecting: h.reconnecting,
  };
}

async function loadScenes(gen: number): Promise<void> {
  const scenes = await callApi('obs.scenes', { query: query(), retries: false });
  if (gen === generation) {
    scenesLoaded = true;
    patchObsState({ scenes: scenes.map((s) => s.name) });
  }
}

function apply(s: ServerObsStatus, gen: number): void {
  if (gen !== generation) return;
  const status = statusOf(s.state);
  const connected = status === 'connected';
  patchObsState({
    status,
    currentScene: s.scene || getObsState().currentScene,
    streaming: s.streaming,
    streamPhase: s.streamPhase ?? (s.streaming ? 'started' : 'stopped'),
    health: connected && s.streaming ? healthOf(s.health ?? null) : healthOf(null),
    versions:
      s.obsVersion && s.obsWebSocketVersion
        ? { obsVersion: s.obsVersion, obsWebSocketVersion: s.obsWebSocketVersion, rpcVersion: 1 }
        : getObsState().versions,
    lastError: failureOf(s),
    reconnect: status === 'reconnecting' && s.reconnect ? s.reconnect : null,
  });
  if (connected && !scenesLoaded) void loadScenes(gen).catch(() => undefined);
  if (!connected) scenesLoaded = false;
  // A wrong password or another 4000-range close is final on the server too: nothing more to follow.
  if (status === 'auth-failed' || status === 'refused') stopFollowing();
}

function onEvent(event: ObsServerEvent, gen: number): void {
  if (gen !== generation || event.instance !== instanceName) return;
  switch (event.type) {
    case 'scene':
      return patchObsState({ currentScene: event.sceneName });
    case 'scenes':
      return patchObsState({ scenes: event.scenes });
    case 'stream':
      return patchObsState({
        streaming: event.active,
        streamPhase: event.phase,
        ...(event.active ? {} : { health: null }),
      });
    case 'connection':
      return apply(
        {
          connected: event.state === 'connected',
          streaming: getObsState().streaming,
          scene: '',
          state: event.state,
          code: event.code,
          message: event.message,
          ...(event.attempt && event.delayMs ? { reconnect: { attempt: event.attempt, delayMs: event.delayMs } } : {}),
        },
        gen,
      );
  }
}

async function poll(gen: number): Promise<void> {
  try {
    apply(await callApi('obs.status', { query: query(), retries: false, record: false }), gen);
  } catch {
    // The server itself is out of reach: say so, keep polling until it answers again.
    if (gen === generation)
      patchObsState({
        status: 'reconnecting',
        lastError: { kind: 'closed', code: -1, message: 'Server nicht erreichbar' },
        reconnect: null,
      });
  }
}

function follow(gen: number): void {
  unsubscribe = onObsServerEvent((event) => onEvent(event, gen));
  pollTimer = setInterval(() => void poll(gen), HEALTH_INTERVAL_MS);
}

function stopFollowing(): void {
  if (pollTimer) clearInterval(pollTimer);
  pollTimer = null;
  unsubscribe?.();
  unsubscribe = null;
}

/**
 * Connects the app's OBS connection through the server (`instance` picks one of several; unset: the server's first).
 * Rejects with ObsConnectError: the server's German reason for a wrong password (4009) or another 4000-range close,
 * 'OBS ist nicht konfiguriert.' when the server has no OBS.
 */
export async function connectObsViaServer(instance?: string): Promise<ObsInstanceInfo> {
  await disconnectDirect();
  stopFollowing();
  const gen = ++generation;
  active = true;
  scenesLoaded = false;
  lastBytes = null;
  instanceName = instance?.trim() || null;
  patchObsState({
    status: 'connecting',
    via: 'server',
    instance: instanceName,
    url: null,
    lastError: null,
    reconnect: null,
    health: null,
    versions: null,
  });
  const fail = (failure: ObsFailure): never => {
    if (gen === generation)
      patchObsState({
        status: failure.kind === 'auth' ? 'auth-failed' : failure.kind === 'refused' ? 'refused' : 'disconnected',
        lastError: failure,
        streaming: false,
        streamPhase: 'stopped',
      });
    throw new ObsConnectError(failure);
  };
  let info: ObsInstanceInfo | undefined;
  try {
    const instances = await listServerInstances();
    info = instanceName ? instances.find((i) => i.name === instanceName) : instances[0];
  } catch (error) {
    return fail({
      kind: 'connect',
      code: -1,
      message: errorBody(error).message ?? (error instanceof Error ? error.message : String(error)),
    });
  }
  if (!info)
    return fail({
      kind: 'connect',
      code: -1,
      message: instanceName ? `OBS-Instanz "${instanceName}" nicht gefunden.` : 'OBS ist nicht konfiguriert.',
    });
  instanceName = info.name;
  patchObsState({ instance: info.name, url: info.url });
  let status: ServerObsStatus;
  try {
    status = await callApi('obs.status', { query: query(), retries: false });
  } catch (error) {
    return fail({
      kind: 'connect',
      code: -1,
      message: errorBody(error).message ?? (error instanceof Error ? error.message : String(error)),
    });
  }
  apply(status, gen);
  const failure = failureOf(status);
  if (failure && failure.kind !== 'closed') throw new ObsConnectError(failure);
  if (status.state === 'connected') await loadScenes(gen).catch(() => undefined);
  if (gen === generation) follow(gen);
  return info;
}

/** Leaves the server mode (the server keeps its own connection to OBS). */
export function disconnectServerMode(): void {
  if (!active) return;
  stopFollowing();
  generation++;
  active = false;
  patchObsState({
    status: 'disconnected',
    streaming: false,
    streamPhase: 'stopped',
    health: null,
    reconnect: null,
    lastError: null,
  });
}

/** Turns the server's error answer into the errors the direct mode throws, so the screens say the same. */
function toObsError(requestType: string, error: unknown): Error {
  const body = errorBody(error);
  if (error instanceof ApiError) {
    if (error.status === 503) return new ObsNotConnectedError();
    if (error.status === 404) return new ObsRequestError(requestType, 600, body.message ?? '');
    if (error.status === 409)
      return new ObsRequestError(requestType, body.code === 'stream_running' ? 500 : 501, body.message ?? '');
    return new ObsRequestError(requestType, error.status, body.message ?? error.message);
  }
  return new ObsRequestError(requestType, -1, error instanceof Error ? error.message : String(error));
}

function requireConnected(): void {
  if (!active || getObsState().status !== 'connected') throw new ObsNotConnectedError();
}

async function send<T>(requestType: string, run: () => Promise<T>): Promise<T> {
  requireConnected();
  try {
    return await run();
  } catch (error) {
    throw toObsError(requestType, error);
  }
}

export async function serverSwitchScene(sceneName: string): Promise<void> {
  const gen = generation;
  await send('SetCurrentProgramScene', () =>
    callApi('obs.scene', { query: query(), body: { sceneName }, retries: false }),
  );
  if (gen === generation) patchObsState({ currentScene: sceneName });
}

export const serverStartStream = () =>
  send('StartStream', () => callApi('obs.streamStart', { query: query(), retries: false })).then(() => undefined);
export const serverStopStream = () =>
  send('StopStream', () => callApi('obs.streamStop', { query: query(), retries: false })).then(() => undefined);

/** POST /live/on-air: the server puts a published story on air (its headline, and its video when Admin names a media source). */
export function serverStoryOnAir(newsId: string, sourceName: string): Promise<OnAirResult> {
  return send('SetInputSettings', () =>
    callApi('live.onAir', {
      query: query(),
      body: { newsId, ...(sourceName.trim() ? { sourceName } : {}) },
      retries: false,
    }),
  );
}

export async function serverSetSourceText(sourceName: string, text: string): Promise<void> {
  await send('SetInputSettings', () =>
    callApi('obs.control', {
      query: query(),
      body: { action: 'setText', text, ...(sourceName.trim() ? { sourceName } : {}) },
      retries: false,
    }),
  );
}
