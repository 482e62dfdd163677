// A provider's key never follows a redirect to another host: fetch keeps custom key headers (xi-api-key, x-api-key…)
// across origins, so providerFetch follows a redirect only on the provider's own origin.
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { providerFetch, ProviderError } from './http';

let provider: http.Server;
let elsewhere: http.Server;
let providerUrl = '';
let elsewhereUrl = '';
const seenElsewhere: Array<string | undefined> = [];

const listen = async (server: http.Server) => {
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
};

beforeAll(async () => {
  elsewhere = http.createServer((req, res) => {
    seenElsewhere.push(req.headers['xi-api-key'] as string | undefined);
    res.writeHead(200, { 'Content-Type': 'application/json' }).end('{}');
  });
  elsewhereUrl = await listen(elsewhere);
  provider = http.createServer((req, res) => {
    if (req.url === '/weg') return void res.writeHead(302, { Location: `${elsewhereUrl}/falle` }).end();
    if (req.url === '/alt') return void res.writeHead(307, { Location: '/neu' }).end();
    if (req.url === '/neu' && req.headers['xi-api-key'] === 'sk-geheim')
      return void res.writeHead(200, { 'Content-Type': 'application/json' }).end('{"ok":true}');
    res.writeHead(404).end();
  });
  providerUrl = await listen(provider);
});
afterAll(async () => {
  await new Promise((resolve) => provider.close(resolve));
  await new Promise((resolve) => elsewhere.close(resolve));
});

test('a redirect to another host is refused before the key goes there', async () => {
  const refused = await providerFetch('elevenlabs', `${providerUrl}/weg`, {
    headers: { 'xi-api-key': 'sk-geheim' },
    secret: 'sk-geheim',
  }).catch((e: unknown) => e);
  expect(refused).toBeInstanceOf(ProviderError);
  expect((refused as ProviderError).message).toBe(
    `ElevenLabs leitet auf einen anderen Host um (${new URL(elsewhereUrl).host}); der Schlüssel wird dorthin nicht gesendet.`,
  );
  expect(seenElsewhere).toEqual([]);
});

test('a redirect on the provider\u2019s own origin is followed with the key', async () => {
  const response = await providerFetch('elevenlabs', `${providerUrl}/alt`, { headers: { 'xi-api-key': 'sk-geheim' } });
  expect(await response.json()).toEqual({ ok: true });
});
