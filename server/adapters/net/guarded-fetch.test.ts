import { createServer, type RequestListener } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, test } from 'vitest';
import { checkUrl, FetchRefused, guardedFetch, isBlockedAddress } from './guarded-fetch';

interface TestServer {
  url: string;
  port: number;
  close: () => Promise<void>;
}

const servers: TestServer[] = [];
afterEach(async () => {
  await Promise.all(servers.splice(0).map((s) => s.close()));
});

async function serve(handler: RequestListener): Promise<TestServer> {
  const server = createServer(handler);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  const s = {
    url: `http://127.0.0.1:${port}`,
    port,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
  servers.push(s);
  return s;
}

async function refusal(promise: Promise<unknown>): Promise<{ code: string; message: string }> {
  try {
    await promise;
  } catch (error) {
    if (error instanceof FetchRefused) return { code: error.code, message: error.message };
    throw error;
  }
  throw new Error('expected a refusal');
}

describe('internal addresses', () => {
  test('a server on 127.0.0.1 is refused without allowPrivate and served with it', async () => {
    let requests = 0;
    const s = await serve((_req, res) => {
      requests++;
      res.writeHead(200, { 'content-type': 'text/plain; charset=utf-8' }).end('Grüße aus dem Testserver');
    });
    expect(await refusal(guardedFetch(`${s.url}/feed`, { allowPrivate: false }))).toEqual({
      code: 'blocked',
      message: 'Die Adresse zeigt auf ein internes Netz und wird nicht abgerufen.',
    });
    expect(requests).toBe(0);

    const response = await guardedFetch(`${s.url}/feed`, { allowPrivate: true });
    expect(response.status).toBe(200);
    expect(response.url).toBe(`${s.url}/feed`);
    expect(response.headers.get('content-type')).toBe('text/plain; charset=utf-8');
    expect(response.body.toString('utf8')).toBe('Grüße aus dem Testserver');
    expect(requests).toBe(1);
  });

  test('a host name that resolves to loopback is refused where the socket connects', async () => {
    let requests = 0;
    const s = await serve((_req, res) => {
      requests++;
      res.end('nie');
    });
    expect(await refusal(guardedFetch(`http://localhost:${s.port}/`, { allowPrivate: false }))).toEqual({
      code: 'blocked',
      message: 'Die Adresse zeigt auf ein internes Netz und wird nicht abgerufen.',
    });
    expect(requests).toBe(0);
  });

  test('checkUrl refuses every hop that is not public http(s)', () => {
    const code = (url: string, allowPrivate = false) => {
      try {
        checkUrl(url, allowPrivate);
        return 'ok';
      } catch (error) {
        return error instanceof FetchRefused ? `${error.code}: ${error.message}` : 'other';
      }
    };
    expect(code('https://www.tagesschau.de/xml/rss2/')).toBe('ok');
    expect(code('http://169.254.169.254/latest/meta-data/')).toBe(
      'blocked: Die Adresse zeigt auf ein internes Netz und wird nicht abgerufen.',
    );
    expect(code('http://169.254.169.254/latest/meta-data/', true)).toBe('ok');
    expect(code('http://[::ffff:127.0.0.1]:8080/')).toBe(
      'blocked: Die Adresse zeigt auf ein internes Netz und wird nicht abgerufen.',
    );
    expect(code('http://2130706433/')).toBe(
      'blocked: Die Adresse zeigt auf ein internes Netz und wird nicht abgerufen.',
    );
    expect(code('http://0x7f.1/')).toBe('blocked: Die Adresse zeigt auf ein internes Netz und wird nicht abgerufen.');
    expect(code('http://[fd00::1]/')).toBe(
      'blocked: Die Adresse zeigt auf ein internes Netz und wird nicht abgerufen.',
    );
    expect(code('http://10.1.2.3/', true)).toBe('ok');
    expect(code('file:///etc/passwd')).toBe('protocol: Nur http- und https-Adressen sind erlaubt.');
    expect(code('ftp://ftp.example.org/pub', true)).toBe('protocol: Nur http- und https-Adressen sind erlaubt.');
    expect(code('gopher://127.0.0.1/')).toBe('protocol: Nur http- und https-Adressen sind erlaubt.');
    expect(code('keine adresse')).toBe('invalid_url: Die Adresse ist ungültig.');
    expect(code('http://')).toBe('invalid_url: Die Adresse ist ungültig.');
  });

  test('isBlockedAddress', () => {
    const table: [string, boolean][] = [
      ['127.0.0.1', true],
      ['127.255.0.7', true],
      ['10.0.0.1', true],
      ['172.16.0.1', true],
      ['172.31.255.255', true],
      ['172.32.0.1', false],
      ['192.168.178.1', true],
      ['100.64.0.1', true],
      ['100.128.0.1', false],
      ['169.254.169.254', true],
      ['0.0.0.0', true],
      ['0.1.2.3', true],
      ['224.0.0.251', true],
      ['255.255.255.255', true],
      ['8.8.8.8', false],
      ['93.184.216.34', false],
      ['::', true],
      ['::1', true],
      ['fe80::1', true],
      ['fe80::1%eth0', true],
      ['fc00::1', true],
      ['fd12:3456::1', true],
      ['ff02::1', true],
      ['::ffff:127.0.0.1', true],
      ['::ffff:7f00:1', true],
      ['::ffff:10.0.0.1', true],
      ['::ffff:8.8.8.8', false],
      ['64:ff9b::a9fe:a9fe', true],
      ['64:ff9b::808:808', false],
      ['2002:c0a8:0101::1', true],
      ['2001:db8::1', true],
      ['2001:4860:4860::8888', false],
      ['2a00:1450:4001:82a::200e', false],
      ['not-an-ip', true],
      ['', true],
    ];
    expect(table.map(([ip]) => [ip, isBlockedAddress(ip)])).toEqual(table);
  });
});

describe('redirects', () => {
  test('followed by hand, to the final address', async () => {
    const s = await serve((req, res) => {
      const step = Number(req.url?.split('/').pop());
      if (step < 3) res.writeHead(302, { location: `/r/${step + 1}` }).end();
      else res.writeHead(200).end(`Ziel ${step}`);
    });
    const response = await guardedFetch(`${s.url}/r/0`, { allowPrivate: true });
    expect(response.status).toBe(200);
    expect(response.url).toBe(`${s.url}/r/3`);
    expect(response.body.toString()).toBe('Ziel 3');
  });

  test('more than maxRedirects are refused', async () => {
    const s = await serve((req, res) => {
      const step = Number(req.url?.split('/').pop());
      res.writeHead(301, { location: `/r/${step + 1}` }).end();
    });
    expect(await refusal(guardedFetch(`${s.url}/r/0`, { allowPrivate: true }))).toEqual({
      code: 'redirects',
      message: 'Zu viele Weiterleitungen.',
    });
    expect(await refusal(guardedFetch(`${s.url}/r/0`, { allowPrivate: true, maxRedirects: 0 }))).toEqual({
      code: 'redirects',
      message: 'Zu viele Weiterleitungen.',
    });
  });

  test('a loop is refused', async () => {
    let requests = 0;
    const s = await serve((req, res) => {
      requests++;
      res.writeHead(307, { location: req.url === '/a' ? '/b' : '/a' }).end();
    });
    expect(await refusal(guardedFetch(`${s.url}/a`, { allowPrivate: true, maxRedirects: 10 }))).toEqual({
      code: 'redirects',
      message: 'Zu viele Weiterleitungen.',
    });
    expect(requests).toBe(2);
  });

  test('every hop is checked again: a redirect to file: is refused', async () => {
    const s = await serve((_req, res) => res.writeHead(302, { location: 'file:///etc/passwd' }).end());
    expect(await refusal(guardedFetch(s.url, { allowPrivate: true }))).toEqual({
      code: 'protocol',
      message: 'Nur http- und https-Adressen sind erlaubt.',
    });
  });

  test('credentials are not handed to another origin', async () => {
    const seen: (string | undefined)[] = [];
    const target = await serve((req, res) => {
      seen.push(req.headers.authorization);
      res.end('ok');
    });
    const origin = await serve((req, res) => {
      seen.push(req.headers.authorization);
      res.writeHead(302, { location: req.url === '/start' ? '/same' : `${target.url}/other` }).end();
    });
    const response = await guardedFetch(`${origin.url}/start`, {
      allowPrivate: true,
      headers: { Authorization: 'Basic Zm9vOmJhcg==' },
    });
    expect(response.url).toBe(`${target.url}/other`);
    expect(seen).toEqual(['Basic Zm9vOmJhcg==', 'Basic Zm9vOmJhcg==', undefined]);
  });
});

describe('limits', () => {
  test('a non-2xx status is returned, not thrown (304 for conditional GET)', async () => {
    const s = await serve((req, res) => {
      if (req.headers['if-none-match'] === '"v1"') res.writeHead(304, { etag: '"v1"' }).end();
      else res.writeHead(404).end('Nicht gefunden');
    });
    const notModified = await guardedFetch(s.url, { allowPrivate: true, headers: { 'If-None-Match': '"v1"' } });
    expect([notModified.status, notModified.headers.get('etag'), notModified.body.length]).toEqual([304, '"v1"', 0]);
    const missing = await guardedFetch(s.url, { allowPrivate: true });
    expect([missing.status, missing.body.toString()]).toEqual([404, 'Nicht gefunden']);
  });

  test('a 50 MB streaming body is cut off at the cap, not buffered', async () => {
    let written = 0;
    const chunk = Buffer.alloc(64 * 1024, 120);
    const s = await serve((_req, res) => {
      res.writeHead(200, { 'content-type': 'application/rss+xml' });
      const pump = () => {
        while (written < 50 * 1024 * 1024) {
          written += chunk.length;
          if (!res.write(chunk)) return void res.once('drain', pump);
        }
        res.end();
      };
      res.on('close', () => res.removeAllListeners('drain'));
      pump();
    });
    const started = performance.now();
    expect(await refusal(guardedFetch(s.url, { allowPrivate: true }))).toEqual({
      code: 'too_large',
      message: 'Die Antwort ist größer als 5 MB.',
    });
    expect(performance.now() - started).toBeLessThan(3000);
    expect(written).toBeLessThan(20 * 1024 * 1024);
  });

  test('a declared Content-Length over the cap is refused before the body is read', async () => {
    const s = await serve((_req, res) => {
      res.writeHead(200, { 'content-length': String(2 * 1024 * 1024) });
      res.write(Buffer.alloc(1024));
    });
    expect(await refusal(guardedFetch(s.url, { allowPrivate: true, maxBytes: 1.5 * 1024 * 1024 }))).toEqual({
      code: 'too_large',
      message: 'Die Antwort ist größer als 1,5 MB.',
    });
  });

  test('a server that never answers runs into the time-out', async () => {
    const s = await serve(() => undefined);
    const started = performance.now();
    expect(await refusal(guardedFetch(s.url, { allowPrivate: true, timeoutMs: 300 }))).toEqual({
      code: 'timeout',
      message: 'Zeitüberschreitung beim Abruf.',
    });
    expect(performance.now() - started).toBeLessThan(2000);
  });

  test('the time-out covers the body too', async () => {
    const s = await serve((_req, res) => {
      res.writeHead(200, { 'content-type': 'text/html' });
      res.write('<html><body>Anfang');
    });
    expect(await refusal(guardedFetch(s.url, { allowPrivate: true, timeoutMs: 300 }))).toEqual({
      code: 'timeout',
      message: 'Zeitüberschreitung beim Abruf.',
    });
  });

  test('a closed port is not reachable', async () => {
    const s = await serve(() => undefined);
    await s.close();
    servers.length = 0;
    expect(await refusal(guardedFetch(s.url, { allowPrivate: true }))).toEqual({
      code: 'network',
      message: 'Die Adresse ist nicht erreichbar.',
    });
  });
});
