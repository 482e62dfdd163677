import type { ReaderReply, ReaderRequest } from './json-reader-protocol';
// Inlined (a blob: worker): no request of its own, behind the page's scripts, for a deep link's first list to wait for.
import JsonReaderWorker from './json-reader.worker?worker&inline';

/** A JSON answer read by the worker: status, headers and the body as the worker left it. */
export interface ReadAnswer {
  status: number;
  statusText: string;
  headers: Headers;
  body: { kind: 'text' | 'not-json'; text: string } | { kind: 'json'; value: unknown };
}

/** The worker cannot be started (no Worker, a policy that forbids it) or broke: the caller reads on the page's thread. */
export class ReaderUnavailable extends Error {
  constructor() {
    super('JSON reader unavailable');
    this.name = 'ReaderUnavailable';
  }
}

interface Pending {
  resolve: (answer: ReadAnswer) => void;
  reject: (error: unknown) => void;
  head?: Extract<ReaderReply, { type: 'head' }>;
  items: unknown[];
}

let worker: Worker | null | undefined;
let nextId = 0;
const pending = new Map<number, Pending>();

function settle(id: number, entry: Pending, body: ReadAnswer['body']) {
  pending.delete(id);
  const { head } = entry;
  if (!head) return entry.reject(new ReaderUnavailable());
  entry.resolve({ status: head.status, statusText: head.statusText, headers: new Headers(head.headers), body });
}

function onReply({ data: reply }: MessageEvent<ReaderReply>) {
  const entry = pending.get(reply.id);
  if (!entry) return;
  switch (reply.type) {
    case 'head':
      entry.head = reply;
      return;
    case 'part':
      for (const item of reply.items) entry.items.push(item);
      return;
    case 'end':
      return settle(reply.id, entry, { kind: 'json', value: entry.items });
    case 'json':
      return settle(reply.id, entry, { kind: 'json', value: reply.value });
    case 'text':
    case 'not-json':
      return settle(reply.id, entry, { kind: reply.type, text: reply.text });
    case 'failed':
      pending.delete(reply.id);
      return entry.reject(new TypeError(reply.message || 'Failed to fetch'));
  }
}

function start(): Worker | null {
  if (worker !== undefined) return worker;
  if (typeof Worker === 'undefined') return (worker = null);
  try {
    worker = new JsonReaderWorker({ name: 'json-reader' });
  } catch {
    return (worker = null);
  }
  worker.onmessage = onReply;
  // It could not start or it broke: every read falls back to the page's thread.
  worker.onerror = (event) => {
    event.preventDefault();
    worker?.terminate();
    worker = null;
    for (const entry of pending.values()) entry.reject(new ReaderUnavailable());
    pending.clear();
  };
  return worker;
}

/** Starts the worker ahead of the first list, so its script has loaded by the time the list is asked for. */
export function warmJsonReader(): void {
  start();
}

/** A GET whose JSON answer is received and parsed in the worker; rejects as fetch does (network, abort). */
export function readJson(url: string, headers: Record<string, string>, signal?: AbortSignal): Promise<ReadAnswer> {
  const reader = start();
  if (!reader) return Promise.reject(new ReaderUnavailable());
  if (signal?.aborted) return Promise.reject(signal.reason);
  const id = (nextId += 1);
  const send = (request: ReaderRequest) => reader.postMessage(request);
  return new Promise<ReadAnswer>((resolve, reject) => {
    const onAbort = () => {
      if (!pending.delete(id)) return;
      send({ type: 'abort', id });
      reject(signal?.reason);
    };
    signal?.addEventListener('abort', onAbort, { once: true });
    const done = () => signal?.removeEventListener('abort', onAbort);
    pending.set(id, {
      resolve: (answer) => {
        done();
        resolve(answer);
      },
      reject: (error) => {
        done();
        reject(error);
      },
      items: [],
    });
    send({ type: 'get', id, url, headers });
  });
}
