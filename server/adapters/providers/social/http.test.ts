// SPEC §8's retry rule for a platform call: a network error, 5xx or 429 is tried again (2 s, 4 s, 8 s, or the
// platform's Retry-After when longer), a refusal is not.
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, beforeEach, expect, test } from 'vitest';
import { DEFAULT_RETRY, platformFetch, PlatformError } from './http';

/** The answers still to give, in turn (then 200; status 0 drops the connection unanswered), and the requests received. */
let answers: { status: number; headers?: Record<string, string> }[] = [];
let requests = 0;
let server: http.Server;
let url = '';

beforeAll(async () => {
  server = http.createServer((_req, res) => {
    requests += 1;
    const answer = answers.shift() ?? { status: 200 };
    if (answer.status === 0) return void _req.socket.destroy();
    res.writeHead(answer.status, { 'Content-Type': 'application/json', ...answer.headers });
    res.end(JSON.stringify(answer.status === 200 ? { ok: true } : { description: `HTTP ${answer.status}` }));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/botX/sendMessage`;
});
afterAll(async () => {
  await new Promise((resolve) => server.close(resolve));
});
beforeEach(() => {
  answers = [];
  requests = 0;
});

/** A post through platformFetch with the SPEC's default policy, its waits recorded instead of waited out. */
async function call(waits: number[], publishes = true) {
  return platformFetch(
    'telegram',
    url,
    { method: 'POST', body: '{}' },
    { retry: DEFAULT_RETRY, secrets: [], sleep: async (ms) => void waits.push(ms), publishes },
  ).catch((e: unknown) => e);
}

test('a 503 is tried again 3 times at 2 s, 4 s, 8 s, and the 4th failure is thrown', async () => {
  answers = [503, 503, 503, 503, 503].map((status) => ({ status }));
  const waits: number[] = [];
  const failed = await call(waits);
  expect(failed).toBeInstanceOf(PlatformError);
  expect((failed as PlatformError).kind).toBe('unavailable');
  expect(requests).toBe(4);
  expect(waits).toEqual([2000, 4000, 8000]);
});

test('a connection that breaks after the post went out is not sent again: the platform may have it', async () => {
  answers = [{ status: 0 }];
  const waits: number[] = [];
  const failed = await call(waits);
  expect((failed as PlatformError).kind).toBe('uncertain');
  expect((failed as PlatformError).message).toMatch(
    /^Telegram: Die Verbindung brach ab, bevor eine Antwort kam: .+\. Ob Telegram den Post angenommen hat, ist unklar – bitte dort prüfen, bevor er erneut gesendet wird\.$/,
  );
  expect(requests).toBe(1);
  expect(waits).toEqual([]);
});

test('a call that puts nothing out (a token refresh) whose connection breaks is tried again', async () => {
  answers = [{ status: 0 }, { status: 0 }];
  const waits: number[] = [];
  const response = await call(waits, false);
  expect((response as Response).status).toBe(200);
  expect(requests).toBe(3);
  expect(waits).toEqual([2000, 4000]);
});

test('a platform that refuses the connection got nothing: it is tried again', async () => {
  const closed = http.createServer();
  await new Promise<void>((resolve) => closed.listen(0, '127.0.0.1', resolve));
  const port = (closed.address() as AddressInfo).port;
  await new Promise((resolve) => closed.close(resolve));
  const waits: number[] = [];
  const failed = await platformFetch(
    'telegram',
    `http://127.0.0.1:${port}/botX/sendMessage`,
    { method: 'POST', body: '{}' },
    { retry: DEFAULT_RETRY, secrets: [], sleep: async (ms) => void waits.push(ms), publishes: true },
  ).catch((e: unknown) => e);
  expect((failed as PlatformError).kind).toBe('unavailable');
  expect((failed as PlatformError).message).toMatch(/^Telegram ist nicht erreichbar: .*ECONNREFUSED/);
  expect(waits).toEqual([2000, 4000, 8000]);
});

test("a 5xx then a 2xx: the platform's answer after one retry", async () => {
  answers = [{ status: 502 }];
  const waits: number[] = [];
  const response = await call(waits);
  expect(response).toBeInstanceOf(Response);
  expect((response as Response).status).toBe(200);
  expect(requests).toBe(2);
  expect(waits).toEqual([2000]);
});

test("a 429 waits the platform's Retry-After when it is longer than the back-off", async () => {
  answers = [{ status: 429, headers: { 'Retry-After': '5' } }, { status: 429 }];
  const waits: number[] = [];
  await call(waits);
  expect(requests).toBe(3);
  expect(waits).toEqual([5000, 4000]);
});

test('a refusal (400) or a revoked token (401) is not tried again', async () => {
  for (const [status, kind] of [
    [400, 'rejected'],
    [401, 'revoked'],
  ] as const) {
    answers = [{ status }];
    requests = 0;
    const waits: number[] = [];
    const failed = await call(waits);
    expect((failed as PlatformError).kind).toBe(kind);
    expect(requests).toBe(1);
    expect(waits).toEqual([]);
  }
});
