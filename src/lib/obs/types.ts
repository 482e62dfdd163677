/** Connection status of the app's one OBS connection. */
/** 'auth-failed' (close 4009) and 'refused' (another 4000-range close code) are final: nothing reconnects. */
export type ObsStatus = 'disconnected' | 'connecting' | 'connected' | 'reconnecting' | 'auth-failed' | 'refused';

/** OBS output states as StreamStateChanged reports them, shortened. */
export type StreamPhase = 'stopped' | 'starting' | 'started' | 'stopping' | 'reconnecting';

/** Where to reach obs-websocket (SPEC §3 broadcast-software settings, connection part). */
export interface ObsEndpoint {
  host: string;
  port: number | string;
  password: string;
}

/** Stream health from GetStreamStatus + GetStats, sampled about once a second while streaming. */
export interface StreamHealth {
  /** Milliseconds the output has been active. */
  durationMs: number;
  /** kbit/s over the last sample interval, from the growth of outputBytes; null on the first sample. */
  bitrateKbps: number | null;
  /** Frames the network output dropped (GetStreamStatus outputSkippedFrames) of outputTotalFrames. */
  droppedFrames: number;
  totalFrames: number;
  /** Frames skipped by encoding lag (GetStats outputSkippedFrames) plus render lag (renderSkippedFrames). */
  skippedFrames: number;
  /** 0..1 */
  congestion: number;
  /** Percent. */
  cpuUsage: number;
  fps: number;
  reconnecting: boolean;
}

export interface ObsVersions {
  obsVersion: string;
  obsWebSocketVersion: string;
  rpcVersion: number;
}

/**
 * Why the last connect or command failed. kind 'auth' is a wrong password (close code 4009), 'refused' another close
 * code OBS sends on purpose (4000–4012), 'closed' a dropped connection that is being retried.
 */
export interface ObsFailure {
  kind: 'auth' | 'refused' | 'connect' | 'closed' | 'request';
  code: number;
  message: string;
}

export interface ReconnectInfo {
  attempt: number;
  delayMs: number;
}

/** Snapshot of the connection, read with useSyncExternalStore. */
export interface ObsState {
  status: ObsStatus;
  /** ws://host:port of the current or last connection (never carries the password). */
  url: string | null;
  /** Scene names in OBS's own order (top of the OBS list first). Kept after a disconnect. */
  scenes: string[];
  currentScene: string | null;
  streaming: boolean;
  streamPhase: StreamPhase;
  health: StreamHealth | null;
  versions: ObsVersions | null;
  lastError: ObsFailure | null;
  reconnect: ReconnectInfo | null;
  /** How this connection reaches OBS: from the browser, or through the Newsdesk server. */
  via: 'direct' | 'server';
  /** In server mode: the OBS instance of the server. */
  instance: string | null;
}

/** A published story to put on air (the Live screen's rundown, „Auf Sendung“). */
export interface StoryOnAir {
  newsId: string;
  headline: string;
  /** The text source: the configured one (direct), or the one picked in Admin for the server's instance (empty: the server's own). */
  sourceName: string;
}

/** Where the story went: the text source, and the media source with the video address when a video went too. */
export interface OnAirOutcome {
  sourceName: string;
  headline: string;
  mediaSource: string | null;
  videoUrl: string | null;
}
