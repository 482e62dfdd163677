// Answers go out compressed when the client accepts it: a 10,000-row list is megabytes raw. The event stream and the
// byte ranges of a video must not be (a compressed stream is held back; a range is of the file's own bytes).
import { gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { seedDemo } from '../data/db/seed';
import { createTestApp, TEST_TOKEN, type TestApp } from '../testing';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
  await seedDemo(t.database.db);
});
afterAll(() => t.close());

const auth = { Authorization: `Bearer ${TEST_TOKEN}` };

test('a list is gzipped for a client that accepts it and plain for one that does not; both are the same JSON', async () => {
  const zipped = await t.app.request('/api/posts', { headers: { ...auth, 'Accept-Encoding': 'gzip, deflate, br' } });
  expect(zipped.status).toBe(200);
  expect(zipped.headers.get('Content-Encoding')).toBe('gzip');
  expect(zipped.headers.get('Vary')).toContain('Accept-Encoding');
  const bytes = Buffer.from(await zipped.arrayBuffer());
  const plain = await t.app.request('/api/posts', { headers: auth });
  expect(plain.headers.get('Content-Encoding')).toBeNull();
  const text = await plain.text();
  expect(gunzipSync(bytes).toString('utf8')).toBe(text);
  expect(bytes.length).toBeLessThan(Buffer.byteLength(text) / 3);
});

test('the event stream is never compressed', async () => {
  const issued = (await (await t.call('/events/ticket', { method: 'POST' })).json()) as { ticket: string };
  const controller = new AbortController();
  const stream = await t.app.request(`/api/events?ticket=${encodeURIComponent(issued.ticket)}`, {
    headers: { 'Accept-Encoding': 'gzip' },
    signal: controller.signal,
  });
  expect(stream.status).toBe(200);
  expect(stream.headers.get('Content-Type')).toContain('text/event-stream');
  expect(stream.headers.get('Content-Encoding')).toBeNull();
  controller.abort();
  await stream.body?.cancel().catch(() => undefined);
});
