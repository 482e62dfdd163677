// An upload is limited by a stall, not by its total time: a slow but steady upload that takes longer than the idle
// limit is stored; one that stops sending is ended with 408 and its German reason, leaving no file behind.
import http from 'node:http';
import { mkdtemp, readdir, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { parseEnv } from '../env';
import { startServer, type Running } from '../server';

const TOKEN = 'upload-idle-token-0123456789abcdef';
let dataDir = '';
let running: Running;
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

beforeAll(async () => {
  dataDir = await mkdtemp(path.join(os.tmpdir(), 'newsdesk-upload-idle-'));
  running = await startServer(
    parseEnv({
      PORT: '0',
      HOST: '127.0.0.1',
      NEWSDESK_TOKEN: TOKEN,
      NEWSDESK_DATA_DIR: dataDir,
      NEWSDESK_DEFAULT_SOURCES: '0',
      NEWSDESK_UPLOAD_IDLE_MS: '1000',
    }),
  );
});
afterAll(async () => {
  await running?.stop();
  if (dataDir) await rm(dataDir, { recursive: true, force: true });
});

/** Sends a multipart upload in pieces with the given pauses; resolves to the answer. */
function upload(pieces: Array<{ bytes: Buffer; pauseMs: number }>): Promise<{ status: number; body: string }> {
  const total = pieces.reduce((n, p) => n + p.bytes.length, 0);
  return new Promise((resolve, reject) => {
    const req = http.request(
      `${running.url}/api/media/upload`,
      {
        method: 'POST',
        headers: {
          Authorization: `Bearer ${TOKEN}`,
          'Content-Type': 'multipart/form-data; boundary=grenze',
          'Content-Length': String(total),
        },
      },
      (res) => {
        let body = '';
        res.on('data', (chunk: Buffer) => (body += chunk.toString()));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, body }));
      },
    );
    req.on('error', reject);
    void (async () => {
      for (const piece of pieces) {
        await sleep(piece.pauseMs);
        if (req.destroyed) return;
        req.write(piece.bytes);
      }
      req.end();
    })();
  });
}

const head = Buffer.from(
  '--grenze\r\nContent-Disposition: form-data; name="media"; filename="film.webm"\r\nContent-Type: video/webm\r\n\r\n',
);
const tail = Buffer.from('\r\n--grenze--\r\n');
const webmStart = Buffer.from([
  0x1a,
  0x45,
  0xdf,
  0xa3,
  0x9f,
  0x42,
  0x82,
  0x84,
  0x77,
  0x65,
  0x62,
  0x6d,
  ...new Array(52).fill(0),
]);

test('a slow, steady upload that takes longer than the idle limit is stored', async () => {
  const pieces = [
    { bytes: head, pauseMs: 0 },
    { bytes: webmStart, pauseMs: 300 },
  ];
  for (let i = 0; i < 8; i += 1) pieces.push({ bytes: Buffer.alloc(1024, i), pauseMs: 300 });
  pieces.push({ bytes: tail, pauseMs: 300 });
  const started = Date.now();
  const answer = await upload(pieces);
  expect(Date.now() - started).toBeGreaterThan(2500);
  expect(answer.status, answer.body).toBe(201);
});

test('an upload that stops sending is ended with 408 and leaves no file', async () => {
  const before = (await readdir(path.join(dataDir, 'media'))).length;
  const answer = await upload([
    { bytes: head, pauseMs: 0 },
    { bytes: webmStart, pauseMs: 0 },
    { bytes: tail, pauseMs: 3000 },
  ]);
  expect(answer.status).toBe(408);
  expect(JSON.parse(answer.body).message).toBe(
    'Der Upload ist ins Stocken geraten: seit 1 s kam nichts mehr an. Bitte die Datei erneut hochladen.',
  );
  expect((await readdir(path.join(dataDir, 'media'))).length).toBe(before);
});
