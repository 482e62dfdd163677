import type { OBSWebSocket as ObsClient, OBSWebSocketError } from 'obs-websocket-js/json';
import { registerSecret } from '@/lib/security/redact';
import {
  AUTH_FAILED_CODE,
  ObsConnectError,
  ObsNotConnectedError,
  ObsRequestError,
  isFinalCloseCode,
  toConnectFailure,
} from './errors';
import { getObsState, obsUrl, patchObsState, resetObsState } from './store';
import type { ObsEndpoint, ObsFailure, ObsVersions, StreamHealth, StreamPhase } from './types';

/** A connect attempt that neither opens nor fails is given up after this long (SPEC §9 connection test time-out). */
export const CONNECT_TIMEOUT_MS = 10_000;
/** Stream health is sampled about once a second while streaming. */
export const HEALTH_INTERVAL_MS = 1_000;
/** Reconnect back-off after a dropped connection: 1 s, 2 s, 4 s … capped at 30 s. */
export const RECONNECT_BASE_MS = 1_000;
export const RECONNECT_MAX_MS = 30_000;

// The state lives in store.ts (what screens read before this module loads); this module feeds it.
const set = patchObsState;
export { getObsState, patchObsState } from './store';

// obs-websocket-js binds WebSocket when it loads, so it is loaded on first use, after the mock network
// (mock mode) has patched WebSocket; the JSON build explicitly, since the plain import is msgpack.
let lib: Promise<{ OBSWebSocket: typeof ObsClient }> | null = null;
const loadLib = () => (lib ??= import('obs-websocket-js/json'));

interface Endpoint {
  url: string;
  password: string;
}

let client: ObsClient | null = null;
let endpoint: Endpoint | null = null;
// Bumped by every connect and disconnect the operator asks for, so late answers of older attempts are ignored.
let generation = 0;
let reconnectTimer: ReturnType<typeof setTimeout> | null = null;
let healthTimer: ReturnType<typeof setInterval> | null = null;
let healthInFlight = false;
let lastBytes: { bytes: number; at: number } | null = null;

function normalize(ep: ObsEndpoint): Endpoint {
  registerSecret(ep.password);
  return { url: obsUrl(ep.host, ep.port), password: ep.password };
}

function logFailure(error: string, context: Record<string, unknown>): void {
  // Lazy: the error log (Dexie) is not needed until something fails. Texts are redacted by recordError.
  void import('@/db/error-log')
    .then(({ recordError }) => recordError({ service: 'OBS', error, context }))
    .catch(() => undefined);
}

async function openClient(ep: Endpoint): Promise<ObsClient> {
  const { OBSWebSocket } = await loadLib();
  const c = new OBSWebSocket();
  // eventemitter3 does not throw on unheard 'error'-like events, but keep the socket error quiet anyway.
  c.on('ConnectionError', () => undefined);
  let timer: ReturnType<typeof setTimeout> | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(Object.assign(new Error('Connection timeout'), { code: -1 })), CONNECT_TIMEOUT_MS);
  });
  try {
    await Promise.race([c.connect(ep.url, ep.password || undefined, { rpcVersion: 1 }), timeout]);
    return c;
  } catch (error) {
    void c.disconnect().catch(() => undefined);
    throw error;
  } finally {
    clearTimeout(timer);
  }
}

function sceneNames(scenes: Array<Record<string, unknown>>): string[] {
  // obs-websocket lists scenes bottom first; the highest sceneIndex is the top of OBS's scene list.
  return [...scenes]
    .sort((a, b) => Number(b.sceneIndex ?? 0) - Number(a.sceneIndex ?? 0))
    .map((scene) => String(scene.sceneName ?? ''))
    .filter(Boolean);
}

const PHASES: Record<string, StreamPhase> = {
  OBS_WEBSOCKET_OUTPUT_STARTING: 'starting',
  OBS_WEBSOCKET_OUTPUT_STARTED: 'started',
  OBS_WEBSOCKET_OUTPUT_STOPPING: 'stopping',
  OBS_WEBSOCKET_OUTPUT_STOPPED: 'stopped',
  OBS_WEBSOCKET_OUTPUT_RECONNECTING: 'reconnecting',
  OBS_WEBSOCKET_OUTPUT_RECONNECTED: 'started',
};

function applyStream(active: boolean, phase: StreamPhase): void {
  set({ streaming: active, streamPhase: phase });
  if (active && getObsState().status === 'connected') startHealth();
  if (!active) stopHealth();
}

function attach(c: ObsClient): void {
  const current = () => client === c;
  c.on('ConnectionClosed', (error: OBSWebSocketError) => {
    if (current()) onDropped(error);
  });
  c.on('CurrentProgramSceneChanged', ({ sceneName }) => {
    if (current()) set({ currentScene: sceneName });
  });
  c.on('SceneListChanged', ({ scenes }) => {
    if (current()) set({ scenes: sceneNames(scenes) });
  });
  c.on('StreamStateChanged', ({ outputActive, outputState }) => {
    if (current()) applyStream(outputActive, PHASES[outputState] ?? (outputActive ? 'started' : 'stopped'));
  });
}

async function loadInitial(c: ObsClient): Promise<void> {
  const [version, sceneList, stream] = await Promise.all([
    c.call('GetVersion'),
    c.call('GetSceneList'),
    c.call('GetStreamStatus'),
  ]);
  const versions: ObsVersions = {
    obsVersion: version.obsVersion,
    obsWebSocketVersion: version.obsWebSocketVersion,
    rpcVersion: version.rpcVersion,
  };
  set({
    versions,
    scenes: sceneNames(sceneList.scenes),
    currentScene: sceneList.currentProgramSceneName,
  });
  return applyStreamOnConnect(stream.outputActive, stream.outputReconnecting);
}

function applyStreamOnConnect(active: boolean, reconnecting: boolean): void {
  set({ streaming: active, streamPhase: active ? (reconnecting ? 'reconnecting' : 'started') : 'stopped' });
}

async function establish(ep: Endpoint, gen: number): Promise<boolean> {
  const c = await openClient(ep);
  if (gen !== generation) {
    void c.disconnect().catch(() => undefined);
    return false;
  }
  client = c;
  attach(c);
  try {
    await loadInitial(c);
  } catch (error) {
    if (client === c) client = null;
    void c.disconnect().catch(() => undefined);
    throw error;
  }
  if (gen !== generation || client !== c) return false;
  set({ status: 'connected', lastError: null, reconnect: null });
  if (getObsState().streaming) startHealth();
  return true;
}

async function dropClient(): Promise<void> {
  const c = client;
  client = null;
  stopHealth();
  if (c) await c.disconnect().catch(() => undefined);
}

function cancelReconnect(): void {
  if (reconnectTimer) clearTimeout(reconnectTimer);
  reconnectTimer = null;
}

function onDropped(error: OBSWebSocketError): void {
  client = null;
  stopHealth();
  const code = typeof error.code === 'number' ? error.code : -1;
  if (isFinalCloseCode(code)) {
    // OBS closed on purpose (wrong password, session kicked, unsupported RPC version, …): a retry would meet the same.
    const auth = code === AUTH_FAILED_CODE;
    set({
      status: auth ? 'auth-failed' : 'refused',
      lastError: { kind: auth ? 'auth' : 'refused', code, message: error.message },
      reconnect: null,
      health: null,
      streaming: false,
      streamPhase: 'stopped',
    });
    logFailure(`OBS closed the connection (${code})${error.message ? `: ${error.message}` : ''}`, {
      url: getObsState().url,
      code,
    });
    return;
  }
  const failure: ObsFailure = { kind: 'closed', code, message: error.message || 'Connection closed' };
  set({ status: 'reconnecting', lastError: failure, health: null });
  logFailure(`OBS connection lost (${code})${error.message ? `: ${error.message}` : ''}`, {
    url: getObsState().url,
    code,
  });
  scheduleReconnect(0);
}

function scheduleReconnect(attempt: number): void {
  cancelReconnect();
  const delayMs = Math.min(RECONNECT_BASE_MS * 2 ** attempt, RECONNECT_MAX_MS);
  const gen = generation;
  set({ status: 'reconnecting', reconnect: { attempt: attempt + 1, delayMs } });
  reconnectTimer = setTimeout(() => {
    reconnectTimer = null;
    const ep = endpoint;
    if (gen !== generation || !ep) return;
    establish(ep, gen).catch((error: unknown) => {
      if (gen !== generation) return;
      const failure = toConnectFailure(error);
      if (failure.kind === 'auth' || failure.kind === 'refused') {
        set({ status: failure.kind === 'auth' ? 'auth-failed' : 'refused', lastError: failure, reconnect: null });
        return;
      }
      set({ lastError: failure });
      scheduleReconnect(attempt + 1);
    });
  }, delayMs);
}

/**
 * Connects the app's one OBS connection (obs-websocket v5, Identify with rpcVersion 1). Rejects with
 * ObsConnectError; a wrong password (close 4009) leaves the status 'auth-failed', another close code of OBS's own
 * (4000–4012) 'refused'; neither is ever retried.
 */
export async function connectObs(ep: ObsEndpoint): Promise<void> {
  const target = normalize(ep);
  cancelReconnect();
  const gen = ++generation;
  await dropClient();
  endpoint = target;
  set({
    status: 'connecting',
    url: target.url,
    lastError: null,
    reconnect: null,
    health: null,
    via: 'direct',
    instance: null,
  });
  try {
    await establish(target, gen);
  } catch (error) {
    if (gen !== generation) return;
    const failure = toConnectFailure(error);
    endpoint = null;
    const status = failure.kind === 'auth' ? 'auth-failed' : failure.kind === 'refused' ? 'refused' : 'disconnected';
    set({ status, lastError: failure, streaming: false, streamPhase: 'stopped' });
    logFailure(`Failed to connect to OBS WebSocket (${failure.code}): ${failure.message}`, {
      url: target.url,
      code: failure.code,
    });
    throw new ObsConnectError(failure);
  }
}

/** Closes the connection on purpose (no reconnect). Scenes stay listed as last seen. */
export async function disconnectObs(): Promise<void> {
  cancelReconnect();
  generation++;
  endpoint = null;
  await dropClient();
  set({
    status: 'disconnected',
    streaming: false,
    streamPhase: 'stopped',
    health: null,
    reconnect: null,
    lastError: null,
  });
}

/**
 * Opens a separate, short-lived connection to check address and password; the app's connection is left
 * alone. Resolves with the versions, rejects with ObsConnectError.
 */
export async function testObsConnection(ep: ObsEndpoint): Promise<ObsVersions> {
  const target = normalize(ep);
  let c: ObsClient | null = null;
  try {
    c = await openClient(target);
    const version = await c.call('GetVersion');
    return {
      obsVersion: version.obsVersion,
      obsWebSocketVersion: version.obsWebSocketVersion,
      rpcVersion: version.rpcVersion,
    };
  } catch (error) {
    throw new ObsConnectError(toConnectFailure(error));
  } finally {
    if (c) void c.disconnect().catch(() => undefined);
  }
}

function requireClient(): ObsClient {
  if (!client || getObsState().status !== 'connected') throw new ObsNotConnectedError();
  return client;
}

async function request<T>(requestType: string, run: () => Promise<T>): Promise<T> {
  try {
    return await run();
  } catch (error) {
    const code = typeof (error as { code?: unknown }).code === 'number' ? (error as { code: number }).code : -1;
    const message = error instanceof Error ? error.message : String(error);
    logFailure(`${requestType} failed (${code}): ${message}`, { url: getObsState().url, requestType, code });
    throw new ObsRequestError(requestType, code, message);
  }
}

/** SetCurrentProgramScene; the active scene is then what OBS reports. */
export async function switchScene(sceneName: string): Promise<void> {
  const c = requireClient();
  await request('SetCurrentProgramScene', () => c.call('SetCurrentProgramScene', { sceneName }));
  // OBS has accepted the switch (GetCurrentProgramScene already reports it); the event follows after the transition.
  if (client === c) set({ currentScene: sceneName });
}

/** StartStream; `streaming` changes only when OBS reports StreamStateChanged. */
export async function startStream(): Promise<void> {
  const c = requireClient();
  await request('StartStream', () => c.call('StartStream'));
}

/** StopStream; `streaming` changes only when OBS reports StreamStateChanged. */
export async function stopStream(): Promise<void> {
  const c = requireClient();
  await request('StopStream', () => c.call('StopStream'));
}

/** Sets the text of a text source (SetInputSettings with overlay), so it shows on air. */
export async function setSourceText(sourceName: string, text: string): Promise<void> {
  const c = requireClient();
  await request('SetInputSettings', () =>
    c.call('SetInputSettings', { inputName: sourceName, inputSettings: { text }, overlay: true }),
  );
}

/**
 * OBS 29's ffmpeg_source settings for a video OBS fetches over HTTP: not a local file, the address as `input`, played
 * once from the start whenever the source is shown (restart_on_activate), cleared when it has ended.
 */
export function mediaInputSettings(url: string): Record<string, string | boolean> {
  return {
    is_local_file: false,
    input: url,
    input_format: '',
    looping: false,
    restart_on_activate: true,
    clear_on_media_end: true,
  };
}

/** Points a media source (ffmpeg_source) at a video address (SetInputSettings with overlay: its other settings stay). */
export async function setMediaInput(inputName: string, url: string): Promise<void> {
  const c = requireClient();
  await request('SetInputSettings', () =>
    c.call('SetInputSettings', { inputName, inputSettings: mediaInputSettings(url), overlay: true }),
  );
}

function startHealth(): void {
  if (healthTimer) return;
  lastBytes = null;
  void sampleHealth();
  healthTimer = setInterval(() => void sampleHealth(), HEALTH_INTERVAL_MS);
}

function stopHealth(): void {
  if (healthTimer) clearInterval(healthTimer);
  healthTimer = null;
  lastBytes = null;
  if (getObsState().health) set({ health: null });
}

async function sampleHealth(): Promise<void> {
  const c = client;
  if (!c || healthInFlight) return;
  healthInFlight = true;
  try {
    const [stream, stats] = await Promise.all([c.call('GetStreamStatus'), c.call('GetStats')]);
    if (c !== client || !healthTimer) return;
    const now = Date.now();
    const previous = lastBytes;
    lastBytes = { bytes: stream.outputBytes, at: now };
    // bytes × 8 per millisecond is kbit/s.
    const bitrateKbps =
      previous && now > previous.at && stream.outputBytes >= previous.bytes
        ? ((stream.outputBytes - previous.bytes) * 8) / (now - previous.at)
        : null;
    const health: StreamHealth = {
      durationMs: stream.outputDuration,
      bitrateKbps,
      droppedFrames: stream.outputSkippedFrames,
      totalFrames: stream.outputTotalFrames,
      skippedFrames: stats.outputSkippedFrames + stats.renderSkippedFrames,
      congestion: stream.outputCongestion,
      cpuUsage: stats.cpuUsage,
      fps: stats.activeFps,
      reconnecting: stream.outputReconnecting,
    };
    set({ health });
  } catch {
    // A missed sample is shown as the previous one; the next tick tries again.
  } finally {
    healthInFlight = false;
  }
}

/** Tests: closes everything and returns to the initial state. */
export async function resetObsConnection(): Promise<void> {
  await disconnectObs();
  resetObsState();
}
