// The Content-Security-Policy of the built PWA: one source for the <meta> tag of the build (vite.config.ts), the
// dist/csp.json that a server reads to send the same policy as a header, and the tests.
import { createHash } from 'node:crypto';

/**
 * Shared by the meta tag and the header. connect/img/media-src stay open: the backend, n8n and OBS addresses are
 * chosen at run time; style-src allows inline styles because sonner and Radix insert <style> elements.
 */
export const CSP_DIRECTIVES: Record<string, string[]> = {
  'default-src': ["'self'"],
  'script-src': ["'self'", "'report-sample'"],
  'style-src': ["'self'", "'unsafe-inline'"],
  'img-src': ["'self'", 'data:', 'blob:', 'https:', 'http:'],
  'media-src': ["'self'", 'data:', 'blob:', 'https:', 'http:'],
  'font-src': ["'self'", 'data:'],
  'connect-src': ["'self'", 'https:', 'http:', 'wss:', 'ws:'],
  // blob: for the list reader, which comes inside the page's script rather than as a request of its own.
  'worker-src': ["'self'", 'blob:'],
  'manifest-src': ["'self'"],
  'frame-src': ["'self'"],
  'object-src': ["'none'"],
  'base-uri': ["'self'"],
  'form-action': ["'self'"],
};

/** Only a header can carry these (a <meta> CSP ignores them): who may frame the console (the fixture gallery frames it). */
export const CSP_HEADER_ONLY: Record<string, string[]> = {
  'frame-ancestors': ["'self'"],
};

/** The other response headers a host should send with the PWA (README, "Security headers"). */
export const SECURITY_HEADERS: Record<string, string> = {
  'X-Content-Type-Options': 'nosniff',
  'Referrer-Policy': 'no-referrer',
  // Only over HTTPS; a browser ignores it on plain HTTP.
  'Strict-Transport-Security': 'max-age=63072000; includeSubDomains',
};

/** 'sha256-…' source expressions of every inline <script> (one without src) in an HTML document. */
export function inlineScriptHashes(html: string): string[] {
  const hashes: string[] = [];
  for (const match of html.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script>/gi)) {
    if (/\bsrc\s*=/i.test(match[1])) continue;
    hashes.push(`'sha256-${createHash('sha256').update(match[2], 'utf8').digest('base64')}'`);
  }
  return hashes;
}

function serialize(directives: Record<string, string[]>): string {
  return Object.entries(directives)
    .map(([name, sources]) => `${name} ${sources.join(' ')}`)
    .join('; ');
}

/** The policy with the given inline-script hashes; `header: true` adds what only a header can carry. */
export function cspPolicy(scriptHashes: string[], { header = false }: { header?: boolean } = {}): string {
  const directives = { ...CSP_DIRECTIVES, 'script-src': [...CSP_DIRECTIVES['script-src'], ...scriptHashes] };
  return serialize(header ? { ...directives, ...CSP_HEADER_ONLY } : directives);
}
