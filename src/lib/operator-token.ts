// The operator token of a live desk (the Newsdesk server's bearer token).
// Kept in sessionStorage, not IndexedDB: it never reaches the settings export or the backup, is gone when the tab
// closes, and a shared tablet does not keep it; the price is one prompt per new tab.

const KEY = 'newsdesk-operator-token';

export type TokenNeed = { reason: 'missing' | 'rejected' };
type Listener = (need: TokenNeed) => void;
const listeners = new Set<Listener>();
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
}

/** The Authorization header of a live call (empty without a token). */
export function operatorAuthHeaders(): Record<string, string> {
  const token = getOperatorToken();
  return token ? { Authorization: `Bearer ${token}` } : {};
}

/** The server answered 401: forget the token and ask the operator (for the first time, or again after a wrong one). */
export function operatorTokenRejected(): void {
  const need: TokenNeed = { reason: getOperatorToken() ? 'rejected' : 'missing' };
  storage()?.removeItem(KEY);
  if (listeners.size === 0) pending = need;
  for (const listener of listeners) listener(need);
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

/** Checks a token against the server (an authenticated call that changes nothing). */
export async function verifyOperatorToken(apiBaseUrl: string, token: string, fetchImpl: typeof fetch = fetch): Promise<'ok' | 'rejected' | 'throttled' | 'unreachable'> {
  try {
    const response = await fetchImpl(`${apiBaseUrl.replace(/\/+$/, '')}/events/ticket`, { method: 'POST', headers: { Authorization: `Bearer ${token}` } });
    if (response.ok) return 'ok';
    if (response.status === 429) return 'throttled';
    return response.status === 401 ? 'rejected' : 'unreachable';
  } catch {
    return 'unreachable';
  }
}
