// The operator token of a live desk (the Newsdesk server's bearer token).
// Kept in sessionStorage, not IndexedDB: it never reaches the settings export or the backup, is gone when the tab
// closes, and a shared tablet does not keep it; the price is one prompt per new tab.

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

/** The stored token, or undefined. */
export function getOperatorToken(): string | undefined {
  return storage()?.getItem(KEY) ?? undefined;
}

/** Stores the token for this tab. */
export function setOperatorToken(token: string): void {
  storage()?.setItem(KEY, token);
  pending = undefined;
  asked = false;
  for (const resume of [...waiting]) resume();
}

/**
 * Resolves once this tab has a token: at once when it has one, else after asking the operator (the token dialog) and
 * the operator's answer. A call without a token would only earn a 401, so none is sent; `signal` gives up the wait.
 */
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

/**
 * The operator token's header of a live call (empty without a token): `Authorization: Bearer`, or `X-Newsdesk-Token`
 * when the call's own Authorization header carries a provider key (POST /test/openai, SPEC §7).
 */
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
