// The production PWA from the build folder on the same origin as /api: config.json answered as live, a strict CSP
// whose script hashes are computed from the built index.html (it carries small inline scripts), SPA fallback.
import { createHash } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { serveStatic } from '@hono/node-server/serve-static';
import type { Hono } from 'hono';
import type { AppEnv } from './context';

/** sha256 sources of every inline <script> of an HTML text, for the CSP's script-src. */
export function inlineScriptHashes(html: string): string[] {
  const hashes: string[] = [];
  for (const match of html.matchAll(/<script(\s[^>]*)?>([\s\S]*?)<\/script>/gi)) {
    const attributes = match[1] ?? '';
    if (/\ssrc\s*=/i.test(attributes)) continue;
    hashes.push(`'sha256-${createHash('sha256').update(match[2], 'utf8').digest('base64')}'`);
  }
  return hashes;
}

export function contentSecurityPolicy(scriptHashes: string[]): string {
  return [
    "default-src 'self'",
    // 'report-sample' as in the build's own policy: a refused inline script is reported with its first characters.
    `script-src 'self' 'report-sample' ${scriptHashes.join(' ')}`.trim(),
    // React and Radix set style attributes; styles cannot run code.
    "style-src 'self' 'unsafe-inline'",
    "img-src 'self' data: blob:",
    "media-src 'self' data: blob:",
    "font-src 'self' data:",
    // The console talks to operator-configured n8n, provider test endpoints and the OBS WebSocket.
    "connect-src 'self' https: http: ws: wss:",
    "worker-src 'self'",
    "manifest-src 'self'",
    // The fixture gallery frames the app's own screens.
    "frame-src 'self'",
    "frame-ancestors 'self'",
    "object-src 'none'",
    "base-uri 'self'",
    "form-action 'self'",
  ].join('; ');
}

/** Serves the built PWA; answers a clear German page when there is no build. */
export function servePwa(app: Hono<AppEnv>, distDir: string): void {
  const indexFile = path.join(distDir, 'index.html');
  const html = existsSync(indexFile) ? readFileSync(indexFile, 'utf8') : undefined;
  const csp = contentSecurityPolicy(html ? inlineScriptHashes(html) : []);

  app.use('*', async (c, next) => {
    await next();
    if (c.req.path.startsWith('/api/') || c.req.path === '/api') return;
    c.header('Content-Security-Policy', csp);
    c.header('Cross-Origin-Opener-Policy', 'same-origin');
    c.header('X-Frame-Options', 'SAMEORIGIN');
  });

  app.get('/config.json', (c) => {
    // config.ts accepts only an absolute apiBaseUrl: the origin this page was served from.
    const origin = new URL(c.req.url).origin;
    c.header('Cache-Control', 'no-cache');
    // A server that holds an OBS connection makes 'über den Server' the deployment's default.
    const obsMode = (c.get('deps').obs?.instances.length ?? 0) > 0 ? { obsMode: 'server' } : {};
    return c.json({ apiMode: 'live', apiBaseUrl: `${origin}/api`, ...obsMode });
  });

  // Hashed assets forever; the documents, the worker and the manifest revalidated on every load. Set once the file is
  // answered (serveStatic's onFound comes after its response is made, too late for a header).
  app.use('*', async (c, next) => {
    await next();
    if (c.req.path.startsWith('/api/') || c.res.status !== 200) return;
    const name = path.posix.basename(c.req.path);
    if (c.req.path.startsWith('/assets/')) c.header('Cache-Control', 'public, max-age=31536000, immutable');
    else if (!path.extname(name) || name.endsWith('.html') || name === 'sw.js' || name.endsWith('.webmanifest'))
      c.header('Cache-Control', 'no-cache');
  });

  // The build does not change under a running server: each address is looked up on disk once.
  const documents = new Map<string, boolean>();
  const hasDocument = (address: string) => {
    let found = documents.get(address);
    if (found === undefined) documents.set(address, (found = existsSync(path.join(distDir, `${address}.html`))));
    return found;
  };

  const root = path.relative(process.cwd(), distDir) || '.';
  if (html)
    app.use(
      '*',
      serveStatic({
        root,
        // A route's own document (dist/dashboard/posts.html, written by the build with its modulepreload links) answers it.
        rewriteRequestPath: (p) => (!path.extname(p) && hasDocument(p) ? `${p}.html` : p),
      }),
    );

  app.get('*', (c) => {
    if (c.req.path.startsWith('/api/')) return c.notFound();
    if (!html) return c.text('Kein Build gefunden: bitte `npm run build` ausführen oder `npm start` verwenden.', 503);
    c.header('Cache-Control', 'no-cache');
    return c.html(html);
  });
}
