import { forwardedClient, trustedProxies } from './auth';
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { checkTicket } from '../data/events';
import { UrlSigner } from './signing';
import { inlineScriptHashes } from '../../scripts/build/csp';
import { contractBody, createTestApp, errorBody, TEST_SIGNER, TEST_TOKEN, type TestApp } from '../testing';

let t: TestApp;
let dist: string;
const INLINE = "document.documentElement.dataset.theme='dark';";

beforeAll(async () => {
  dist = await mkdtemp(path.join(os.tmpdir(), 'newsdesk-dist-'));
  await writeFile(
    path.join(dist, 'index.html'),
    `<!doctype html><html><head><script>${INLINE}</script><script type="module" src="/assets/app.js"></script></head><body></body></html>`,
  );
  await writeFile(path.join(dist, 'app.txt'), 'statisch');
  // A route's own document, as the build writes it (vite.config.ts routeDocuments): the index with its modulepreload tags.
  await mkdir(path.join(dist, 'dashboard'));
  await mkdir(path.join(dist, 'assets'));
  await writeFile(path.join(dist, 'assets', 'posts.js'), 'export {};');
  await writeFile(
    path.join(dist, 'dashboard', 'posts.html'),
    `<!doctype html><html><head><script>${INLINE}</script><link rel="modulepreload" crossorigin href="/assets/posts.js"></head><body></body></html>`,
  );
  t = await createTestApp({
    allowedOrigins: ['https://desk.example.org'],
    distDir: dist,
    authMaxFailures: 3,
    authWindowMs: 60_000,
  });
});
afterAll(async () => {
  await t.close();
  await rm(dist, { recursive: true, force: true });
});

test('every /api call needs the bearer token, except the health path', async () => {
  const none = await t.app.request('/api/posts', { headers: { 'x-test-client': 'a' } });
  expect(none.status).toBe(401);
  expect(await errorBody(none)).toEqual({
    message: 'Anmeldung erforderlich: Zugangs-Token fehlt.',
    code: 'unauthorized',
  });
  const wrong = await t.app.request('/api/posts', {
    headers: { Authorization: 'Bearer falsch-falsch-falsch', 'x-test-client': 'a' },
  });
  expect(wrong.status).toBe(401);
  expect((await errorBody(wrong)).message).toBe('Token ungültig.');
  expect((await t.app.request('/api/healthz')).status).toBe(200);
  expect((await t.app.request('/api/openapi.json')).status).toBe(401);
  expect((await t.call('/posts')).status).toBe(200);
});

test('the operator token may travel in X-Newsdesk-Token when Authorization carries a provider key (POST /test/openai)', async () => {
  const provider = { Authorization: 'Bearer sk-provider-key', 'x-test-client': 'x-token' };
  expect((await t.app.request('/api/posts', { headers: provider })).status).toBe(401);
  expect((await t.app.request('/api/posts', { headers: { ...provider, 'X-Newsdesk-Token': TEST_TOKEN } })).status).toBe(
    200,
  );
  expect(
    (
      await t.app.request('/api/posts', {
        headers: { 'X-Newsdesk-Token': 'falsch-falsch', 'x-test-client': 'x-token' },
      })
    ).status,
  ).toBe(401);
});

test('repeated bad tokens from one address get 429, other addresses are not affected', async () => {
  const bad = { Authorization: 'Bearer nope-nope-nope-nope', 'x-test-client': 'attacker' };
  for (let i = 0; i < 3; i += 1) expect((await t.app.request('/api/posts', { headers: bad })).status).toBe(401);
  const blocked = await t.app.request('/api/posts', { headers: bad });
  expect(blocked.status).toBe(429);
  expect(Number(blocked.headers.get('Retry-After'))).toBeGreaterThan(0);
  expect((await errorBody(blocked)).message).toBe('Zu viele ungültige Anmeldeversuche. Bitte später erneut versuchen.');
  // The right token gets in even from the limited address: guessing there never locks the operator out.
  expect(
    (
      await t.app.request('/api/posts', {
        headers: { Authorization: `Bearer ${TEST_TOKEN}`, 'x-test-client': 'attacker' },
      })
    ).status,
  ).toBe(200);
  expect(
    (
      await t.app.request('/api/posts', {
        headers: { Authorization: `Bearer ${TEST_TOKEN}`, 'x-test-client': 'operator' },
      })
    ).status,
  ).toBe(200);
});

test('a request without credentials is a 401 that counts as no sign-in attempt', async () => {
  const none = { 'x-test-client': 'fresh-console' };
  for (let i = 0; i < 12; i += 1) {
    const response = await t.app.request('/api/dashboard/overview', { headers: none });
    expect(response.status).toBe(401);
    expect((await errorBody(response)).message).toBe('Anmeldung erforderlich: Zugangs-Token fehlt.');
  }
  for (let i = 0; i < 3; i += 1)
    expect(
      (await t.app.request('/api/posts', { headers: { ...none, Authorization: 'Bearer falsch-falsch-falsch' } }))
        .status,
    ).toBe(401);
  // Three wrong tokens after twelve token-less calls: the limit (3 here) is reached only now.
  expect(
    (await t.app.request('/api/posts', { headers: { ...none, Authorization: 'Bearer falsch-falsch-falsch' } })).status,
  ).toBe(429);
});

test('X-Forwarded-For names the client only behind a trusted proxy', () => {
  const trusted = trustedProxies('10.0.0.0/8, 192.168.1.5');
  expect(forwardedClient('10.1.2.3', '203.0.113.7', trusted)).toBe('203.0.113.7');
  expect(forwardedClient('::ffff:192.168.1.5', '198.51.100.1, 10.0.0.9', trusted)).toBe('198.51.100.1');
  // A client that is not a trusted proxy cannot choose its address.
  expect(forwardedClient('203.0.113.50', '1.2.3.4', trusted)).toBe('203.0.113.50');
  expect(forwardedClient('10.1.2.3', '203.0.113.7', undefined)).toBe('10.1.2.3');
  expect(() => trustedProxies('10.0.0.0/33')).toThrow(
    'NEWSDESK_TRUSTED_PROXIES: „10.0.0.0/33“ ist keine IP-Adresse und kein CIDR-Bereich.',
  );
});

test('CORS answers only the allowed origins (and the serving one)', async () => {
  const preflight = (origin: string) =>
    t.app.request('http://localhost:3000/api/posts', {
      method: 'OPTIONS',
      headers: {
        Origin: origin,
        'Access-Control-Request-Method': 'POST',
        'Access-Control-Request-Headers': 'authorization,content-type,idempotency-key',
      },
    });
  const allowed = await preflight('https://desk.example.org');
  expect(allowed.headers.get('Access-Control-Allow-Origin')).toBe('https://desk.example.org');
  expect(allowed.headers.get('Access-Control-Allow-Headers')?.toLowerCase()).toContain('idempotency-key');
  expect((await preflight('https://evil.example.com')).headers.get('Access-Control-Allow-Origin')).toBeNull();
  expect((await preflight('http://localhost:3000')).headers.get('Access-Control-Allow-Origin')).toBe(
    'http://localhost:3000',
  );
});

test('the served PWA carries a strict CSP with the hashes of its inline scripts, and live config.json', async () => {
  const page = await t.app.request('http://desk.local:3000/posts');
  expect(page.status).toBe(200);
  const csp = page.headers.get('Content-Security-Policy') ?? '';
  const [hash] = inlineScriptHashes(await page.text());
  expect(hash).toMatch(/^'sha256-/);
  expect(csp).toContain(`script-src 'self' 'report-sample' ${hash}`);
  expect(csp).not.toContain("script-src 'self' 'unsafe-inline'");
  expect(page.headers.get('X-Content-Type-Options')).toBe('nosniff');
  expect(page.headers.get('Referrer-Policy')).toBe('no-referrer');
  expect(page.headers.get('Strict-Transport-Security')).toBeNull();
  const secure = await t.app.request('http://desk.local:3000/', { headers: { 'X-Forwarded-Proto': 'https' } });
  expect(secure.headers.get('Strict-Transport-Security')).toContain('max-age=');

  const config = await t.app.request('http://desk.local:3000/config.json');
  expect(await config.json()).toEqual({ apiMode: 'live', apiBaseUrl: 'http://desk.local:3000/api' });
  // Behind Caddy (README: HTTPS to the browser, HTTP to the desk on 127.0.0.1:3000) the API address is the browser's.
  const proxied = await t.app.request('http://desk.studio.lan/config.json', {
    headers: { 'X-Forwarded-Proto': 'https', 'X-Forwarded-Host': 'desk.studio.lan' },
  });
  expect(await proxied.json()).toEqual({ apiMode: 'live', apiBaseUrl: 'https://desk.studio.lan/api' });
  const onPort = await t.app.request('http://127.0.0.1:3000/config.json', {
    headers: { 'X-Forwarded-Proto': 'https', 'X-Forwarded-Host': '192.168.1.20:8443' },
  });
  expect(await onPort.json()).toEqual({ apiMode: 'live', apiBaseUrl: 'https://192.168.1.20:8443/api' });
  const onlyProto = await t.app.request('http://desk.studio.lan/config.json', {
    headers: { 'X-Forwarded-Proto': 'https' },
  });
  expect(await onlyProto.json()).toEqual({ apiMode: 'live', apiBaseUrl: 'https://desk.studio.lan/api' });
  const junk = await t.app.request('http://desk.local:3000/config.json', {
    headers: { 'X-Forwarded-Proto': 'gopher', 'X-Forwarded-Host': 'böse/../pfad' },
  });
  expect(await junk.json()).toEqual({ apiMode: 'live', apiBaseUrl: 'http://desk.local:3000/api' });
  expect((await t.app.request('http://desk.local:3000/app.txt')).status).toBe(200);
  const unknownApi = await t.call('/nichts-hier');
  expect(unknownApi.status).toBe(404);
  expect((await errorBody(unknownApi)).message).toBe('Diese Schnittstelle gibt es nicht.');
});

test('with the build’s csp.json the header is that policy: one source for the meta tag and the header', async () => {
  const built = await mkdtemp(path.join(os.tmpdir(), 'newsdesk-dist-'));
  const policy =
    "default-src 'self'; script-src 'self' 'report-sample' 'sha256-gebaut'; img-src 'self' data: blob: https: http:; frame-ancestors 'self'";
  await writeFile(
    path.join(built, 'index.html'),
    `<!doctype html><html><head><script>${INLINE}</script></head></html>`,
  );
  await writeFile(path.join(built, 'csp.json'), JSON.stringify({ headers: { 'Content-Security-Policy': policy } }));
  const desk = await createTestApp({ distDir: built });
  try {
    expect((await desk.app.request('http://desk.local:3000/')).headers.get('Content-Security-Policy')).toBe(policy);
  } finally {
    await desk.close();
    await rm(built, { recursive: true, force: true });
  }
  // Without csp.json the same directives as the build's: an avatar preview from a provider's https host may load.
  const fallback = (await t.app.request('http://desk.local:3000/')).headers.get('Content-Security-Policy') ?? '';
  expect(fallback).toContain("img-src 'self' data: blob: https: http:");
  expect(fallback).toContain("media-src 'self' data: blob: https: http:");
  expect(fallback).toContain("frame-ancestors 'self'");
  const secure = await t.app.request('http://desk.local:3000/', { headers: { 'X-Forwarded-Proto': 'https' } });
  expect(secure.headers.get('Strict-Transport-Security')).toBe('max-age=63072000; includeSubDomains');
});

test('a route with a document of its own gets it; any other address the index, neither cached without asking', async () => {
  for (const address of ['/dashboard/posts', '/dashboard/posts.html']) {
    const page = await t.app.request(`http://desk.local:3000${address}`);
    expect(page.status).toBe(200);
    expect(await page.text()).toContain('<link rel="modulepreload" crossorigin href="/assets/posts.js">');
    expect(page.headers.get('Cache-Control')).toBe('no-cache');
    expect(page.headers.get('Content-Security-Policy')).toContain("script-src 'self' 'report-sample' 'sha256-");
  }
  for (const address of ['/dashboard', '/dashboard/media', '/dashboard/posts/x']) {
    const page = await t.app.request(`http://desk.local:3000${address}`);
    expect(page.status).toBe(200);
    const html = await page.text();
    expect(html).toContain('src="/assets/app.js"');
    expect(html).not.toContain('modulepreload');
    expect(page.headers.get('Cache-Control')).toBe('no-cache');
  }
  const asset = await t.app.request('http://desk.local:3000/assets/posts.js');
  expect(asset.status).toBe(200);
  expect(asset.headers.get('Cache-Control')).toBe('public, max-age=31536000, immutable');
});

test('the OpenAPI document lists every operation of the contract', async () => {
  const doc = (await (await t.call('/openapi.json')).json()) as {
    openapi: string;
    paths: Record<string, Record<string, { operationId: string }>>;
  };
  expect(doc.openapi).toBe('3.1.0');
  expect(doc.paths['/posts/{id}'].patch.operationId).toBe('posts.update');
  expect(doc.paths['/media/upload'].post.operationId).toBe('media.upload');
});

test('the event stream needs a fresh ticket and delivers changes', async () => {
  expect((await t.app.request('/api/events')).status).toBe(401);
  expect((await t.app.request('/api/events?ticket=123.abc')).status).toBe(401);
  const issued = (await (await t.call('/events/ticket', { method: 'POST' })).json()) as {
    ticket: string;
    expiresAt: string;
  };
  // The operator token's ticket opens the desk's stream.
  expect(checkTicket(TEST_SIGNER, issued.ticket)).toBe('desk');
  expect(checkTicket(new UrlSigner('another-secret-0123456789abcdef0123'), issued.ticket)).toBeUndefined();
  expect(checkTicket(TEST_SIGNER, issued.ticket, Date.parse(issued.expiresAt) + 1)).toBeUndefined();
  expect(issued.ticket).not.toContain(TEST_TOKEN);

  const controller = new AbortController();
  const stream = await t.app.request(`/api/events?ticket=${encodeURIComponent(issued.ticket)}`, {
    signal: controller.signal,
  });
  expect(stream.status).toBe(200);
  expect(stream.headers.get('Content-Type')).toContain('text/event-stream');
  const reader = (stream.body as ReadableStream<Uint8Array>).getReader();
  const decoder = new TextDecoder();
  let text = '';
  const readUntil = async (needle: string) => {
    while (!text.includes(needle)) {
      const { value, done } = await reader.read();
      if (done) throw new Error('stream ended');
      text += decoder.decode(value);
    }
  };
  await readUntil('event: ready');
  const created = await contractBody(
    'posts.create',
    await t.call('/posts', {
      method: 'POST',
      json: {
        title: 'Live',
        status: 'draft',
        platform: 'telegram',
        publishDate: '2026-11-23',
        category: 'Technologie',
      },
    }),
  );
  await readUntil(created.id);
  expect(text).toContain(`event: change\ndata: {"topic":"posts","action":"created","id":"${created.id}"}`);
  controller.abort();
  await reader.cancel().catch(() => undefined);
});
