import { getConfig } from '@/lib/config';

export type OAuthProvider = 'instagram' | 'tiktok';
export const OAUTH_CHANNEL = 'newsdesk-oauth';
/** SPEC §9: the OAuth popup is 600 × 400 pixels. */
export const POPUP_WIDTH = 600;
export const POPUP_HEIGHT = 400;
const PENDING_KEY = 'newsdesk-oauth-pending';

/** What the callback page posts: never a code or token, only whether the provider said yes. */
export interface OAuthResult {
  provider: OAuthProvider;
  state: string;
  status: 'success' | 'error';
}

const AUTHORIZE: Record<OAuthProvider, { url: string; clientParam: string; scope: string }> = {
  instagram: {
    url: 'https://api.instagram.com/oauth/authorize',
    clientParam: 'client_id',
    scope: 'user_profile,user_media',
  },
  tiktok: {
    url: 'https://www.tiktok.com/v2/auth/authorize/',
    clientParam: 'client_key',
    scope: 'user.info.basic,video.publish',
  },
};

export function callbackUrl(origin = window.location.origin): string {
  return `${origin}/auth/callback.html`;
}

/**
 * The provider's authorise page. In mock mode it is our own callback page with a fake code, so the
 * demo completes without leaving the app's origin.
 */
export function authorizeUrl(provider: OAuthProvider, state: string, origin = window.location.origin): string {
  if (getConfig().apiMode === 'mock') {
    const url = new URL(callbackUrl(origin));
    url.searchParams.set('provider', provider);
    url.searchParams.set('state', state);
    url.searchParams.set('code', 'mock-code');
    return url.toString();
  }
  const { url: base, clientParam, scope } = AUTHORIZE[provider];
  const url = new URL(base);
  url.searchParams.set(clientParam, 'newsdesk');
  url.searchParams.set('redirect_uri', `${callbackUrl(origin)}?provider=${provider}`);
  url.searchParams.set('response_type', 'code');
  url.searchParams.set('scope', scope);
  url.searchParams.set('state', state);
  return url.toString();
}

function readPending(): Record<string, OAuthProvider> {
  try {
    const raw = sessionStorage.getItem(PENDING_KEY);
    const value: unknown = raw ? JSON.parse(raw) : {};
    return value && typeof value === 'object' ? (value as Record<string, OAuthProvider>) : {};
  } catch {
    return {};
  }
}

function writePending(pending: Record<string, OAuthProvider>): void {
  try {
    sessionStorage.setItem(PENDING_KEY, JSON.stringify(pending));
  } catch {
    // storage blocked: the state only lives for this page, which is enough for one popup
  }
}

const memoryPending = new Map<string, OAuthProvider>();

/** Remembers a new random state for a provider and returns it. */
export function beginOAuth(provider: OAuthProvider): string {
  const state = crypto.randomUUID();
  memoryPending.set(state, provider);
  writePending({ ...readPending(), [state]: provider });
  return state;
}

/** Accepts a result only with a state we issued for that provider; each state is used once. */
export function consumeOAuthResult(data: unknown): OAuthResult | null {
  if (!data || typeof data !== 'object') return null;
  const { provider, state, status } = data as Record<string, unknown>;
  if (
    (provider !== 'instagram' && provider !== 'tiktok') ||
    typeof state !== 'string' ||
    (status !== 'success' && status !== 'error')
  )
    return null;
  const pending = readPending();
  const expected = memoryPending.get(state) ?? pending[state];
  if (expected !== provider) return null;
  memoryPending.delete(state);
  delete pending[state];
  writePending(pending);
  return { provider, state, status };
}

/**
 * Opens the 600 × 400 popup without handing it our window: it starts blank, loses its opener, and only
 * then goes to the authorise page. Returns false when the browser blocked it.
 */
export function openOAuthPopup(url: string, provider: OAuthProvider): boolean {
  const popup = openBlankOAuthPopup(provider);
  if (!popup) return false;
  popup.location.href = url;
  return true;
}

/**
 * The blank 600 × 400 popup without our window as opener, opened within the click (so no blocker stops it) while the
 * live server still builds the authorise URL; null when the browser blocked it.
 */
export function openBlankOAuthPopup(provider: string): Window | null {
  const left = Math.max(0, Math.round(window.screenX + (window.outerWidth - POPUP_WIDTH) / 2));
  const top = Math.max(0, Math.round(window.screenY + (window.outerHeight - POPUP_HEIGHT) / 2));
  const popup = window.open(
    'about:blank',
    `newsdesk-oauth-${provider}`,
    `popup,width=${POPUP_WIDTH},height=${POPUP_HEIGHT},left=${left},top=${top}`,
  );
  if (!popup) return null;
  try {
    popup.opener = null;
  } catch {
    // some browsers forbid the write; the result still comes back over the BroadcastChannel
  }
  return popup;
}
