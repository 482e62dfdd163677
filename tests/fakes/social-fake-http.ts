// The shared base of the provider fakes: a node:http server on a given port (0: any), a log of every request it
// received (method, path, query, headers, body) for tests to assert on, and failures a test can queue up.
import http from 'node:http';
import type { AddressInfo } from 'node:net';

export interface LoggedRequest {
  method: string;
  path: string;
  query: URLSearchParams;
  headers: http.IncomingHttpHeaders;
  body: Buffer;
  text: string;
}

export interface Reply {
  status: number;
  body?: unknown;
  headers?: Record<string, string>;
}

export type Route = (req: LoggedRequest) => Reply | Promise<Reply>;

export interface FakeServer {
  url: string;
  requests: LoggedRequest[];
  /** The next `times` requests whose path matches get this answer (an error or a 429) instead of the real one. */
  failNext(match: RegExp, reply: Reply, times?: number): void;
  /** The next `times` requests whose path matches are answered only after `ms` (a slow platform). */
  delayNext(match: RegExp, ms: number, times?: number): void;
  /** The next request whose path matches waits for `release()`; `arrived` resolves once it has come in. */
  holdNext(match: RegExp): { arrived: Promise<void>; release(): void };
  close(): Promise<void>;
}

export async function startFake(port: number, route: Route): Promise<FakeServer> {
  const requests: LoggedRequest[] = [];
  const failures: { match: RegExp; reply: Reply; left: number }[] = [];
  const waits: { match: RegExp; left: number; wait: () => Promise<void> }[] = [];
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const url = new URL(req.url ?? '/', 'http://fake');
      const body = Buffer.concat(chunks);
      const logged: LoggedRequest = {
        method: req.method ?? 'GET',
        path: url.pathname,
        query: url.searchParams,
        headers: req.headers,
        body,
        text: body.toString('utf8'),
      };
      requests.push(logged);
      const slow = waits.find((w) => w.left > 0 && w.match.test(url.pathname));
      if (slow) slow.left -= 1;
      const forced = failures.find((f) => f.left > 0 && f.match.test(url.pathname));
      if (forced) forced.left -= 1;
      // The platform does its work (or refuses) only once it answers, as a slow platform would.
      const answer = (slow ? slow.wait() : Promise.resolve()).then(() => (forced ? forced.reply : route(logged)));
      answer
        .then((reply) => {
          const isBuffer = Buffer.isBuffer(reply.body);
          res.writeHead(reply.status, {
            ...(reply.body !== undefined && !isBuffer ? { 'Content-Type': 'application/json; charset=UTF-8' } : {}),
            ...reply.headers,
          });
          res.end(reply.body === undefined ? undefined : isBuffer ? reply.body : JSON.stringify(reply.body));
        })
        .catch((error: unknown) => {
          res.writeHead(500, { 'Content-Type': 'text/plain' });
          res.end(String(error));
        });
    });
  });
  await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
  const { port: bound } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${bound}`,
    requests,
    failNext(match, reply, times = 1) {
      failures.push({ match, reply, left: times });
    },
    delayNext(match, ms, times = 1) {
      waits.push({ match, left: times, wait: () => new Promise((resolve) => setTimeout(resolve, ms)) });
    },
    holdNext(match) {
      let release!: () => void;
      let arrive!: () => void;
      const released = new Promise<void>((resolve) => (release = resolve));
      const arrived = new Promise<void>((resolve) => (arrive = resolve));
      waits.push({ match, left: 1, wait: () => (arrive(), released) });
      return { arrived, release };
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

/** A form body (application/x-www-form-urlencoded) or undefined when the content type is another. */
export function formOf(req: LoggedRequest): URLSearchParams | undefined {
  return /application\/x-www-form-urlencoded/.test(req.headers['content-type'] ?? '')
    ? new URLSearchParams(req.text)
    : undefined;
}

export function jsonOf(req: LoggedRequest): Record<string, unknown> | undefined {
  if (!/application\/json/.test(req.headers['content-type'] ?? '')) return undefined;
  try {
    const value: unknown = JSON.parse(req.text);
    return value && typeof value === 'object' ? (value as Record<string, unknown>) : undefined;
  } catch {
    return undefined;
  }
}
