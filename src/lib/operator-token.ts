// The live desk's bearer token lives in sessionStorage: never in the settings export or backup, gone with the tab.

import { ApiError } from '@/lib/http/api-error';
import { transport } from '@/lib/http/transport';

const KEY = 'newsdesk-operator-token';

export type TokenNeed = { reason: 'missing' | 'rejected' };
type Listener = (need: TokenNeed) => void;
const listeners = new Set<Listener>();
// Calls held back until the operator has given a token (a live console sends nothing without one).
const waiting = new Set<() => void>();
// The operator has been asked and not yet answered: waiting calls add no question of their own.
let asked = false;
// A 401 that came before the shell listened (its chunk loads lazily) is delivered on subscription.
let pending: TokenNeed | undefined;

function storage(): Storage | undefined {
  try {
    return typeof sessionStorage === 'undefined' ? undefined : sessionStorage;
  } catch {
    return undefined;
  }
}

export function getOperatorToken(): string | undefined {
  return storage()?.getItem(KEY) ?? undefined;
}

export function setOperatorToken(token: string): void {
  storage()?.setItem(KEY, token);
  pending = undefined;
  asked = false;
  for (const resume of [...waiting]) resume();
}

/** Resolves once this tab has a token, asking the operator if needed; a call without one would only earn a 401. */
export function whenOperatorToken(signal?: AbortSignal): Promise<void> {
  if (getOperatorToken()) return Promise.resolve();
  return new Promise<void>((resolve, reject) => {
    const stop = () => {
      waiting.delete(resume);
      reject(signal?.reason instanceof Error ? signal.reason : new DOMException('Abgebrochen', 'AbortError'));
    };
    const resume = () => {
      waiting.delete(resume);
      signal?.removeEventListener('abort', stop);
      resolve();
    };
    if (signal?.aborted) return stop();
    signal?.addEventListener('abort', stop, { once: true });
    waiting.add(resume);
    // One question for all the calls that wait, not one per call.
    if (!asked) announce({ reason: 'missing' });
  });
}

function announce(need: TokenNeed): void {
  asked = true;
  if (listeners.size === 0) pending = need;
  for (const listener of listeners) listener(need);
}

/** The token header of a live call; X-Newsdesk-Token when Authorization carries a provider key (SPEC §7). */
export function operatorAuthHeaders(callHeaders: Record<string, string> = {}): Record<string, string> {
  const token = getOperatorToken();
  if (!token) return {};
  const taken = Object.keys(callHeaders).some((name) => name.toLowerCase() === 'authorization');
  return taken ? { 'X-Newsdesk-Token': token } : { Authorization: `Bearer ${token}` };
}

/** The server answered 401: forget the token and ask the operator (for the first time, or again after a wrong one). */
export function operatorTokenRejected(): void {
  const need: TokenNeed = { reason: getOperatorToken() ? 'rejected' : 'missing' };
  storage()?.removeItem(KEY);
  announce(need);
}

/** Listens for "the token is needed" (the app shell shows the token dialog). */
export function onOperatorTokenNeeded(listener: Listener): () => void {
  listeners.add(listener);
  if (pending) {
    listener(pending);
    pending = undefined;
  }
  return () => listeners.delete(listener);
}

/** How long the auth handshake (token check, event-stream ticket) waits for the server before it counts as unreachable. */
export const HANDSHAKE_TIMEOUT_MS = 15_000;

/** Checks a token against the server (an authenticated call that changes nothing). */
export async function verifyOperatorToken(
  apiBaseUrl: string,
  token: string,
): Promise<'ok' | 'rejected' | 'throttled' | 'unreachable'> {
  try {
    await transport(`${apiBaseUrl.replace(/\/+$/, '')}/events/ticket`, {
      method: 'POST',
      headers: { Authorization: `Bearer ${token}` },
      timeoutMs: HANDSHAKE_TIMEOUT_MS,
    });
    return 'ok';
  } catch (error) {
    const status = error instanceof ApiError ? error.status : 0;
    if (status === 429) return 'throttled';
    return status === 401 ? 'rejected' : 'unreachable';
  }
}
