import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { startAzureSpeech, AZURE_KEY } from '../../../tests/fakes/azure-speech';
import { startDid, DID_KEY } from '../../../tests/fakes/did-keytest';
import { startElevenLabs, ELEVENLABS_KEY } from '../../../tests/fakes/elevenlabs';
import type { Fake } from '../../../tests/fakes/fake-http';
import { startHeyGen, HEYGEN_KEY } from '../../../tests/fakes/heygen-keytest';
import { startOpenAi, OPENAI_KEY } from '../../../tests/fakes/openai-keytest';
import { startTavus, TAVUS_KEY } from '../../../tests/fakes/tavus-keytest';
import { providerKeys } from '../../data/db/schema';
import { contractBody, createTestApp, TEST_TOKEN, type TestApp } from '../../testing';

let t: TestApp;
let eleven: Fake, azure: Fake, openai: Fake, heygen: Fake, tavus: Fake, did: Fake;
const secret = randomBytes(32);

beforeAll(async () => {
  [eleven, azure, openai, heygen, tavus, did] = await Promise.all([
    startElevenLabs(0),
    startAzureSpeech(0),
    startOpenAi(0),
    startHeyGen(0),
    startTavus(0),
    startDid(0),
  ]);
  t = await createTestApp({
    secret,
    providerEnv: {
      ELEVENLABS_API_URL: eleven.url,
      AZURE_SPEECH_URL: azure.url,
      OPENAI_API_URL: `${openai.url}/v1`,
      HEYGEN_API_URL: heygen.url,
      TAVUS_API_URL: tavus.url,
      DID_API_URL: did.url,
      // An environment key: listed masked as 'environment', overridden by a saved one.
      TAVUS_API_KEY: TAVUS_KEY,
    },
  });
});
afterAll(async () => {
  await t.close();
  await Promise.all([eleven, azure, openai, heygen, tavus, did].map((f) => f.close()));
});

test('a saved key is stored encrypted, listed only masked, and never comes back in any answer', async () => {
  const saved = await contractBody(
    'keys.save',
    await t.call('/keys/openai', { method: 'PUT', json: { key: OPENAI_KEY } }),
  );
  expect(saved).toEqual({ service: 'openai', masked: 'sk-…cdef', source: 'saved', readable: true });
  const listResponse = await t.call('/keys');
  const text = await listResponse.clone().text();
  expect(text).not.toContain(OPENAI_KEY);
  expect(text).not.toContain(TAVUS_KEY);
  const list = await contractBody('keys.list', listResponse);
  expect(list).toEqual([
    { service: 'openai', masked: 'sk-…cdef', source: 'saved', readable: true },
    { service: 'tavus', masked: 'tv-…cdef', source: 'environment', readable: true },
  ]);
  const [row] = await t.database.db.select().from(providerKeys);
  expect(row?.sealed).toMatch(/^v1\./);
  expect(row?.sealed).not.toContain(OPENAI_KEY);
  expect(Buffer.from(row?.sealed.split('.')[3] ?? '', 'base64url').toString('utf8')).not.toContain('fake');
});

test('a test without a key in the request uses the stored key against the provider and records online with its time', async () => {
  await contractBody('keys.save', await t.call('/keys/elevenlabs', { method: 'PUT', json: { key: ELEVENLABS_KEY } }));
  eleven.requests.length = 0;
  const result = await contractBody('test.service', await t.call('/test/elevenlabs'));
  expect(result).toMatchObject({ success: true, service: 'elevenlabs', status: 'online' });
  expect(eleven.requests.map((r) => `${r.method} ${r.path} ${r.headers['xi-api-key']}`)).toEqual([
    `GET /v1/user ${ELEVENLABS_KEY}`,
  ]);
  const entry = (await contractBody('keys.list', await t.call('/keys'))).find((k) => k.service === 'elevenlabs');
  expect(entry).toMatchObject({ status: 'online', lastTested: result.lastTested });
});

test("a key sent in the provider header is tested as sent (the console's draft), and a wrong one is offline with a German reason", async () => {
  const ok = await contractBody('test.service', await t.call('/test/heygen', { headers: { 'X-Api-Key': HEYGEN_KEY } }));
  expect(ok).toMatchObject({ success: true, status: 'online' });
  expect(heygen.requests.at(-1)).toMatchObject({ method: 'GET', path: '/v2/user/remaining_quota' });
  const wrong = await contractBody(
    'test.service',
    await t.call('/test/heygen', { headers: { 'X-Api-Key': 'hg-wrong-key-000000' } }),
  );
  expect(wrong).toMatchObject({
    success: false,
    status: 'offline',
    error: 'HeyGen lehnt den Schlüssel ab (HTTP 401): Invalid API key',
  });
  expect(JSON.stringify(wrong)).not.toContain('hg-wrong-key-000000');
});

test('POST /test/openai takes the key from Authorization only beside X-Newsdesk-Token; the operator token never reaches the provider', async () => {
  openai.requests.length = 0;
  const drafted = await contractBody(
    'test.openai',
    await t.call('/test/openai', {
      method: 'POST',
      headers: { Authorization: 'Bearer sk-draft-0000000000000', 'X-Newsdesk-Token': TEST_TOKEN },
    }),
  );
  expect(drafted).toMatchObject({
    success: false,
    error: 'OpenAI lehnt den Schlüssel ab (HTTP 401): Incorrect API key provided.',
  });
  const stored = await contractBody('test.openai', await t.call('/test/openai', { method: 'POST' }));
  expect(stored).toMatchObject({ success: true, status: 'online' });
  expect(openai.requests.map((r) => r.headers.authorization)).toEqual([
    'Bearer sk-draft-0000000000000',
    `Bearer ${OPENAI_KEY}`,
  ]);
});

test('every provider probe uses its documented read and header: Azure voices list, Tavus replicas, D-ID credits', async () => {
  expect(
    await contractBody(
      'test.service',
      await t.call('/test/azure', { headers: { 'Ocp-Apim-Subscription-Key': AZURE_KEY } }),
    ),
  ).toMatchObject({ success: true });
  expect(azure.requests.at(-1)).toMatchObject({ method: 'GET', path: '/cognitiveservices/voices/list' });
  expect(await contractBody('test.service', await t.call('/test/tavus'))).toMatchObject({ success: true });
  expect(tavus.requests.at(-1)?.headers['x-api-key']).toBe(TAVUS_KEY);
  expect(
    await contractBody(
      'test.service',
      await t.call('/test/did', { headers: { Authorization: `Basic ${DID_KEY}`, 'X-Newsdesk-Token': TEST_TOKEN } }),
    ),
  ).toMatchObject({ success: true });
  expect(did.requests.at(-1)).toMatchObject({ method: 'GET', path: '/credits' });
});

test('health: no key is offline with a German reason; a rate-limited provider is offline; an unknown service is success false', async () => {
  // The probe uses the stored keys: only the operator may ask for it.
  expect((await t.call('/health/heygen', { headers: { Authorization: '' } })).status).toBe(401);
  const none = await contractBody('health.service', await t.call('/health/heygen'));
  expect(none).toMatchObject({ success: false, status: 'offline', error: 'Kein Schlüssel für HeyGen hinterlegt.' });
  await contractBody('keys.save', await t.call('/keys/azure', { method: 'PUT', json: { key: AZURE_KEY } }));
  azure.failNext(429);
  const limited = await contractBody('health.service', await t.call('/health/azure'));
  expect(limited).toMatchObject({
    success: false,
    status: 'offline',
    error: 'Azure Speech: Anfragelimit erreicht (HTTP 429).',
  });
  expect((await contractBody('keys.list', await t.call('/keys'))).find((k) => k.service === 'azure')).toMatchObject({
    status: 'offline',
    error: 'Azure Speech: Anfragelimit erreicht (HTTP 429).',
  });
  expect(await contractBody('test.service', await t.call('/test/unbekannt'))).toMatchObject({
    success: false,
    error: 'Unknown service',
  });
});

test('a deleted key is gone from the list and from the provider calls; a saved one overrides the environment', async () => {
  await contractBody(
    'keys.save',
    await t.call('/keys/tavus', { method: 'PUT', json: { key: 'tv-saved-999999999999' } }),
  );
  expect((await contractBody('keys.list', await t.call('/keys'))).find((k) => k.service === 'tavus')).toMatchObject({
    source: 'saved',
    masked: 'tv-…9999',
  });
  expect((await contractBody('test.service', await t.call('/test/tavus'))).success).toBe(false);
  expect((await t.call('/keys/tavus', { method: 'DELETE' })).status).toBe(204);
  expect((await contractBody('keys.list', await t.call('/keys'))).find((k) => k.service === 'tavus')).toMatchObject({
    source: 'environment',
  });
  expect((await contractBody('test.service', await t.call('/test/tavus'))).success).toBe(true);
  const blank = await t.call('/keys/openai', { method: 'PUT', json: { key: '   ' } });
  expect(blank.status).toBe(400);
});

test('another secret cannot read the saved keys: they are listed unreadable and the environment key (if any) is used', async () => {
  const other = await createTestApp({
    database: t.database,
    secret: randomBytes(32),
    providerEnv: { OPENAI_API_URL: `${openai.url}/v1` },
  });
  try {
    const list = await contractBody('keys.list', await other.call('/keys'));
    expect(list.find((k) => k.service === 'openai')).toMatchObject({ readable: false, masked: 'sk-…cdef' });
    expect(await other.keyStore.unreadable()).toContain('openai');
    expect(await contractBody('test.openai', await other.call('/test/openai', { method: 'POST' }))).toMatchObject({
      success: false,
      error: 'Kein Schlüssel für OpenAI hinterlegt.',
    });
  } finally {
    await other.close();
  }
});
