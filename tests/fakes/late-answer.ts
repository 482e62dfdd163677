// A provider that takes a request and answers only once the caller has given up waiting: the "sent, unconfirmed" case
// of every provider call that acts (a message sent, a video ordered).
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { vi } from 'vitest';

export interface LateAnswer {
  url: string;
  /** The paths asked for, in order. */
  received: string[];
  close(): Promise<void>;
}

export async function startLateAnswer(body: unknown, afterMs = 5000): Promise<LateAnswer> {
  const received: string[] = [];
  const server = createServer((request, response) => {
    received.push(request.url ?? '');
    request.resume();
    setTimeout(() => response.end(JSON.stringify(body)), afterMs);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    received,
    async close() {
      server.closeAllConnections();
      await new Promise((resolve) => server.close(resolve));
    },
  };
}

/** Every AbortSignal.timeout at most `maxMs` (the callers' 30 s limits, in a test's time); returns the restore. */
export function shortTimeouts(maxMs = 1500): () => void {
  const timeout = AbortSignal.timeout.bind(AbortSignal);
  const spy = vi.spyOn(AbortSignal, 'timeout').mockImplementation((ms) => timeout(Math.min(ms, maxMs)));
  return () => spy.mockRestore();
}
