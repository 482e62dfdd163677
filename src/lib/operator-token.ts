// The live desk's bearer token lives in sessionStorage: never in the settings export or backup, gone with the tab.
// A same-origin console signs in with a session cookie instead: then the tab keeps its csrf here (and lib/session the user).

const KEY = 'newsdesk-operator-token';
const CSRF_KEY = 'newsdesk-csrf';

export type TokenNeed = { reason: 'missing' | 'rejected' | 'expired' };
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
  resumeWaiting();
}

/** The csrf of this tab's cookie session: sent as X-Newsdesk-Csrf with every state-changing call. */
export function getCsrf(): string | undefined {
  return storage()?.getItem(CSRF_KEY) ?? undefined;
}

export function setCsrf(csrf: string): void {
  storage()?.setItem(CSRF_KEY, csrf);
}

function forget(): void {
  storage()?.removeItem(KEY);
  storage()?.removeItem(CSRF_KEY);
}

function resumeWaiting(): void {
  pending = undefined;
  asked = false;
  for (const resume of [...waiting]) resume();
}

/** Signed in: with a bearer token, or with a session cookie the server has confirmed. */
export function isSignedIn(): boolean {
  return credentialMark() !== undefined;
}

/** What a call was sent with: a 401 for other credentials than the current ones is not the current ones' failure. */
export function credentialMark(): string | undefined {
  const csrf = getCsrf();
  return getOperatorToken() ?? (csrf ? `session:${csrf}` : undefined);
}

/** The server confirmed a session (lib/session-flow): the calls that waited for a sign-in go. */
export function sessionConfirmed(): void {
  resumeWaiting();
}

/** Resolves once this tab is signed in, asking the operator if needed; a call without credentials would only earn a 401. */
export function whenOperatorToken(signal?: AbortSignal): Promise<void> {
  if (isSignedIn()) return Promise.resolve();
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
 * The credentials of a live call: the token (X-Newsdesk-Token when Authorization carries a provider key, SPEC §7), and
 * for a state-changing call of a cookie session its csrf (a call of no stated method is taken as one).
 */
export function operatorAuthHeaders(callHeaders: Record<string, string> = {}, method?: string): Record<string, string> {
  const headers: Record<string, string> = {};
  const csrf = getCsrf();
  if (csrf && method !== 'GET') headers['X-Newsdesk-Csrf'] = csrf;
  const token = getOperatorToken();
  if (!token) return headers;
  const taken = Object.keys(callHeaders).some((name) => name.toLowerCase() === 'authorization');
  return { ...headers, ...(taken ? { 'X-Newsdesk-Token': token } : { Authorization: `Bearer ${token}` }) };
}

/** The server answered 401: forget token and session and ask the operator (first time, wrong token, ended session). */
export function operatorTokenRejected(): void {
  const need: TokenNeed = { reason: getOperatorToken() ? 'rejected' : getCsrf() ? 'expired' : 'missing' };
  forget();
  announce(need);
}

/** Signed out (this session or everywhere): nothing of it is kept, and the sign-in is shown. */
export function signedOut(): void {
  forget();
  announce({ reason: 'missing' });
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

/** Nobody is signed in: the sign-in is shown. */
export function askForSignIn(): void {
  if (!isSignedIn()) announce({ reason: 'missing' });
}

/** How long the auth handshake (token check, event-stream ticket) waits for the server before it counts as unreachable. */
export const HANDSHAKE_TIMEOUT_MS = 15_000;
