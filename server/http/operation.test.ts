// A JSON body is read no further than its 1 MB cap, also when it comes chunked without a length to check first.
import { afterAll, beforeAll, expect, test } from 'vitest';
import { createTestApp, errorBody, TEST_TOKEN, type TestApp } from '../testing';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

test('a chunked JSON body over the cap is refused with 413 after at most a little more than the cap was read', async () => {
  let pulled = 0;
  const chunk = new TextEncoder().encode(`"${'x'.repeat(64 * 1024 - 2)}",`);
  // 50 MB offered, one 64 KB chunk at a time, with no Content-Length.
  const body = new ReadableStream<Uint8Array>({
    start(controller) {
      controller.enqueue(new TextEncoder().encode('{"topic":['));
    },
    pull(controller) {
      if (pulled >= 50 * 1024 * 1024) return controller.close();
      pulled += chunk.byteLength;
      controller.enqueue(chunk);
    },
  });
  const response = await t.app.request('/api/news/generate', {
    method: 'POST',
    headers: { Authorization: `Bearer ${TEST_TOKEN}`, 'Content-Type': 'application/json' },
    body,
    duplex: 'half',
  } as RequestInit);
  expect(response.status).toBe(413);
  expect((await errorBody(response)).message).toBe('Die Anfrage ist zu groß.');
  expect(pulled).toBeLessThan(2 * 1024 * 1024);
});
