import type { LiveScene, ScheduledBroadcast } from '@/contract';
import { DEMO_OBS_PASSWORD } from '@/lib/obs/demo';
import {
  OBS_MOCK_MEDIA_SOURCE,
  OBS_MOCK_TEXT_SOURCE,
  obsSceneFixtures,
  scheduledBroadcastFixtures,
} from '../fixtures/obs';
import { registerStore } from './index';

/** One obs-websocket event as the simulated OBS sends it (op 5). */
export interface ObsSimEvent {
  eventType: string;
  eventIntent: number;
  eventData: Record<string, unknown>;
}

interface SimInput {
  inputKind: string;
  settings: Record<string, unknown>;
}

type StreamState = 'stopped' | 'starting' | 'started' | 'stopping';

/** How long the simulated output takes from STARTING to STARTED and from STOPPING to STOPPED (OBS: ~150–200 ms). */
export const SIM_OUTPUT_DELAY_MS = 120;
const SIM_BITRATE_KBPS = 2500;
const SIM_FPS = 30;

// obs-websocket EventSubscription bits.
const INTENT = { scenes: 1 << 2, inputs: 1 << 3, outputs: 1 << 6 } as const;

let password = DEMO_OBS_PASSWORD;
let scenes: LiveScene[] = [];
let currentScene = '';
let stream: StreamState = 'stopped';
let streamStartedAt: number | null = null;
let inputs = new Map<string, SimInput>();
let schedule: ScheduledBroadcast[] = [];
let reachable = true;
let identifyRefusal: { code: number; reason: string } | null = null;
let congestion = 0;
let reconnecting = false;
let droppedFrames = 0;
const eventListeners = new Set<(event: ObsSimEvent) => void>();
const connections = new Set<(code: number, reason: string) => void>();
let connectionAttempts = 0;
const failures = new Map<string, { code: number; comment: string }>();
const timers = new Set<ReturnType<typeof setTimeout>>();

function emit(eventType: string, eventIntent: number, eventData: Record<string, unknown>): void {
  for (const listener of eventListeners) listener({ eventType, eventIntent, eventData });
}

function later(ms: number, run: () => void): void {
  const timer = setTimeout(() => {
    timers.delete(timer);
    run();
  }, ms);
  timers.add(timer);
}

function timecode(ms: number): string {
  const pad = (n: number, w = 2) => String(Math.floor(n)).padStart(w, '0');
  return `${pad(ms / 3_600_000)}:${pad((ms / 60_000) % 60)}:${pad((ms / 1000) % 60)}.${pad(ms % 1000, 3)}`;
}

function streamStateChanged(outputActive: boolean, outputState: string): void {
  emit('StreamStateChanged', INTENT.outputs, { outputActive, outputState });
}

/**
 * The simulated OBS Studio behind the mock obs-websocket peer (src/mocks/obs) and the /obs/* HTTP mocks:
 * one state, so a switch over HTTP reaches WebSocket clients as an event, as it would in OBS.
 */
export const obsSim = {
  password: () => password,
  /** Tests: which password the peer asks for ('' = no authentication). */
  setPassword(value: string) {
    password = value;
  },
  reachable: () => reachable,
  /** Tests: while set, every Identify is answered with this close code (e.g. 4010 UnsupportedRpcVersion, 4011 a kick). */
  setIdentifyRefusal(refusal: { code: number; reason: string } | null) {
    identifyRefusal = refusal;
  },
  identifyRefusal: () => identifyRefusal,
  /** Tests/demo: while unreachable, every new connection is closed at once (like OBS not running). */
  setReachable(value: boolean) {
    reachable = value;
  },
  scenes: (): LiveScene[] => scenes,
  currentScene: () => currentScene,
  streaming: () => stream === 'started' || stream === 'stopping',
  schedule: (): ScheduledBroadcast[] => schedule,

  onEvent(listener: (event: ObsSimEvent) => void): () => void {
    eventListeners.add(listener);
    return () => eventListeners.delete(listener);
  },
  /** The peer registers each open connection so that tests can drop them. */
  addConnection(close: (code: number, reason: string) => void): () => void {
    connections.add(close);
    return () => connections.delete(close);
  },
  /** Closes every open connection, like OBS quitting (1001) or a network drop. */
  dropConnections(code = 1001, reason = 'Going away') {
    for (const close of [...connections]) close(code, reason);
    connections.clear();
  },
  openConnections: () => connections.size,
  /** Every connection the peer has seen since the last reset, including refused ones. */
  connectionAttempts: () => connectionAttempts,
  noteConnectionAttempt() {
    connectionAttempts += 1;
  },

  /** Tests: the next request of this type is refused with this status (as OBS would, e.g. 500 OutputRunning). */
  failNextRequest(requestType: string, code: number, comment: string) {
    failures.set(requestType, { code, comment });
  },
  takeFailure(requestType: string): { code: number; comment: string } | undefined {
    const failure = failures.get(requestType);
    failures.delete(requestType);
    return failure;
  },
  /** Switches the program scene as OBS would (also "someone switched in OBS itself"). False if unknown. */
  switchScene(name: string): boolean {
    if (!scenes.some((s) => s.name === name)) return false;
    currentScene = name;
    emit('CurrentProgramSceneChanged', INTENT.scenes, { sceneName: name });
    return true;
  },
  /** Replaces the scene list (e.g. a scene added in OBS) and tells the clients. */
  setScenes(next: LiveScene[]) {
    scenes = next;
    if (!scenes.some((s) => s.name === currentScene)) currentScene = scenes[0]?.name ?? '';
    emit('SceneListChanged', INTENT.scenes, { scenes: obsSim.sceneList() });
  },
  /** obs-websocket's scene array: bottom of the OBS list first, sceneIndex 0 at the bottom. */
  sceneList(): Array<{ sceneName: string; sceneIndex: number }> {
    return scenes.map((s, i) => ({ sceneName: s.name, sceneIndex: scenes.length - 1 - i })).reverse();
  },

  /** False when already running (OBS answers OutputRunning). */
  startStream(): boolean {
    if (stream !== 'stopped') return false;
    stream = 'starting';
    streamStateChanged(false, 'OBS_WEBSOCKET_OUTPUT_STARTING');
    later(SIM_OUTPUT_DELAY_MS, () => {
      if (stream !== 'starting') return;
      stream = 'started';
      streamStartedAt = Date.now();
      streamStateChanged(true, 'OBS_WEBSOCKET_OUTPUT_STARTED');
    });
    return true;
  },
  /** False when not running (OBS answers OutputNotRunning). */
  stopStream(): boolean {
    if (stream !== 'started') return false;
    stream = 'stopping';
    streamStateChanged(true, 'OBS_WEBSOCKET_OUTPUT_STOPPING');
    later(SIM_OUTPUT_DELAY_MS, () => {
      if (stream !== 'stopping') return;
      stream = 'stopped';
      streamStartedAt = null;
      streamStateChanged(false, 'OBS_WEBSOCKET_OUTPUT_STOPPED');
    });
    return true;
  },
  /** Tests/demo: network trouble on the simulated output. */
  setOutputTrouble(trouble: { congestion?: number; reconnecting?: boolean; droppedFrames?: number }) {
    congestion = trouble.congestion ?? congestion;
    reconnecting = trouble.reconnecting ?? reconnecting;
    droppedFrames = trouble.droppedFrames ?? droppedFrames;
  },
  streamStatus() {
    const active = stream === 'started' || stream === 'stopping';
    const duration = active && streamStartedAt !== null ? Math.max(0, Date.now() - streamStartedAt) : 0;
    return {
      outputActive: active,
      outputReconnecting: active && reconnecting,
      outputTimecode: timecode(duration),
      outputDuration: duration,
      outputCongestion: active ? congestion : 0,
      outputBytes: Math.round((duration * SIM_BITRATE_KBPS) / 8),
      outputSkippedFrames: active ? droppedFrames : 0,
      outputTotalFrames: Math.floor((duration / 1000) * SIM_FPS),
    };
  },
  stats() {
    const status = obsSim.streamStatus();
    return {
      cpuUsage: 4.2,
      memoryUsage: 180.5,
      availableDiskSpace: 50_000,
      activeFps: SIM_FPS,
      averageFrameRenderTime: 1.4,
      renderSkippedFrames: 0,
      renderTotalFrames: status.outputTotalFrames,
      outputSkippedFrames: 0,
      outputTotalFrames: status.outputTotalFrames,
      webSocketSessionIncomingMessages: 0,
      webSocketSessionOutgoingMessages: 0,
    };
  },

  input: (name: string): SimInput | undefined => inputs.get(name),
  /** The names of the text inputs (GetInputList of text kinds). */
  textSources: (): string[] =>
    [...inputs].filter(([, input]) => input.inputKind.includes('text')).map(([name]) => name),
  /** SetInputSettings: overlay merges into the current settings, otherwise replaces them. False if unknown. */
  setInputSettings(name: string, settings: Record<string, unknown>, overlay = true): boolean {
    const input = inputs.get(name);
    if (!input) return false;
    input.settings = overlay ? { ...input.settings, ...settings } : { ...settings };
    emit('InputSettingsChanged', INTENT.inputs, {
      inputName: name,
      inputUuid: `uuid-${name}`,
      inputSettings: input.settings,
    });
    return true;
  },
};

registerStore((scenario) => {
  for (const timer of timers) clearTimeout(timer);
  timers.clear();
  obsSim.dropConnections(1001, 'Mock store reset');
  eventListeners.clear();
  password = DEMO_OBS_PASSWORD;
  connectionAttempts = 0;
  failures.clear();
  scenes = obsSceneFixtures.map((s) => ({ ...s }));
  currentScene = scenes[0].name;
  stream = 'stopped';
  streamStartedAt = null;
  inputs = new Map([
    [OBS_MOCK_TEXT_SOURCE, { inputKind: 'text_ft2_source_v2', settings: { text: 'Willkommen bei Newsdesk' } }],
    [OBS_MOCK_MEDIA_SOURCE, { inputKind: 'ffmpeg_source', settings: { is_local_file: true, local_file: '' } }],
  ]);
  schedule = scenario === 'empty' ? [] : scheduledBroadcastFixtures.map((b) => ({ ...b }));
  reachable = scenario !== 'offline';
  identifyRefusal = null;
  congestion = 0;
  reconnecting = false;
  droppedFrames = 0;
});
