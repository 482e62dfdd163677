// A deep link's first list is sent the moment the operator is known, from the page's first script: the screen's call
// (behind its code, the query client and the app's first render) takes that answer (lib/http/early-read). Part of the
// page's first script, so it imports neither transport nor the contract.
import { getConfig } from '@/lib/config';
import { readEarly } from '@/lib/http/early-read';
import { operatorAuthHeaders } from '@/lib/operator-token';

/** The list each deep link's screen shows first, by its API path (first-read.test.ts holds it to the contract). */
export const FIRST_READS: Readonly<Record<string, string>> = {
  '/dashboard/media': '/media',
  '/dashboard/posts': '/posts',
  '/dashboard/ai-news': '/news',
};

/** Sends the first list of the screen at `pathname`, if it has one, as the screen's own call would send it. */
export function readFirstList(pathname: string): void {
  const path = FIRST_READS[pathname.replace(/\/+$/, '')];
  if (!path) return;
  // As transport's buildUrl joins a base and a path without a query.
  const url = `${getConfig().apiBaseUrl.replace(/\/+$/, '')}${path}`;
  readEarly(url, { Accept: 'application/json', ...operatorAuthHeaders({}, 'GET') });
}
