// The event stream is bounded: a limited number of open streams per instance, and a stream whose client does not
// keep up is ended (its console reconnects and refetches) instead of holding an ever longer queue.
import { afterAll, beforeAll, expect, test } from 'vitest';
import { createTestApp, errorBody, type TestApp } from '../testing';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ maxEventClients: 1, maxEventQueue: 5, heartbeatMs: 60_000 });
});
afterAll(async () => {
  await t.close();
});

async function openStream(): Promise<Response> {
  const { ticket } = (await (await t.call('/events/ticket', { method: 'POST' })).json()) as { ticket: string };
  return t.app.request(`/api/events?ticket=${encodeURIComponent(ticket)}`);
}

test('one stream too many gets 503 with Retry-After; a slow stream is let go once its queue is full', async () => {
  const first = await openStream();
  expect(first.status).toBe(200);
  const second = await openStream();
  expect(second.status).toBe(503);
  expect(second.headers.get('retry-after')).toBe('30');
  expect((await errorBody(second)).message).toBe('Zu viele offene Ereignis-Streams – bitte später erneut versuchen.');

  // The first client reads nothing while many changes happen: its stream ends rather than queueing all of them.
  for (let i = 0; i < 40; i += 1) await t.events.publish({ topic: 'posts', action: 'updated', id: `post-${i}` });
  const reader = (first.body as ReadableStream<Uint8Array>).getReader();
  let text = '';
  const ended = await (async () => {
    for (;;) {
      const { done, value } = await reader.read();
      if (done) return true;
      text += new TextDecoder().decode(value);
    }
  })();
  expect(ended).toBe(true);
  expect(text).toContain('event: ready');
  expect(text.match(/event: change/g)?.length ?? 0).toBeLessThan(40);

  // Its place is free again.
  await expect.poll(async () => (await openStream()).status).toBe(200);
});
