// Answers asked for by the page's first script (who is signed in; a deep link's first list once someone is): the call
// that would have asked, behind its code and the app's first render, takes the answer instead of asking again. Zod-
// and React-free: it is part of the page's first script.

/** How long an answer asked for early waits for its call; a later call asks anew. */
export const EARLY_READ_TTL_MS = 30_000;

interface Early {
  headers: string;
  at: number;
  response: Promise<Response>;
}
const early = new Map<string, Early>();
/** Every address a GET has been sent to from this page: asked already, it is not asked for early. */
const asked = new Set<string>();

/** A GET of this address is being sent (transport tells every one). */
export function noteGet(url: string): void {
  asked.add(url);
}

const signature = (headers: Record<string, string>) =>
  JSON.stringify(Object.entries(headers).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)));

/**
 * Sends a GET now, for the first call of the same address and headers to take; not if a call has asked already.
 * Tells `then` whether the answer was a success (2xx), without reading it.
 */
export function readEarly(url: string, headers: Record<string, string>, then?: (ok: boolean) => void): void {
  if (asked.has(url)) return;
  asked.add(url);
  const response = fetch(url, { headers });
  // A failure is the taking call's to report; one never taken is nobody's.
  response.then((answer) => then?.(answer.ok)).catch(() => undefined);
  early.set(url, { headers: signature(headers), at: performance.now(), response });
}

/**
 * The answer asked for early for this GET, once: only with the same headers (a token entered since is not
 * the one sent) and within EARLY_READ_TTL_MS.
 */
export function takeEarly(url: string, headers: Record<string, string>): Promise<Response> | undefined {
  const entry = early.get(url);
  if (!entry) return undefined;
  early.delete(url);
  if (entry.headers !== signature(headers) || performance.now() - entry.at > EARLY_READ_TTL_MS) return undefined;
  return entry.response;
}
