// Signing in and the start's question who is signed in: loaded with the live desk and its dialog, not with a screen.
import type { Role } from '@/contract';
import type { Session } from '@/contract/entities/admin';
import { getConfig } from '@/lib/config';
import { ApiError } from '@/lib/http/api-error';
import { transport } from '@/lib/http/transport';
import {
  askForSignIn,
  credentialMark,
  getCsrf,
  HANDSHAKE_TIMEOUT_MS,
  isSignedIn,
  operatorAuthHeaders,
  operatorTokenRejected,
  sessionConfirmed,
  setCsrf,
  setOperatorToken,
} from '@/lib/operator-token';
import { setSession, type KnownSession } from '@/lib/session';
import { sessionUrl } from '@/lib/session-early';

const ROLE_NAMES: readonly string[] = ['Viewer', 'Editor', 'Admin'];
const text = (value: unknown): value is string => typeof value === 'string';

/** A server's Session answer as far as the console uses it; undefined when it is none. */
export function toKnownSession(raw: unknown): KnownSession | undefined {
  if (typeof raw !== 'object' || raw === null) return undefined;
  const { user, via, csrf, tokenName } = raw as Partial<Record<keyof Session, unknown>>;
  if (typeof user !== 'object' || user === null) return undefined;
  const { id, name, email, role } = user as Record<string, unknown>;
  if (!text(id) || !text(name) || !text(email) || !text(role) || !ROLE_NAMES.includes(role)) return undefined;
  if (via !== 'session' && via !== 'token') return undefined;
  return {
    user: { id, name, email, role: role as Role },
    via,
    ...(text(csrf) ? { csrf } : {}),
    ...(text(tokenName) ? { tokenName } : {}),
  };
}

/** The server confirmed a session (sign-in or `GET /session`): its bearer token, if any, is kept as the operator's. */
export function acceptSession(session: KnownSession & { token?: string }): void {
  const { token, ...known } = session;
  if (known.csrf) setCsrf(known.csrf);
  setSession(known);
  if (token) setOperatorToken(token);
  else sessionConfirmed();
}

let started: Promise<'ok' | 'none' | 'unreachable'> | undefined;
/**
 * The shell's one question at start: is this console signed in (a session cookie, or the stored token)? 200: the
 * session is known and waiting calls go; 401: the sign-in is shown; unreachable: the sign-in too, unless a token is kept,
 * and the question is asked again until the server answers (see askAgainWhenReachable).
 */
export function startSession(): Promise<'ok' | 'none' | 'unreachable'> {
  started ??= loadSession().then((result) => {
    if (result === 'none') operatorTokenRejected();
    else if (result === 'unreachable') {
      askForSignIn();
      askAgainWhenReachable();
    }
    return result;
  });
  return started;
}

const found = new Set<() => void>();
/** Hears the session found by asking again (the sign-in shown meanwhile closes). */
export function onSessionFound(listener: () => void): () => void {
  found.add(listener);
  return () => found.delete(listener);
}

/** Between two questions while the server cannot be reached: doubling from the first, up to the last. */
const SESSION_RETRY_MS = { first: 5_000, max: 60_000 } as const;

/**
 * A window opened offline (or while the server restarts) cannot tell a valid session cookie from none. The question is
 * asked again when the browser is back online and on a growing interval, until the server answers: a valid cookie
 * then signs the window in by itself (no password typed again); a 401 leaves the sign-in as it is. It ends once
 * anyone is signed in meanwhile.
 */
function askAgainWhenReachable(): void {
  let delay: number = SESSION_RETRY_MS.first;
  let timer: ReturnType<typeof setTimeout> | undefined;
  let asking = false;
  const later = () => {
    timer = setTimeout(() => void ask(), delay);
    delay = Math.min(delay * 2, SESSION_RETRY_MS.max);
  };
  const stop = () => {
    clearTimeout(timer);
    window.removeEventListener('online', onOnline);
  };
  async function ask(): Promise<void> {
    clearTimeout(timer);
    if (isSignedIn()) return stop();
    if (asking) return;
    asking = true;
    const result = await loadSession();
    asking = false;
    if (result === 'ok') for (const listener of [...found]) listener();
    if (result !== 'unreachable' || isSignedIn()) return stop();
    later();
  }
  const onOnline = () => void ask();
  window.addEventListener('online', onOnline);
  later();
}

/** `GET /session` with the cookie (same origin) or the token: who this console is signed in as. */
export async function loadSession(): Promise<'ok' | 'none' | 'unreachable'> {
  // Signed in or out while the question was on its way: its answer speaks of the credentials before (their csrf).
  const asked = credentialMark();
  const overtaken = () => credentialMark() !== asked;
  try {
    // The page's start may have asked already (askSessionEarly): transport takes that answer.
    const answer = await transport(sessionUrl(getConfig().apiBaseUrl), {
      headers: operatorAuthHeaders({}, 'GET'),
      timeoutMs: HANDSHAKE_TIMEOUT_MS,
    });
    if (overtaken()) return isSignedIn() ? 'ok' : 'none';
    const session = toKnownSession(answer);
    if (!session) return 'unreachable';
    acceptSession(session);
    return 'ok';
  } catch (error) {
    if (overtaken()) return isSignedIn() ? 'ok' : 'none';
    return error instanceof ApiError && error.status === 401 ? 'none' : 'unreachable';
  }
}

/**
 * A cookie session's csrf goes stale in this tab when another tab signs in again (the new cookie is every tab's): a
 * change then earns 403 'csrf'. The session is asked for once; true when it brought a new csrf to send the change with.
 */
export async function freshCsrf(error: ApiError): Promise<boolean> {
  const before = getCsrf();
  if (getConfig().apiMode !== 'live' || error.status !== 403 || !error.body?.includes('"code":"csrf"')) return false;
  return (await loadSession()) === 'ok' && getCsrf() !== before;
}

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
