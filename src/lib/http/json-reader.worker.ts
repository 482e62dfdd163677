// Reads, decodes and parses a JSON answer off the page's thread: for a full desk's lists (megabytes) taking the body as
// bytes, decoding it and JSON.parse are long tasks on the main thread. The page fetches and hands over the body as a
// Blob (which the browser keeps outside the page), so the request never waits for this worker to start. A long array
// comes back in parts, so that no single message's copy into the page is a long task either. Imports nothing: it is
// inlined into the page's script.
import type { ReaderReply, ReaderRequest } from './json-reader-protocol';

// The worker's global, as much of it as is used here (the project's types are the page's, not a worker's).
declare const self: {
  postMessage(message: ReaderReply): void;
  onmessage: ((event: MessageEvent<ReaderRequest>) => void) | null;
};

/** Items per message: copying one part into the page stays a short task on a slow phone. */
const PART = 500;

const reply = (message: ReaderReply) => self.postMessage(message);

async function answer({ id, body }: ReaderRequest) {
  let text: string;
  try {
    // As Response.text() decodes: UTF-8, a byte order mark dropped, malformed bytes replaced.
    text = await body.text();
  } catch {
    reply({ id, type: 'unreadable' });
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
}

self.onmessage = ({ data }: MessageEvent<ReaderRequest>) => void answer(data);
