// The harness of the provider fakes: a node:http server on a given port with a log of every received request and a queue of
// failures (documented error, rate limit, outage) the next matching calls answer with, so tests can provoke them.
import { createReadStream, statSync } from 'node:fs';
import http, { type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface FakeRequest {
  method: string;
  path: string;
  query: URLSearchParams;
  headers: IncomingMessage['headers'];
  /** The parsed JSON body (undefined when none or not JSON). */
  body: unknown;
  raw: string;
}

export interface QueuedFailure {
  status: number;
  body: unknown;
  headers?: Record<string, string>;
}

export interface FakeServer {
  url: string;
  requests: FakeRequest[];
  /** The next calls (not file downloads) answer with these, in order. */
  failNext(...failures: QueuedFailure[]): void;
  close(): Promise<void>;
}

export type Handler = (req: FakeRequest, res: ServerResponse) => void | Promise<void>;

export function sendJson(
  res: ServerResponse,
  status: number,
  body: unknown,
  headers: Record<string, string> = {},
): void {
  res.writeHead(status, { 'Content-Type': 'application/json', ...headers });
  res.end(JSON.stringify(body));
}

export const isJson = (req: FakeRequest) => /^application\/json\b/i.test(req.headers['content-type'] ?? '');
export const record = (value: unknown): Record<string, unknown> | undefined =>
  value && typeof value === 'object' && !Array.isArray(value) ? (value as Record<string, unknown>) : undefined;
export const nonEmpty = (value: unknown): value is string => typeof value === 'string' && value.trim() !== '';

/** Serves a file with single byte ranges, as the providers' storage (S3, CDN) does for the finished videos. */
export function sendFile(req: FakeRequest, res: ServerResponse, file: string, type: string): void {
  const size = statSync(file).size;
  const range = /^bytes=(\d*)-(\d*)$/.exec(req.headers.range ?? '');
  if (range) {
    const start = range[1] ? Number(range[1]) : Math.max(0, size - Number(range[2]));
    const end = range[1] && range[2] ? Math.min(Number(range[2]), size - 1) : size - 1;
    if (start >= size) {
      res.writeHead(416, { 'Content-Range': `bytes */${size}` });
      res.end();
      return;
    }
    res.writeHead(206, {
      'Content-Type': type,
      'Accept-Ranges': 'bytes',
      'Content-Range': `bytes ${start}-${end}/${size}`,
      'Content-Length': String(end - start + 1),
    });
    createReadStream(file, { start, end }).pipe(res);
    return;
  }
  res.writeHead(200, { 'Content-Type': type, 'Accept-Ranges': 'bytes', 'Content-Length': String(size) });
  createReadStream(file).pipe(res);
}

/** Starts a fake on `port` (a port of the test's range; 0 for any). `isFile` paths skip the failure queue and the log. */
export async function startFake(
  port: number,
  handler: Handler,
  isFile: (path: string) => boolean = () => false,
): Promise<FakeServer> {
  const requests: FakeRequest[] = [];
  const failures: QueuedFailure[] = [];
  const server = http.createServer((incoming, res) => {
    const chunks: Buffer[] = [];
    incoming.on('data', (c: Buffer) => chunks.push(c));
    incoming.on('end', () => {
      const url = new URL(incoming.url ?? '/', 'http://fake');
      const raw = Buffer.concat(chunks).toString('utf8');
      let body: unknown;
      try {
        body = raw ? JSON.parse(raw) : undefined;
      } catch {
        body = undefined;
      }
      const req: FakeRequest = {
        method: incoming.method ?? 'GET',
        path: url.pathname,
        query: url.searchParams,
        headers: incoming.headers,
        body,
        raw,
      };
      if (!isFile(req.path)) {
        requests.push(req);
        const failure = failures.shift();
        if (failure) return sendJson(res, failure.status, failure.body, failure.headers);
      }
      Promise.resolve(handler(req, res)).catch((error: unknown) => sendJson(res, 500, { message: String(error) }));
    });
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, '127.0.0.1', () => resolve());
  });
  const { port: bound } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${bound}`,
    requests,
    failNext: (...f) => void failures.push(...f),
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

/** A provider job that reports `processing` for the first `polls - 1` status calls and is done on the `polls`-th. */
export class FakeJobs<T> {
  private readonly jobs = new Map<string, { polls: number; data: T }>();
  private seq = 0;
  constructor(private readonly prefix: string) {}
  add(data: T): string {
    this.seq += 1;
    const id = `${this.prefix}${this.seq}${Math.random().toString(36).slice(2, 8)}`;
    this.jobs.set(id, { polls: 0, data });
    return id;
  }
  /** Counts one status call; undefined for an unknown id. */
  poll(id: string): { polls: number; data: T } | undefined {
    const job = this.jobs.get(id);
    if (!job) return undefined;
    job.polls += 1;
    return job;
  }
  get size(): number {
    return this.jobs.size;
  }
}
