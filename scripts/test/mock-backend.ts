// A real HTTP backend for a live build: the app's MSW handlers (src/mocks), run in Node and answering on a port with
// CORS, as a deployed API would. `npm run bench` points a live deployment at it, so Lighthouse measures the dashboard
// as an operator sees it (with its data), not a dashboard whose backend is down.
//
//   node --import tsx scripts/test/mock-backend.ts [port] [--token <t>]
//   (default port 4311; the API is at http://127.0.0.1:<port>/api)
//
// With a token it asks for it as a real backend does: `Authorization: Bearer <t>` on every /api call but /api/health/*,
// else 401 with an ErrorBody.
import { createHash } from 'node:crypto';
import http, { type Server } from 'node:http';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { getResponse, type RequestHandler, type WebSocketHandler } from 'msw';
import { createServer } from 'vite';

const root = path.resolve(import.meta.dirname, '../..');

export interface BackendRequest {
  method: string;
  path: string;
  headers: Record<string, string | string[] | undefined>;
}

export interface MockBackendOptions {
  /** Changes a JSON answer before it is sent (a backend that drifts from the contract, for tests). */
  patchJson?: (method: string, pathname: string, json: unknown) => unknown;
  /** Answers 401 to any call without `Authorization: Bearer <token>`. */
  token?: string;
}

interface StoredAnswer {
  status: number;
  headers: Record<string, string>;
  body: Buffer;
}

/** What identifies a request body: its bytes, or for multipart its fields (the boundary differs on every send). */
async function fingerprint(request: Request): Promise<string> {
  const hash = createHash('sha256');
  if ((request.headers.get('content-type') ?? '').startsWith('multipart/form-data')) {
    for (const [name, value] of await request.clone().formData()) {
      hash.update(`${name}\0`);
      if (typeof value === 'string') hash.update(`s\0${value}\0`);
      else hash.update(`f\0${value.name}\0${value.type}\0`).update(Buffer.from(await value.arrayBuffer()));
    }
  } else hash.update(Buffer.from(await request.clone().arrayBuffer()));
  return hash.digest('hex');
}

/**
 * The contract's Idempotency-Key rule, as a real backend keeps it: the first answer to a key (per method and path) is
 * stored and answered again to every repeat, which does not reach the handlers; the key with another body gets 422.
 */
function idempotencyCache() {
  const stored = new Map<string, { print: string; answer: Promise<StoredAnswer> }>();
  return async (request: Request, handle: () => Promise<StoredAnswer>): Promise<StoredAnswer> => {
    const key = request.headers.get('idempotency-key');
    if (!key || request.method === 'GET') return handle();
    const slot = `${request.method} ${new URL(request.url).pathname} ${key}`;
    const print = await fingerprint(request);
    const earlier = stored.get(slot);
    if (earlier) {
      if (earlier.print !== print) {
        return {
          status: 422,
          headers: { 'content-type': 'application/json' },
          body: Buffer.from(
            JSON.stringify({
              message: 'Idempotency-Key wurde mit einer anderen Anfrage verwendet',
              code: 'idempotency_key_reused',
            }),
          ),
        };
      }
      return earlier.answer;
    }
    const answer = handle();
    stored.set(slot, { print, answer });
    return answer;
  };
}

/**
 * Loads the handlers through Vite (they are TypeScript with the `@/` alias) and serves them on `port` (0: any free
 * port). Returns the Node server, the API's base URL and the requests it has answered (method, path, headers).
 * `options.patchJson(method, pathname, json)` may change a JSON answer before it is sent: a backend that drifts from
 * the contract, for tests.
 */
export async function startMockBackend(
  port: number,
  options: MockBackendOptions = {},
): Promise<{ server: Server; apiBaseUrl: string; requests: BackendRequest[]; close: () => Promise<void> }> {
  const { token } = options;
  const vite = await createServer({
    configFile: false,
    root,
    logLevel: 'error',
    appType: 'custom',
    server: { middlewareMode: true, hmr: false, ws: false },
    optimizeDeps: { noDiscovery: true, include: [] },
    resolve: { alias: [{ find: '@', replacement: path.join(root, 'src') }] },
  });
  let handlers: Array<RequestHandler | WebSocketHandler>;
  try {
    ({ handlers } = await vite.ssrLoadModule('/src/mocks/handlers/index.ts'));
  } finally {
    await vite.close();
  }
  // The WebSocket handlers (the OBS peer) carry no HTTP method.
  const httpHandlers = handlers.filter(
    (h): h is RequestHandler => typeof (h as { info?: { method?: unknown } }).info?.method === 'string',
  );
  const requests: BackendRequest[] = [];
  const idempotent = idempotencyCache();

  const server = http.createServer(async (req, res) => {
    const cors = {
      'access-control-allow-origin': req.headers.origin ?? '*',
      'access-control-allow-methods': 'GET, POST, PUT, PATCH, DELETE, OPTIONS',
      'access-control-allow-headers': req.headers['access-control-request-headers'] ?? '*',
      'access-control-max-age': '600',
      vary: 'Origin',
    };
    requests.push({ method: req.method ?? 'GET', path: req.url ?? '/', headers: { ...req.headers } });
    if (req.method === 'OPTIONS') {
      res.writeHead(204, cors).end();
      return;
    }
    try {
      const chunks: Buffer[] = [];
      for await (const chunk of req) chunks.push(chunk);
      const headers = new Headers();
      for (const [name, value] of Object.entries(req.headers))
        if (value !== undefined) headers.set(name, Array.isArray(value) ? value.join(', ') : value);
      const path = new URL(req.url ?? '/', 'http://localhost').pathname;
      if (
        token &&
        path.startsWith('/api/') &&
        !path.startsWith('/api/health/') &&
        // Signing in and setting a password are open: they are how a person gets credentials.
        !(req.method === 'POST' && (path === '/api/session' || path === '/api/session/password')) &&
        req.headers.authorization !== `Bearer ${token}`
      ) {
        res
          .writeHead(401, { ...cors, 'content-type': 'application/json' })
          .end(JSON.stringify({ message: 'Nicht angemeldet', code: 'unauthorized' }));
        return;
      }
      const request = new Request(new URL(req.url ?? '/', `http://${req.headers.host}`), {
        method: req.method,
        headers,
        body: chunks.length && req.method !== 'GET' && req.method !== 'HEAD' ? Buffer.concat(chunks) : undefined,
      });
      const answer = await idempotent(request, async () => {
        const response = await getResponse(httpHandlers, request.clone());
        if (!response)
          return {
            status: 404,
            headers: { 'content-type': 'application/json' },
            body: Buffer.from(JSON.stringify({ message: `No mock for ${req.method} ${req.url}` })),
          };
        const headers: Record<string, string> = {};
        response.headers.forEach((value, name) => (headers[name] = value));
        let body = Buffer.from(await response.arrayBuffer());
        if (options.patchJson && (response.headers.get('content-type') ?? '').includes('application/json')) {
          const pathname = new URL(req.url ?? '/', 'http://x').pathname;
          body = Buffer.from(
            JSON.stringify(options.patchJson(req.method ?? 'GET', pathname, JSON.parse(body.toString('utf8')))),
          );
          delete headers['content-length'];
        }
        return { status: response.status, headers, body };
      });
      res.writeHead(answer.status, { ...cors, ...answer.headers }).end(answer.body);
    } catch (error) {
      res
        .writeHead(500, { ...cors, 'content-type': 'application/json' })
        .end(JSON.stringify({ message: String(error) }));
    }
  });
  await new Promise<void>((resolve, reject) => server.once('error', reject).listen(port, '127.0.0.1', () => resolve()));
  const address = server.address();
  return {
    server,
    apiBaseUrl: `http://127.0.0.1:${typeof address === 'object' && address ? address.port : port}/api`,
    requests,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const args = process.argv.slice(2);
  const tokenAt = args.indexOf('--token');
  const token = tokenAt >= 0 ? args.splice(tokenAt, 2)[1] : undefined;
  const port = Number(args[0] ?? 4311);
  const { apiBaseUrl } = await startMockBackend(port, { token });
  console.log(`mock backend: ${apiBaseUrl}`);
}
