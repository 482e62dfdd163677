// A tiny provider fake on node:http: routes, a log of every received request, and failures a test can queue (5xx, 429).
import { createServer, type IncomingMessage } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface Received {
  method: string;
  path: string;
  query: URLSearchParams;
  headers: Record<string, string>;
  body: string;
}

export interface Reply {
  status: number;
  json?: unknown;
  body?: string | Uint8Array;
  headers?: Record<string, string>;
}

export interface Fake {
  url: string;
  /** Every request received, oldest first (for assertions on what was sent). */
  requests: Received[];
  /** The next `times` authenticated requests get the provider's documented error for `status`. */
  failNext(status: number, times?: number): void;
  close(): Promise<void>;
}

export interface FakeSpec {
  /** The provider's routing: a reply, or undefined for 404 (wrong path or method). */
  route(request: Received): Reply | undefined;
  /** The provider's documented error answer for a queued failure. */
  error(status: number): Reply;
  /** Whether a request reached a route that needs auth and passed it (queued failures apply only then). */
  authorized?(request: Received): boolean;
}

async function read(request: IncomingMessage): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of request) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString('utf8');
}

export async function startFake(port: number, spec: FakeSpec): Promise<Fake> {
  const requests: Received[] = [];
  const queued: number[] = [];
  const server = createServer((req, res) => {
    void (async () => {
      const url = new URL(req.url ?? '/', 'http://fake');
      const headers = Object.fromEntries(
        Object.entries(req.headers).map(([k, v]) => [k, Array.isArray(v) ? v.join(', ') : (v ?? '')]),
      );
      const received: Received = {
        method: req.method ?? 'GET',
        path: url.pathname,
        query: url.searchParams,
        headers,
        body: await read(req),
      };
      requests.push(received);
      let reply = spec.route(received) ?? { status: 404, json: { error: 'Not Found' } };
      if (reply.status < 300 && queued.length > 0 && (spec.authorized?.(received) ?? true))
        reply = spec.error(queued.shift() ?? 500);
      const body = reply.json !== undefined ? JSON.stringify(reply.json) : (reply.body ?? '');
      res.writeHead(reply.status, {
        ...(reply.json !== undefined ? { 'Content-Type': 'application/json' } : {}),
        ...reply.headers,
      });
      res.end(body);
    })();
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, '127.0.0.1', () => resolve());
  });
  // Port 0 takes a free port: test files run side by side, so fixed ports collide.
  const bound = (server.address() as AddressInfo).port;
  return {
    url: `http://127.0.0.1:${bound}`,
    requests,
    failNext(status, times = 1) {
      for (let i = 0; i < times; i++) queued.push(status);
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

/** A few bytes that start like an MP3 frame (ID3 tag), enough for a player to be handed audio. */
export const FAKE_MP3 = new Uint8Array([
  0x49, 0x44, 0x33, 0x04, 0x00, 0x00, 0x00, 0x00, 0x00, 0x0a, 0xff, 0xfb, 0x90, 0x64, 0x00, 0x00,
]);
