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
  /** The connection ended before the body did (cut by the fake or given up by the client): `body` is what arrived. */
  aborted?: boolean;
}

export interface Reply {
  status: number;
  body?: unknown;
  headers?: Record<string, string>;
}

export type Route = (req: LoggedRequest) => Reply | Promise<Reply>;

/** What a fake sees of a request before its body: enough to pick the one to cut. */
export type RequestHead = Pick<LoggedRequest, 'method' | 'path' | 'query' | 'headers'>;

export interface FakeServer {
  url: string;
  requests: LoggedRequest[];
  /** The next `times` requests whose path matches (or that `match` picks) get this answer instead of the real one. */
  failNext(match: RegExp | ((head: RequestHead) => boolean), reply: Reply, times?: number): void;
  /** The next `times` requests whose path matches (or `match` picks) are answered only after `ms` (a slow platform). */
  delayNext(match: RegExp | ((head: RequestHead) => boolean), ms: number, times?: number): void;
  /** The next request whose path matches waits for `release()`; `arrived` resolves once it has come in. */
  holdNext(match: RegExp): { arrived: Promise<void>; release(): void };
  /**
   * The next request `match` picks loses its connection once `afterBytes` of its body have arrived ('drop'), or what
   * comes after them is lost and no answer ever comes ('stall': the client's time-out ends it).
   */
  cutNext(match: (head: RequestHead) => boolean, afterBytes: number, how?: 'drop' | 'stall'): void;
  close(): Promise<void>;
}

/** `onAborted` sees a request whose body never fully arrived (a platform keeps what it got of an upload). */
export async function startFake(
  port: number,
  route: Route,
  options: { onAborted?: (req: LoggedRequest) => void } = {},
): Promise<FakeServer> {
  const requests: LoggedRequest[] = [];
  const failures: { match: (head: RequestHead) => boolean; reply: Reply; left: number }[] = [];
  const waits: { match: (head: RequestHead) => boolean; left: number; wait: () => Promise<void> }[] = [];
  const picker = (match: RegExp | ((head: RequestHead) => boolean)) =>
    match instanceof RegExp ? (head: RequestHead) => match.test(head.path) : match;
  const cuts: { match: (head: RequestHead) => boolean; afterBytes: number; how: 'drop' | 'stall' }[] = [];
  const server = http.createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://fake');
    const head: RequestHead = {
      method: req.method ?? 'GET',
      path: url.pathname,
      query: url.searchParams,
      headers: req.headers,
    };
    const cutAt = cuts.findIndex((c) => c.match(head));
    const cut = cutAt >= 0 ? cuts.splice(cutAt, 1)[0] : undefined;
    const chunks: Buffer[] = [];
    let size = 0;
    let ended = false;
    let stopped = false;
    const log = (aborted: boolean): LoggedRequest => {
      const body = Buffer.concat(chunks);
      const logged: LoggedRequest = { ...head, body, text: body.toString('utf8'), ...(aborted ? { aborted } : {}) };
      requests.push(logged);
      return logged;
    };
    req.on('data', (c: Buffer) => {
      if (stopped) return;
      if (cut && size + c.length >= cut.afterBytes) {
        chunks.push(c.subarray(0, cut.afterBytes - size));
        size = cut.afterBytes;
        stopped = true;
        // A stalled request is still read (so the client's hang-up is seen) but the rest is dropped and never answered.
        if (cut.how === 'drop') req.socket.destroy();
        return;
      }
      chunks.push(c);
      size += c.length;
    });
    req.on('close', () => {
      if (!ended) options.onAborted?.(log(true));
    });
    req.on('end', () => {
      if (stopped) return;
      ended = true;
      const logged = log(false);
      const slow = waits.find((w) => w.left > 0 && w.match(head));
      if (slow) slow.left -= 1;
      const forced = failures.find((f) => f.left > 0 && f.match(head));
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
      failures.push({ match: picker(match), reply, left: times });
    },
    delayNext(match, ms, times = 1) {
      waits.push({ match: picker(match), left: times, wait: () => new Promise((resolve) => setTimeout(resolve, ms)) });
    },
    cutNext(match, afterBytes, how = 'drop') {
      cuts.push({ match, afterBytes, how });
    },
    holdNext(match) {
      let release!: () => void;
      let arrive!: () => void;
      const released = new Promise<void>((resolve) => (release = resolve));
      const arrived = new Promise<void>((resolve) => (arrive = resolve));
      waits.push({ match: picker(match), left: 1, wait: () => (arrive(), released) });
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
