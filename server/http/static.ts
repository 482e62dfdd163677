// The production PWA from the build folder on the same origin as /api: config.json answered as live, the build's own
// CSP as a header (dist/csp.json, made from the same source as the page's meta policy), SPA fallback.
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { serveStatic } from '@hono/node-server/serve-static';
import type { Hono } from 'hono';
import { cspPolicy, inlineScriptHashes } from '../../scripts/build/csp';
import type { AppEnv } from '../context';

/** The header policy the build wrote (dist/csp.json); an older build's is computed from its index.html's script hashes. */
export function buildPolicy(distDir: string, html: string | undefined): string {
  try {
    const written = JSON.parse(readFileSync(path.join(distDir, 'csp.json'), 'utf8')) as {
      headers?: Record<string, unknown>;
    };
    const policy = written.headers?.['Content-Security-Policy'];
    if (typeof policy === 'string' && policy.includes('script-src')) return policy;
  } catch {
    // No csp.json (or not JSON): computed below.
  }
  return cspPolicy(html ? inlineScriptHashes(html) : [], { header: true });
}

/**
 * The origin the browser sees. Behind a reverse proxy that speaks HTTPS to the browser and HTTP to this server (Caddy
 * in the README) the request arrives as http:, and an http: API address on an https: page is blocked as mixed content:
 * the proxy's X-Forwarded-Proto and X-Forwarded-Host say what the browser asked for. A forged header only misleads
 * the client that sent it.
 */
export function browserOrigin(requestUrl: string, header: (name: string) => string | undefined): string {
  const url = new URL(requestUrl);
  const first = (name: string) => header(name)?.split(',')[0]?.trim();
  const proto = first('x-forwarded-proto')?.toLowerCase();
  const host = first('x-forwarded-host');
  if (host && /^([a-z0-9-]+\.)*[a-z0-9-]+(:\d{1,5})?$|^\[[0-9a-f:.]+\](:\d{1,5})?$/i.test(host)) url.host = host;
  if (proto === 'https' || proto === 'http') {
    // A port given for the other scheme (the desk's own :3000 behind the proxy's :443) is not the browser's.
    const port = host?.match(/:(\d+)$/)?.[1] ?? '';
    url.protocol = `${proto}:`;
    url.port = host ? port : url.port;
  }
  return url.origin;
}

/** Serves the built PWA; answers a clear German page when there is no build. */
export function servePwa(app: Hono<AppEnv>, distDir: string): void {
  const indexFile = path.join(distDir, 'index.html');
  const html = existsSync(indexFile) ? readFileSync(indexFile, 'utf8') : undefined;
  const csp = buildPolicy(distDir, html);

  app.use('*', async (c, next) => {
    await next();
    if (c.req.path.startsWith('/api/') || c.req.path === '/api') return;
    c.header('Content-Security-Policy', csp);
    c.header('Cross-Origin-Opener-Policy', 'same-origin');
    c.header('X-Frame-Options', 'SAMEORIGIN');
  });

  app.get('/config.json', (c) => {
    // config.ts accepts only an absolute apiBaseUrl: the origin this page was served from.
    const origin = browserOrigin(c.req.url, (name) => c.req.header(name));
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
