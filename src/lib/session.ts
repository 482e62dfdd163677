// Who the live console is signed in as (user, role), in memory and sessionStorage: gone with the tab, like the token.
// The session cookie itself is HttpOnly and never seen here; its csrf is lib/operator-token's.
import type { Role } from '@/contract';
import { getCsrf, getOperatorToken } from '@/lib/operator-token';

export interface SignedInUser {
  id: string;
  name: string;
  email: string;
  role: Role;
}
export interface KnownSession {
  user: SignedInUser;
  via: 'session' | 'token';
  /** Sent as X-Newsdesk-Csrf with every state-changing call of a cookie session. */
  csrf?: string;
  tokenName?: string;
}

const KEY = 'newsdesk-session';
const ROLE_NAMES: readonly string[] = ['Viewer', 'Editor', 'Admin'];
const listeners = new Set<() => void>();
let current: KnownSession | undefined;
let loaded = false;

function storage(): Storage | undefined {
  try {
    return typeof sessionStorage === 'undefined' ? undefined : sessionStorage;
  } catch {
    return undefined;
  }
}

/** A stored session as this tab wrote it (a changed or foreign value counts as none). */
function stored(raw: unknown): KnownSession | undefined {
  const session = raw as Partial<KnownSession> | null;
  return session?.user && ROLE_NAMES.includes(session.user.role) ? (session as KnownSession) : undefined;
}

/** The session, while the credentials it was confirmed for are still this tab's (a 401 or sign-out clears those). */
export function getSession(): KnownSession | undefined {
  if (!loaded) {
    loaded = true;
    try {
      current = stored(JSON.parse(storage()?.getItem(KEY) ?? 'null'));
    } catch {
      current = undefined;
    }
  }
  const valid = current?.via === 'token' ? getOperatorToken() !== undefined : current?.csrf === getCsrf();
  return valid ? current : undefined;
}

export function setSession(session: KnownSession | undefined): void {
  loaded = true;
  current = session;
  if (session) storage()?.setItem(KEY, JSON.stringify(session));
  else storage()?.removeItem(KEY);
  for (const listener of [...listeners]) listener();
}

/** Hears every change of the session (useSyncExternalStore). */
export function subscribeSession(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

// The demo's role (mock mode only): picked in the user menu, enforced by the mock backend, kept across reloads.
const DEMO_KEY = 'newsdesk-demo-role';
const demoListeners = new Set<() => void>();
let demoRole: Role | undefined;

function readDemoRole(): Role {
  try {
    const stored = typeof localStorage === 'undefined' ? null : localStorage.getItem(DEMO_KEY);
    return stored === 'Viewer' || stored === 'Editor' || stored === 'Admin' ? stored : 'Admin';
  } catch {
    return 'Admin';
  }
}

export function getDemoRole(): Role {
  demoRole ??= readDemoRole();
  return demoRole;
}

export function setDemoRole(next: Role): void {
  demoRole = next;
  try {
    localStorage.setItem(DEMO_KEY, next);
  } catch {
    // A browser without storage keeps the role for this page only.
  }
  for (const listener of [...demoListeners]) listener();
}

export function subscribeDemoRole(listener: () => void): () => void {
  demoListeners.add(listener);
  return () => demoListeners.delete(listener);
}
