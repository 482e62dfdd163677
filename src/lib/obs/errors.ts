import type { ObsFailure } from './types';

/** obs-websocket close code for a failed Identify (wrong or missing password). */
export const AUTH_FAILED_CODE = 4009;

/**
 * True for a close code OBS sends on purpose (obs-websocket v5 WebSocketCloseCode, 4000–4012: bad message, not
 * identified, wrong password, unsupported RPC version, session kicked, …): a new attempt would meet the same answer,
 * so it is never retried. Other application codes of the 4000 range are treated alike; 1000–1015 (OBS quitting,
 * 1006 for a dropped network) are worth a reconnect.
 */
export function isFinalCloseCode(code: number): boolean {
  return code >= 4000 && code <= 4999;
}

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

/** Connecting failed; `failure.kind === 'auth'` for a wrong password, 'refused' for another close code of OBS's own. */
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
  /** The input the request was for, when the caller named it (a missing text or media source). */
  readonly inputName?: string;
  constructor(requestType: string, code: number, comment: string, inputName?: string) {
    super(comment || `${requestType} failed (${code})`);
    this.name = 'ObsRequestError';
    this.code = code;
    this.requestType = requestType;
    if (inputName !== undefined) this.inputName = inputName;
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
  return { kind: code === AUTH_FAILED_CODE ? 'auth' : isFinalCloseCode(code) ? 'refused' : 'connect', code, message };
}
