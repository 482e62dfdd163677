// Reads a JSON answer off the page's thread: receiving a large body, decoding it and JSON.parse are long tasks on the
// main thread (a full desk's lists). The page gets the parsed value; a long array comes in parts, so that no single
// message's copy into the page is a long task either. Imports nothing: it is inlined into the page's script.
import type { ReaderReply, ReaderRequest } from './json-reader-protocol';

// The worker's global, as much of it as is used here (the project's types are the page's, not a worker's).
declare const self: {
  postMessage(message: ReaderReply): void;
  onmessage: ((event: MessageEvent<ReaderRequest>) => void) | null;
};

/** Items per message: copying one part into the page stays a short task on a slow phone. */
const PART = 500;

const running = new Map<number, AbortController>();
const reply = (message: ReaderReply) => self.postMessage(message);

async function read({ id, url, headers }: Extract<ReaderRequest, { type: 'get' }>): Promise<void> {
  const controller = new AbortController();
  running.set(id, controller);
  try {
    const response = await fetch(url, { headers, signal: controller.signal });
    reply({
      id,
      type: 'head',
      status: response.status,
      statusText: response.statusText,
      headers: [...response.headers],
    });
    const text = await response.text();
    if (!response.ok || response.status === 204 || text === '') {
      reply({ id, type: 'text', text });
      return;
    }
    let value: unknown;
    try {
      value = JSON.parse(text);
    } catch {
      reply({ id, type: 'not-json', text });
      return;
    }
    if (Array.isArray(value) && value.length > PART) {
      for (let at = 0; at < value.length; at += PART) reply({ id, type: 'part', items: value.slice(at, at + PART) });
      reply({ id, type: 'end' });
    } else reply({ id, type: 'json', value });
  } catch (cause) {
    if (!controller.signal.aborted) reply({ id, type: 'failed', message: cause instanceof Error ? cause.message : '' });
  } finally {
    running.delete(id);
  }
}

self.onmessage = (event: MessageEvent<ReaderRequest>) => {
  const request = event.data;
  if (request.type === 'abort') running.get(request.id)?.abort();
  else void read(request);
};
