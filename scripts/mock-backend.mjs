// A real HTTP backend for a live build: the app's MSW handlers (src/mocks), run in Node and answering on a port with
// CORS, as a deployed API would. `npm run bench` points a live deployment at it, so Lighthouse measures the dashboard
// as an operator sees it (with its data), not a dashboard whose backend is down.
//
//   node scripts/mock-backend.mjs [port]     (default 4311; the API is at http://127.0.0.1:<port>/api)
import http from 'node:http';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { getResponse } from 'msw';
import { createServer } from 'vite';

const root = path.resolve(import.meta.dirname, '..');

/**
 * Loads the handlers through Vite (they are TypeScript with the `@/` alias) and serves them on `port` (0: any free
 * port). Returns the Node server, the API's base URL and the requests it has answered (method, path, headers).
 * `options.patchJson(method, pathname, json)` may change a JSON answer before it is sent: a backend that drifts from
 * the contract, for tests.
 */
export async function startMockBackend(port, options = {}) {
  const vite = await createServer({
    configFile: false,
    root,
    logLevel: 'error',
    appType: 'custom',
    server: { middlewareMode: true, hmr: false, ws: false },
    optimizeDeps: { noDiscovery: true, include: [] },
    resolve: { alias: [{ find: '@', replacement: path.join(root, 'src') }] },
  });
  let handlers;
  try {
    ({ handlers } = await vite.ssrLoadModule('/src/mocks/handlers/index.ts'));
  } finally {
    await vite.close();
  }
  const httpHandlers = handlers.filter((h) => typeof h.info?.method === 'string');
  const requests = [];

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
      const chunks = [];
      for await (const chunk of req) chunks.push(chunk);
      const headers = new Headers();
      for (const [name, value] of Object.entries(req.headers)) if (value !== undefined) headers.set(name, Array.isArray(value) ? value.join(', ') : value);
      const request = new Request(new URL(req.url ?? '/', `http://${req.headers.host}`), {
        method: req.method,
        headers,
        body: chunks.length && req.method !== 'GET' && req.method !== 'HEAD' ? Buffer.concat(chunks) : undefined,
      });
      const response = await getResponse(httpHandlers, request);
      if (!response) {
        res.writeHead(404, { ...cors, 'content-type': 'application/json' }).end(JSON.stringify({ message: `No mock for ${req.method} ${req.url}` }));
        return;
      }
      const out = { ...cors };
      response.headers.forEach((value, name) => (out[name] = value));
      let body = Buffer.from(await response.arrayBuffer());
      if (options.patchJson && (response.headers.get('content-type') ?? '').includes('application/json')) {
        const pathname = new URL(req.url ?? '/', 'http://x').pathname;
        body = Buffer.from(JSON.stringify(options.patchJson(req.method ?? 'GET', pathname, JSON.parse(body.toString('utf8')))));
        delete out['content-length'];
      }
      res.writeHead(response.status, out).end(body);
    } catch (error) {
      res.writeHead(500, { ...cors, 'content-type': 'application/json' }).end(JSON.stringify({ message: String(error) }));
    }
  });
  await new Promise((resolve, reject) => server.once('error', reject).listen(port, '127.0.0.1', resolve));
  const address = server.address();
  return { server, apiBaseUrl: `http://127.0.0.1:${typeof address === 'object' && address ? address.port : port}/api`, requests, close: () => new Promise((resolve) => server.close(resolve)) };
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const port = Number(process.argv[2] ?? 4311);
  const { apiBaseUrl } = await startMockBackend(port);
  console.log(`mock backend: ${apiBaseUrl}`);
}
