// The start's question who is signed in, sent from the page's first script before the session's code has loaded;
// lib/session-flow's loadSession, asking as this does, takes the answer (lib/http/early-read).
import { readEarly } from '@/lib/http/early-read';
import { operatorAuthHeaders } from '@/lib/operator-token';

/** The address of `GET /session` under a deployment's API base. */
export const sessionUrl = (apiBaseUrl: string): string => `${apiBaseUrl.replace(/\/+$/, '')}/session`;

/** Sends `GET /session` now, with the headers loadSession sends; `signedIn` runs when it answers that someone is. */
export function askSessionEarly(apiBaseUrl: string, signedIn?: () => void): void {
  readEarly(sessionUrl(apiBaseUrl), { Accept: 'application/json', ...operatorAuthHeaders({}, 'GET') }, (ok) => {
    if (ok) signedIn?.();
  });
}
