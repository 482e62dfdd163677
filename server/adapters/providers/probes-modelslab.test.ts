// Key tests of ModelsLab (its free wallet_balance call, key in the JSON body) and VidAU (no free call documented: the
// server says so in German instead of pretending) against the ModelsLab fake.
import { afterAll, beforeAll, expect, test } from 'vitest';
import { startModelsLabFake, type ModelsLabFake } from '../../../tests/fakes/modelslab';
import { contractBody, createTestApp, type TestApp } from '../../testing';
import { createCredentials } from './credentials';

const KEY = 'ml-key-probe-123456';
let t: TestApp;
let modelslab: ModelsLabFake;

beforeAll(async () => {
  modelslab = await startModelsLabFake(0, { apiKey: KEY });
  t = await createTestApp({
    credentials: createCredentials({ MODELSLAB_API_URL: `${modelslab.url}/api`, MODELSLAB_API_KEY: KEY }),
  });
});
afterAll(async () => {
  await t?.close();
  await modelslab?.close();
});

test('ModelsLab: the server key is tested with POST /api/wallet_balance {key}, which costs nothing', async () => {
  const result = await contractBody('test.service', await t.call('/test/modelslab'));
  expect(result).toMatchObject({ success: true, status: 'online' });
  const sent = modelslab.requests.at(-1);
  expect(sent).toMatchObject({ method: 'POST', path: '/api/wallet_balance', body: { key: KEY } });
  expect(sent?.headers['content-type']).toBe('application/json');
  // No video job was started by the test.
  expect(modelslab.requests.some((r) => r.path.includes('text2video'))).toBe(false);
});

test("ModelsLab: a wrong key (refused with HTTP 200 {status:'error'}) is offline with the reason, never the key", async () => {
  const response = await t.call('/test/modelslab', { headers: { 'X-Api-Key': 'ml-falscher-schluessel' } });
  const text = await response.clone().text();
  const result = await contractBody('test.service', response);
  expect(result).toMatchObject({
    success: false,
    status: 'offline',
    error: 'ModelsLab hat den Schlüssel abgelehnt: Invalid Api Key',
  });
  expect(modelslab.requests.at(-1)?.body).toEqual({ key: 'ml-falscher-schluessel' });
  expect(text).not.toContain('ml-falscher-schluessel');
});

test('VidAU: no free authenticated call is documented, so the test says so in German and calls nothing', async () => {
  const before = modelslab.requests.length;
  const result = await contractBody(
    'test.service',
    await t.call('/test/vidau', { headers: { 'X-Api-Key': 'va-key-000000000' } }),
  );
  expect(result).toMatchObject({
    success: false,
    error:
      'Für VidAU gibt es keinen Schlüsseltest über eine kostenlose Abfrage; der Schlüssel wird beim ersten Auftrag geprüft.',
  });
  expect(modelslab.requests.length).toBe(before);
});
