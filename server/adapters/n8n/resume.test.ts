import { expect, test } from 'vitest';
import { resumeN8n } from './resume';

/** A fetch answering each of `answers` in turn (a status, or 'down' for no answer), recording the calls. */
function n8n(...answers: (number | 'down')[]) {
  const calls: { url: string; init: RequestInit | undefined }[] = [];
  const fetch = (async (url: string, init?: RequestInit) => {
    calls.push({ url, init });
    const answer = answers[calls.length - 1] ?? 200;
    if (answer === 'down') throw new TypeError('fetch failed');
    return new Response(null, { status: answer });
  }) as typeof globalThis.fetch;
  return { calls, fetch };
}

const URL = 'http://n8n.test/webhook-waiting/42';

test("n8n's 409 (the execution not yet waiting) is asked again after 1 s, then 2 s, until it takes the outcome", async () => {
  const { calls, fetch } = n8n(409, 409, 200);
  const waits: number[] = [];
  const refused = await resumeN8n(URL, '{"state":"finished"}', { fetch, sleep: async (ms) => void waits.push(ms) });
  expect(refused).toBeUndefined();
  expect(calls).toHaveLength(3);
  expect(calls[0]).toMatchObject({ url: URL, init: { method: 'POST', body: '{"state":"finished"}' } });
  expect(waits).toEqual([1000, 2000]);
});

test('a 5xx or no answer is asked again, 5 attempts in all, and the last reason is given', async () => {
  const down = n8n(503, 'down', 502, 'down', 503, 200);
  const waits: number[] = [];
  expect(await resumeN8n(URL, '{}', { fetch: down.fetch, sleep: async (ms) => void waits.push(ms) })).toBe('HTTP 503');
  expect(down.calls).toHaveLength(5);
  expect(waits).toEqual([1000, 2000, 3000, 4000]);
  const silent = n8n('down', 'down', 'down', 'down', 'down');
  expect(await resumeN8n(URL, '{}', { fetch: silent.fetch, sleep: async () => {} })).toBe('nicht erreichbar');
  expect(silent.calls).toHaveLength(5);
});

test('another refusal (400, 404) is final: one attempt, no wait', async () => {
  for (const status of [400, 404]) {
    const { calls, fetch } = n8n(status);
    const waits: number[] = [];
    expect(await resumeN8n(URL, '{}', { fetch, sleep: async (ms) => void waits.push(ms) })).toBe(`HTTP ${status}`);
    expect(calls).toHaveLength(1);
    expect(waits).toEqual([]);
  }
});
