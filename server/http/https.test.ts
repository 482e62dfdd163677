// The desk over HTTPS on the studio LAN: npm run certs makes a CA and a certificate for the machine's names and
// addresses, npm start picks it up and speaks HTTP/2 (HTTP/1.1 for old clients), plain HTTP stays on this machine.
import { X509Certificate } from 'node:crypto';
import { readFileSync, statSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import http from 'node:http';
import http2 from 'node:http2';
import https from 'node:https';
import os from 'node:os';
import path from 'node:path';
import tls from 'node:tls';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { issueCertificates, tlsFiles } from './certs';
import { EnvError, parseEnv } from '../env';
import { startServer, type Running } from '../server';

const TOKEN = 'https-test-token-0123456789abcdef';
let dataDir = '';
let running: Running;
let ca: Buffer;

const lanAddress = () =>
  Object.values(os.networkInterfaces())
    .flat()
    .find((a) => a && !a.internal && a.family === 'IPv4')?.address;

beforeAll(async () => {
  dataDir = await mkdtemp(path.join(os.tmpdir(), 'newsdesk-https-'));
  issueCertificates(dataDir);
  ca = readFileSync(tlsFiles(dataDir).caCert);
  running = await startServer(
    parseEnv({
      PORT: '0',
      HOST: '127.0.0.1',
      NEWSDESK_HTTP_PORT: '0',
      NEWSDESK_TOKEN: TOKEN,
      NEWSDESK_DATA_DIR: dataDir,
      NEWSDESK_DEFAULT_SOURCES: '0',
      NEWSDESK_SHUTDOWN_GRACE_MS: '1000',
    }),
  );
});

let stopped = false;
afterAll(async () => {
  if (!stopped) await running?.stop();
  if (dataDir) await rm(dataDir, { recursive: true, force: true });
});

test('the certificate names localhost, the machine and its LAN address; keys are private; a re-run keeps the CA', () => {
  const files = tlsFiles(dataDir);
  const cert = new X509Certificate(readFileSync(files.cert));
  const authority = new X509Certificate(ca);
  expect(cert.checkIssued(authority)).toBe(true);
  expect(cert.verify(authority.publicKey)).toBe(true);
  expect(authority.ca).toBe(true);
  expect(cert.subjectAltName).toContain('DNS:localhost');
  expect(cert.subjectAltName).toContain('IP Address:127.0.0.1');
  expect(cert.subjectAltName).toContain(`DNS:${os.hostname().toLowerCase()}`);
  const lan = lanAddress();
  if (lan) expect(cert.subjectAltName).toContain(`IP Address:${lan}`);
  if (process.platform !== 'win32') {
    expect(statSync(files.key).mode & 0o777).toBe(0o600);
    expect(statSync(files.caKey).mode & 0o777).toBe(0o600);
  }

  const again = issueCertificates(dataDir, ['localhost', 'desk.studio.lan', '10.1.2.3']);
  expect(again.caCreated).toBe(false);
  expect(readFileSync(files.caCert).equals(ca)).toBe(true);
  const reissued = new X509Certificate(readFileSync(files.cert));
  expect(reissued.checkIssued(authority)).toBe(true);
  expect(reissued.subjectAltName).toBe('DNS:localhost, DNS:desk.studio.lan, IP Address:10.1.2.3');
});

test('npm start serves HTTPS and negotiates HTTP/2 by ALPN', async () => {
  expect(running.url).toMatch(/^https:\/\/127\.0\.0\.1:\d+$/);
  const protocol = await new Promise<string | false | null>((resolve, reject) => {
    const socket = tls.connect(
      { host: '127.0.0.1', port: running.port, servername: 'localhost', ca, ALPNProtocols: ['h2', 'http/1.1'] },
      () => {
        resolve(socket.alpnProtocol);
        socket.end();
      },
    );
    socket.on('error', reject);
  });
  expect(protocol).toBe('h2');

  const session = http2.connect(running.url, { ca, servername: 'localhost' });
  try {
    const { status, body } = await new Promise<{ status: number; body: string }>((resolve, reject) => {
      const stream = session.request({ ':path': '/api/healthz' });
      let status = 0;
      let body = '';
      stream.on('response', (headers) => (status = Number(headers[':status'])));
      stream.on('data', (chunk: Buffer) => (body += chunk.toString()));
      stream.on('end', () => resolve({ status, body }));
      stream.on('error', reject);
    });
    expect(status, body).toBe(200);
  } finally {
    session.close();
  }
});

test('a client without HTTP/2 gets HTTP/1.1 over TLS', async () => {
  const { status, version } = await new Promise<{ status: number; version: string }>((resolve, reject) => {
    https
      .get(`${running.url}/api/healthz`, { ca, servername: 'localhost' }, (res) => {
        res.resume();
        res.on('end', () => resolve({ status: res.statusCode ?? 0, version: res.httpVersion }));
      })
      .on('error', reject);
  });
  expect(version).toBe('1.1');
  expect(status).toBe(200);
});

async function eventTicket(): Promise<string> {
  const ticketResponse = await new Promise<string>((resolve, reject) => {
    const req = https.request(
      `${running.url}/api/events/ticket`,
      { method: 'POST', ca, servername: 'localhost', headers: { Authorization: `Bearer ${TOKEN}` } },
      (res) => {
        let body = '';
        res.on('data', (chunk: Buffer) => (body += chunk.toString()));
        res.on('end', () => resolve(body));
      },
    );
    req.on('error', reject);
    req.end();
  });
  return (JSON.parse(ticketResponse) as { ticket: string }).ticket;
}

test('the event stream works over HTTP/2 without connection-specific headers', async () => {
  const ticket = await eventTicket();
  const session = http2.connect(running.url, { ca, servername: 'localhost' });
  try {
    const { headers, text } = await new Promise<{ headers: http2.IncomingHttpHeaders; text: string }>(
      (resolve, reject) => {
        const stream = session.request({ ':path': `/api/events?ticket=${encodeURIComponent(ticket)}` });
        let headers: http2.IncomingHttpHeaders = {};
        let text = '';
        stream.on('response', (h) => (headers = h));
        stream.on('data', (chunk: Buffer) => {
          text += chunk.toString();
          if (text.includes('event: ready')) {
            resolve({ headers, text });
            stream.close();
          }
        });
        stream.on('error', reject);
        stream.on('close', () => reject(new Error(`stream closed early: ${text}`)));
      },
    );
    expect(headers[':status']).toBe(200);
    expect(headers['content-type']).toContain('text/event-stream');
    expect(headers.connection).toBeUndefined();
    expect(headers['transfer-encoding']).toBeUndefined();
    expect(text).toContain('event: ready');
  } finally {
    session.close();
  }
});

test('plain HTTP answers on this machine only, and devices can fetch the CA to trust', async () => {
  expect(running.localUrl).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
  const status = await new Promise<number>((resolve, reject) => {
    http
      .get(`${running.localUrl}/api/healthz`, (res) => {
        res.resume();
        resolve(res.statusCode ?? 0);
      })
      .on('error', reject);
  });
  expect(status).toBe(200);
  const lan = lanAddress();
  if (lan) {
    const port = new URL(running.localUrl as string).port;
    const reached = await fetch(`http://${lan}:${port}/api/healthz`).then(
      () => true,
      () => false,
    );
    expect(reached).toBe(false);
  }
  const served = await new Promise<{ type: string; body: Buffer }>((resolve, reject) => {
    https
      .get(`${running.url}/newsdesk-ca.crt`, { ca, servername: 'localhost' }, (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (chunk: Buffer) => chunks.push(chunk));
        res.on('end', () => resolve({ type: String(res.headers['content-type']), body: Buffer.concat(chunks) }));
      })
      .on('error', reject);
  });
  expect(served.type).toBe('application/x-x509-ca-cert');
  expect(served.body.equals(ca)).toBe(true);
});

test('NEWSDESK_TLS_CERT without NEWSDESK_TLS_KEY stops the start with a German reason', () => {
  expect(() => parseEnv({ NEWSDESK_TLS_CERT: '/etc/ssl/desk.crt' })).toThrow(EnvError);
  expect(() => parseEnv({ NEWSDESK_TLS_CERT: '/etc/ssl/desk.crt' })).toThrow(
    'NEWSDESK_TLS_CERT und NEWSDESK_TLS_KEY gehören zusammen – bitte beide setzen.',
  );
  expect(parseEnv({ NEWSDESK_TLS_CERT: 'a.crt', NEWSDESK_TLS_KEY: 'a.key' }).tls).toEqual({
    cert: 'a.crt',
    key: 'a.key',
  });
});

test('the stop ends with an event stream open over HTTP/2 and an idle HTTP/1.1 connection', async () => {
  const ticket = await eventTicket();
  const session = http2.connect(running.url, { ca, servername: 'localhost' });
  session.on('error', () => undefined);
  const stream = session.request({ ':path': `/api/events?ticket=${encodeURIComponent(ticket)}` });
  stream.on('error', () => undefined);
  await new Promise<void>((resolve) => stream.once('data', () => resolve()));
  const agent = new https.Agent({ keepAlive: true, ca, servername: 'localhost' });
  await new Promise<void>((resolve, reject) =>
    https.get(`${running.url}/api/healthz`, { agent }, (res) => res.resume().on('end', resolve)).on('error', reject),
  );
  const started = Date.now();
  stopped = true;
  await running.stop();
  // The grace period is 1 s: nothing but the event stream was open, so the stop does not wait for it.
  expect(Date.now() - started).toBeLessThan(1000);
  await new Promise<void>((resolve) => (session.closed ? resolve() : session.once('close', () => resolve())));
  agent.destroy();
});
