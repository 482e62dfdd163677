// One obs-websocket v5 connection held by the server: reconnects after a drop, stops for good on a 4000-range close
// (4009 wrong password), keeps scenes, program scene and stream state current from OBS's events.
import { OBSWebSocket, type OBSWebSocketError } from 'obs-websocket-js/json';
import type { ObsConnectionState, ObsServerEvent, ObsStreamPhase } from '../../../src/contract';
import type { ObsInstanceConfig } from '../../env';

/** What the server pushes on the event stream for OBS (SSE event `obs`; its schema is the contract's ObsServerEvent). */
export type ObsEvent = ObsServerEvent;
export type StreamPhase = ObsStreamPhase;

export interface StreamHealth {
  durationMs: number;
  bytes: number;
  droppedFrames: number;
  totalFrames: number;
  skippedFrames: number;
  congestion: number;
  cpuUsage: number;
  fps: number;
  reconnecting: boolean;
}

export const RECONNECT_BASE_MS = 1_000;
export const RECONNECT_MAX_MS = 30_000;
export const CONNECT_TIMEOUT_MS = 10_000;
const AUTH_FAILED_CODE = 4009;

const PHASES: Record<string, StreamPhase> = {
  OBS_WEBSOCKET_OUTPUT_STARTING: 'starting',
  OBS_WEBSOCKET_OUTPUT_STARTED: 'started',
  OBS_WEBSOCKET_OUTPUT_STOPPING: 'stopping',
  OBS_WEBSOCKET_OUTPUT_STOPPED: 'stopped',
  OBS_WEBSOCKET_OUTPUT_RECONNECTING: 'reconnecting',
  OBS_WEBSOCKET_OUTPUT_RECONNECTED: 'started',
};

// The German reason of each close code OBS sends on purpose (obs-websocket v5 WebSocketCloseCode).
const CLOSE_REASONS: Record<number, string> = {
  4009: 'Falsches Passwort – OBS hat die Anmeldung abgelehnt (Code 4009). Es wird kein neuer Versuch unternommen.',
  4010: 'OBS unterstützt die Protokollversion des Servers (RPC 1) nicht – bitte obs-websocket aktualisieren',
  4011: 'Die Sitzung wurde in OBS beendet (Sitzungsliste von obs-websocket)',
};

/** The German text for a 4000-range close (never retried). */
export function closeReason(code: number): string {
  if (code === AUTH_FAILED_CODE) return CLOSE_REASONS[4009];
  return `${CLOSE_REASONS[code] ?? 'OBS hat die Verbindung beendet'} (Code ${code}). Es wird kein neuer Versuch unternommen.`;
}

const isFinal = (code: number) => code >= 4000 && code <= 4999;
const codeOf = (error: unknown) => {
  const code = (error as { code?: unknown } | null)?.code;
  return typeof code === 'number' ? code : -1;
};

/** ws://host:port without any user:password part (safe for logs and answers). */
export function safeUrl(url: string): string {
  try {
    const u = new URL(url);
    u.username = '';
    u.password = '';
    return u.toString().replace(/\/$/, '');
  } catch {
    return 'ws://?';
  }
}

/** An OBS request that OBS answered with an error (requestStatus code and comment). */
export class ObsRequestFailed extends Error {
  constructor(
    readonly code: number,
    message: string,
  ) {
    super(message);
    this.name = 'ObsRequestFailed';
  }
}

export class ObsNotConnected extends Error {
  constructor() {
    super('Not connected to OBS');
    this.name = 'ObsNotConnected';
  }
}

function sceneNames(scenes: Array<Record<string, unknown>>): string[] {
  // obs-websocket lists scenes bottom first; the highest sceneIndex is the top of OBS's list.
  return [...scenes]
    .sort((a, b) => Number(b.sceneIndex ?? 0) - Number(a.sceneIndex ?? 0))
    .map((s) => String(s.sceneName ?? ''))
    .filter(Boolean);
}

/**
 * OBS 29's ffmpeg_source settings for a file OBS fetches over HTTP: not a local file, the address as `input`, played
 * once from the start each time the source becomes visible (restart_on_activate), cleared when it has ended.
 */
export function mediaInputSettings(url: string): {
  is_local_file: false;
  input: string;
  input_format: string;
  looping: false;
  restart_on_activate: true;
  clear_on_media_end: true;
} {
  return {
    is_local_file: false,
    input: url,
    input_format: '',
    looping: false,
    restart_on_activate: true,
    clear_on_media_end: true,
  };
}

export class ObsInstance {
  readonly name: string;
  readonly url: string;
  readonly textSource: string;
  readonly #password: string;
  state: ObsConnectionState = 'connecting';
  scenes: string[] = [];
  currentScene = '';
  streaming = false;
  streamPhase: StreamPhase = 'stopped';
  lastError: { code: number; message: string } | null = null;
  /** The scheduled reconnect (attempt number and its delay) while reconnecting. */
  reconnect: { attempt: number; delayMs: number } | null = null;
  versions: { obsVersion: string; obsWebSocketVersion: string } | null = null;
  #client: OBSWebSocket | null = null;
  #timer: ReturnType<typeof setTimeout> | null = null;
  #attempt = 0;
  #stopped = false;
  /** How many times a connection was tried (tests: a wrong password is tried exactly once). */
  attempts = 0;

  constructor(
    config: ObsInstanceConfig,
    private readonly emit: (event: ObsEvent) => void,
    private readonly log: (line: string) => void = (line) => console.log(line),
  ) {
    this.name = config.name;
    this.url = safeUrl(config.url);
    this.textSource = config.textSource;
    this.#password = config.password;
    this.#connectUrl = config.url;
  }

  readonly #connectUrl: string;

  start(): void {
    void this.#connect();
  }

  /** True while a reconnect is scheduled (never after a 4000-range close). */
  get reconnectPending(): boolean {
    return this.#timer !== null;
  }

  #setState(
    state: ObsConnectionState,
    extra: Omit<Extract<ObsEvent, { type: 'connection' }>, 'type' | 'instance' | 'state'> = {},
  ): void {
    this.state = state;
    this.emit({ type: 'connection', instance: this.name, state, ...extra });
  }

  async #connect(): Promise<void> {
    if (this.#stopped) return;
    this.attempts++;
    const c = new OBSWebSocket();
    c.on('ConnectionError', () => undefined);
    let timer: ReturnType<typeof setTimeout> | undefined;
    try {
      await Promise.race([
        c.connect(this.#connectUrl, this.#password || undefined, { rpcVersion: 1 }),
        new Promise<never>((_, reject) => {
          timer = setTimeout(
            () => reject(Object.assign(new Error('Connection timeout'), { code: -1 })),
            CONNECT_TIMEOUT_MS,
          );
        }),
      ]);
      if (this.#stopped) {
        await c.disconnect().catch(() => undefined);
        return;
      }
      this.#client = c;
      this.#attach(c);
      const [version, list, stream] = await Promise.all([
        c.call('GetVersion'),
        c.call('GetSceneList'),
        c.call('GetStreamStatus'),
      ]);
      this.versions = { obsVersion: version.obsVersion, obsWebSocketVersion: version.obsWebSocketVersion };
      this.scenes = sceneNames(list.scenes);
      this.currentScene = list.currentProgramSceneName;
      this.streaming = stream.outputActive;
      this.streamPhase = stream.outputActive ? (stream.outputReconnecting ? 'reconnecting' : 'started') : 'stopped';
      this.#attempt = 0;
      this.lastError = null;
      this.reconnect = null;
      this.log(`[obs:${this.name}] verbunden mit ${this.url}`);
      this.#setState('connected');
    } catch (error) {
      if (this.#client === c) this.#client = null;
      void c.disconnect().catch(() => undefined);
      this.#failed(codeOf(error), error instanceof Error ? error.message : String(error));
    } finally {
      clearTimeout(timer);
    }
  }

  #attach(c: OBSWebSocket): void {
    const current = () => this.#client === c;
    c.on('ConnectionClosed', (error: OBSWebSocketError) => {
      if (!current()) return;
      this.#client = null;
      this.#failed(codeOf(error), error.message);
    });
    c.on('CurrentProgramSceneChanged', ({ sceneName }) => {
      if (!current()) return;
      this.currentScene = sceneName;
      this.emit({ type: 'scene', instance: this.name, sceneName });
    });
    c.on('SceneListChanged', ({ scenes }) => {
      if (!current()) return;
      this.scenes = sceneNames(scenes);
      this.emit({ type: 'scenes', instance: this.name, scenes: this.scenes });
    });
    c.on('StreamStateChanged', ({ outputActive, outputState }) => {
      if (!current()) return;
      this.streaming = outputActive;
      this.streamPhase = PHASES[outputState] ?? (outputActive ? 'started' : 'stopped');
      this.emit({ type: 'stream', instance: this.name, active: outputActive, phase: this.streamPhase });
    });
  }

  // The message of obs-websocket-js never holds the password; the log line names URL (without user info) and code only.
  #failed(code: number, message: string): void {
    if (this.#stopped) return;
    this.streaming = false;
    this.streamPhase = 'stopped';
    this.reconnect = null;
    if (isFinal(code)) {
      const reason = closeReason(code);
      this.lastError = { code, message: reason };
      this.log(`[obs:${this.name}] ${reason}`);
      this.#setState(code === AUTH_FAILED_CODE ? 'auth-failed' : 'refused', { code, message: reason });
      return;
    }
    const delayMs = Math.min(RECONNECT_BASE_MS * 2 ** this.#attempt, RECONNECT_MAX_MS);
    this.#attempt++;
    this.lastError = { code, message: `Verbindung zu OBS verloren (${message || code}).` };
    this.log(`[obs:${this.name}] keine Verbindung zu ${this.url} (${code}), nächster Versuch in ${delayMs / 1000} s`);
    this.reconnect = { attempt: this.#attempt, delayMs };
    this.#setState('reconnecting', { code, message: this.lastError.message, attempt: this.#attempt, delayMs });
    this.#timer = setTimeout(() => {
      this.#timer = null;
      void this.#connect();
    }, delayMs);
  }

  #require(): OBSWebSocket {
    if (!this.#client || this.state !== 'connected') throw new ObsNotConnected();
    return this.#client;
  }

  async #request<T>(run: (c: OBSWebSocket) => Promise<T>): Promise<T> {
    const c = this.#require();
    try {
      return await run(c);
    } catch (error) {
      throw new ObsRequestFailed(codeOf(error), error instanceof Error ? error.message : String(error));
    }
  }

  async switchScene(sceneName: string): Promise<void> {
    await this.#request((c) => c.call('SetCurrentProgramScene', { sceneName }));
    // OBS has accepted it (GetCurrentProgramScene already reports it); the event follows after the transition.
    this.currentScene = sceneName;
  }

  startStream = () => this.#request((c) => c.call('StartStream'));
  stopStream = () => this.#request((c) => c.call('StopStream'));

  /** The text inputs of OBS (GetInputList, kinds with 'text' in their id), for the operator to pick a quick-text source. */
  async textSources(): Promise<string[]> {
    const { inputs } = await this.#request((c) => c.call('GetInputList'));
    return inputs
      .filter((i) => String(i.inputKind ?? '').includes('text'))
      .map((i) => String(i.inputName ?? ''))
      .filter(Boolean);
  }

  setText(text: string, sourceName = this.textSource): Promise<unknown> {
    return this.#request((c) =>
      c.call('SetInputSettings', { inputName: sourceName, inputSettings: { text }, overlay: true }),
    );
  }

  /** Points a media source (ffmpeg_source) at a network address; it plays from the start whenever it is shown. */
  setMediaInput(inputName: string, url: string): Promise<unknown> {
    return this.#request((c) =>
      c.call('SetInputSettings', { inputName, inputSettings: mediaInputSettings(url), overlay: true }),
    );
  }

  /** GetStreamStatus + GetStats; null when not connected. */
  async health(): Promise<StreamHealth | null> {
    if (!this.#client || this.state !== 'connected') return null;
    const [stream, stats] = await this.#request((c) => Promise.all([c.call('GetStreamStatus'), c.call('GetStats')]));
    return {
      durationMs: stream.outputDuration,
      bytes: stream.outputBytes,
      droppedFrames: stream.outputSkippedFrames,
      totalFrames: stream.outputTotalFrames,
      skippedFrames: stats.outputSkippedFrames + stats.renderSkippedFrames,
      congestion: stream.outputCongestion,
      cpuUsage: stats.cpuUsage,
      fps: stats.activeFps,
      reconnecting: stream.outputReconnecting,
    };
  }

  async stop(): Promise<void> {
    this.#stopped = true;
    if (this.#timer) clearTimeout(this.#timer);
    const c = this.#client;
    this.#client = null;
    this.state = 'stopped';
    if (c) await c.disconnect().catch(() => undefined);
  }
}

/** All configured OBS instances of this server. */
export class ObsHub {
  readonly instances: ObsInstance[];
  constructor(configs: ObsInstanceConfig[], emit: (event: ObsEvent) => void, log?: (line: string) => void) {
    this.instances = configs.map((config) => new ObsInstance(config, emit, log));
  }
  start(): void {
    for (const i of this.instances) i.start();
  }
  /** The named instance, or the first when no name is given; undefined when unknown. */
  get(name?: string): ObsInstance | undefined {
    return name ? this.instances.find((i) => i.name === name) : this.instances[0];
  }
  async stop(): Promise<void> {
    await Promise.all(this.instances.map((i) => i.stop()));
  }
}
