import type { ReaderReply, ReaderRequest } from './json-reader-protocol';
// Inlined (a blob: worker): no request of its own, behind the page's scripts.
import JsonReaderWorker from './json-reader.worker?worker&inline';

/** A received JSON body as the worker read it: the parsed value, or the text that is not JSON. */
export type ParsedBody = { kind: 'json'; value: unknown } | { kind: 'not-json'; text: string };

/** The worker cannot be started (no Worker, a policy that forbids it) or broke: the caller reads on the page's thread. */
export class ReaderUnavailable extends Error {
  constructor() {
    super('JSON reader unavailable');
    this.name = 'ReaderUnavailable';
  }
}

interface Pending {
  resolve: (body: ParsedBody) => void;
  reject: (error: unknown) => void;
  items: unknown[];
}

let worker: Worker | null | undefined;
let nextId = 0;
const pending = new Map<number, Pending>();

function settle(id: number, entry: Pending, body: ParsedBody) {
  pending.delete(id);
  entry.resolve(body);
}

function onReply({ data: reply }: MessageEvent<ReaderReply>) {
  const entry = pending.get(reply.id);
  if (!entry) return;
  switch (reply.type) {
    case 'part':
      for (const item of reply.items) entry.items.push(item);
      return;
    case 'end':
      return settle(reply.id, entry, { kind: 'json', value: entry.items });
    case 'json':
      return settle(reply.id, entry, { kind: 'json', value: reply.value });
    case 'not-json':
      return settle(reply.id, entry, { kind: 'not-json', text: reply.text });
    case 'unreadable':
      pending.delete(reply.id);
      return entry.reject(new ReaderUnavailable());
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

/** Starts the worker ahead of the first list: starting a worker takes a while on a slow phone. */
export function warmJsonReader(): void {
  start();
}

/**
 * Reads, decodes and parses a received body in the worker; the Blob stays readable here too. Rejects with
 * ReaderUnavailable where no worker runs or it could not read the body: the caller reads it itself.
 */
export function parseJsonOffThread(body: Blob): Promise<ParsedBody> {
  const reader = start();
  if (!reader) return Promise.reject(new ReaderUnavailable());
  const id = (nextId += 1);
  return new Promise<ParsedBody>((resolve, reject) => {
    pending.set(id, { resolve, reject, items: [] });
    const request: ReaderRequest = { id, body };
    reader.postMessage(request);
  });
}
