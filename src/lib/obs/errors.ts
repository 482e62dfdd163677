import type { ObsFailure } from './types';

/** obs-websocket close code for a failed Identify (wrong or missing password). */
export const AUTH_FAILED_CODE = 4009;

/** SPEC §8 "Live and broadcast software". */
export const NOT_CONNECTED = 'Not connected to OBS';
export const CONNECT_FAILED = 'Failed to connect to OBS WebSocket';

/** A command was given while there is no identified connection. */
export class ObsNotConnectedError extends Error {
  constructor() {
    super(NOT_CONNECTED);
    this.name = 'ObsNotConnectedError';
  }
}

/** Connecting failed; `failure.kind === 'auth'` for a wrong password. */
export class ObsConnectError extends Error {
  readonly failure: ObsFailure;
  constructor(failure: ObsFailure) {
    super(`${CONNECT_FAILED}: ${failure.message}`);
    this.name = 'ObsConnectError';
    this.failure = failure;
  }
}

/** OBS answered a request with requestStatus.result false (code and comment from OBS). */
export class ObsRequestError extends Error {
  readonly code: number;
  readonly requestType: string;
  constructor(requestType: string, code: number, comment: string) {
    super(comment || `${requestType} failed (${code})`);
    this.name = 'ObsRequestError';
    this.code = code;
    this.requestType = requestType;
  }
}

/** obs-websocket RequestStatus 600: the named resource (scene, input) does not exist. */
export const RESOURCE_NOT_FOUND = 600;

function codeOf(error: unknown): number {
  const code = (error as { code?: unknown } | null)?.code;
  return typeof code === 'number' ? code : -1;
}

/** Turns whatever obs-websocket-js threw while connecting into an ObsFailure. */
export function toConnectFailure(error: unknown): ObsFailure {
  const code = codeOf(error);
  const message = error instanceof Error && error.message ? error.message : CONNECT_FAILED;
  return { kind: code === AUTH_FAILED_CODE ? 'auth' : 'connect', code, message };
}
