// Shutdown (SIGTERM's path): the server stops accepting, lets a request in flight finish — an upload still arriving
// when the stop begins is stored and answered — and closes the database last.
import http from 'node:http';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, expect, test } from 'vitest';
import { parseEnv } from './env';
import { startServer } from './server';

const TOKEN = 'shutdown-token-0123456789abcdef';
let dataDir = '';

afterAll(async () => {
  if (dataDir) await rm(dataDir, { recursive: true, force: true });
});

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

test('a request in flight at the stop finishes; a new connection is refused; the stop ends', async () => {
  dataDir = await mkdtemp(path.join(os.tmpdir(), 'newsdesk-shutdown-'));
  const running = await startServer(
    parseEnv({
      PORT: '0',
      HOST: '127.0.0.1',
      NEWSDESK_TOKEN: TOKEN,
      NEWSDESK_DATA_DIR: dataDir,
      NEWSDESK_DEFAULT_SOURCES: '0',
      NEWSDESK_SHUTDOWN_GRACE_MS: '5000',
    }),
  );
  const boundary = 'grenze';
  const png = Buffer.alloc(64);
  png.set([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
  const head = Buffer.from(
    `--${boundary}\r\nContent-Disposition: form-data; name="media"; filename="bild.png"\r\nContent-Type: image/png\r\n\r\n`,
  );
  const tail = Buffer.from(`\r\n--${boundary}--\r\n`);
  const answer = new Promise<{ status: number; body: string }>((resolve, reject) => {
    const req = http.request(
      `${running.url}/api/media/upload`,
      {
        method: 'POST',
        headers: {
          Authorization: `Bearer ${TOKEN}`,
          'Content-Type': `multipart/form-data; boundary=${boundary}`,
          'Content-Length': String(head.length + png.length + tail.length),
        },
      },
      (res) => {
        let body = '';
        res.on('data', (chunk: Buffer) => (body += chunk.toString()));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, body }));
      },
    );
    req.on('error', reject);
    req.write(head);
    // The rest arrives after the stop has begun.
    void sleep(400).then(() => req.end(Buffer.concat([png, tail])));
  });
  await sleep(100);
  const started = Date.now();
  const stopping = running.stop();
  await sleep(50);
  const refused = await fetch(`${running.url}/api/healthz`).then(
    () => false,
    () => true,
  );
  expect(refused).toBe(true);
  const { status, body } = await answer;
  expect(status, body).toBe(201);
  expect(JSON.parse(body)).toMatchObject({ type: 'image' });
  await stopping;
  expect(Date.now() - started).toBeLessThan(5000);

  // The upload was kept: the next start lists it.
  const again = await startServer(
    parseEnv({
      PORT: '0',
      HOST: '127.0.0.1',
      NEWSDESK_TOKEN: TOKEN,
      NEWSDESK_DATA_DIR: dataDir,
      NEWSDESK_DEFAULT_SOURCES: '0',
    }),
  );
  try {
    const list = (await (
      await fetch(`${again.url}/api/media`, { headers: { Authorization: `Bearer ${TOKEN}` } })
    ).json()) as Array<{ title: string }>;
    expect(list.map((m) => m.title)).toContain('bild.png');
  } finally {
    await again.stop();
  }
}, 60_000);
