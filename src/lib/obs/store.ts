import type { ObsEndpoint, ObsState } from './types';

// The app's one OBS connection state and the endpoint helpers the forms need: what a screen reads before its first
// render. The connection itself (connection.ts, server-connection.ts, obs-websocket-js) loads with the first command
// (control.ts), so that the Live screen's heading does not wait for it.

export const INITIAL_OBS_STATE: ObsState = {
  status: 'disconnected',
  url: null,
  scenes: [],
  currentScene: null,
  streaming: false,
  streamPhase: 'stopped',
  health: null,
  versions: null,
  lastError: null,
  reconnect: null,
  via: 'direct',
  instance: null,
};

let state: ObsState = INITIAL_OBS_STATE;
const listeners = new Set<() => void>();

/** Changes the snapshot; both ways of connecting (direct, through the server) feed the one state both screens read. */
export function patchObsState(patch: Partial<ObsState>): void {
  state = { ...state, ...patch };
  for (const listener of listeners) listener();
}

/** Tests: back to the initial state. */
export function resetObsState(): void {
  state = INITIAL_OBS_STATE;
  for (const listener of listeners) listener();
}

/** Current snapshot (stable between changes, for useSyncExternalStore). */
export function getObsState(): ObsState {
  return state;
}

/** Calls `listener` after every change; returns the unsubscribe function. */
export function subscribeObs(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** True when host and port are filled in and the port is a valid TCP port. */
export function isEndpointComplete({ host, port }: Pick<ObsEndpoint, 'host' | 'port'>): boolean {
  const p = Number(String(port).trim());
  return host.trim() !== '' && String(port).trim() !== '' && Number.isInteger(p) && p > 0 && p < 65536;
}

/** ws://host:port for an endpoint; a host typed with ws:// or wss:// keeps its scheme. */
export function obsUrl(host: string, port: number | string): string {
  const trimmed = host.trim().replace(/\/+$/, '');
  const match = /^(wss?):\/\/(.+)$/i.exec(trimmed);
  return match
    ? `${match[1].toLowerCase()}://${match[2]}:${String(port).trim()}`
    : `ws://${trimmed}:${String(port).trim()}`;
}
