import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { expect, test } from '@playwright/test';
import { AZURE_KEY, startAzureSpeech } from '../fakes/azure-speech';
import { startElevenLabs } from '../fakes/elevenlabs';
import type { Fake } from '../fakes/fake-http';
import { DESK_TOKEN, signInToDesk, startDesk, type Desk } from './desk';

// Admin → API Keys and speech on a live desk: the Newsdesk server (as in server.spec.ts) with ElevenLabs and Azure
// Speech fakes on ports of this area (4331, 4332; the desk on 4335).
const ELEVEN_KEY = 'xi-e2e-SECRETkey-7f3a9c';

test.use({ serviceWorkers: 'block' });
test.describe.configure({ mode: 'serial', timeout: 180_000 });

let dataDir: string;
let desk: Desk;
let eleven: Fake;
let azure: Fake;

test.beforeAll(async () => {
  // A first start migrates a fresh embedded database: slow on a loaded machine.
  test.setTimeout(150_000);
  dataDir = await mkdtemp(path.join(os.tmpdir(), 'newsdesk-e2e-keys-'));
  [eleven, azure] = await Promise.all([startElevenLabs(4331, ELEVEN_KEY), startAzureSpeech(4332)]);
  // Azure's key comes from the environment (a headless desk); ElevenLabs' is saved in Admin by the test.
  desk = await startDesk({
    PORT: '4335',
    NEWSDESK_DATA_DIR: dataDir,
    ELEVENLABS_API_URL: eleven.url,
    AZURE_SPEECH_URL: azure.url,
    AZURE_SPEECH_KEY: AZURE_KEY,
  });
});
test.afterAll(async () => {
  await desk?.stop();
  await Promise.all([eleven?.close(), azure?.close()]);
  await rm(dataDir, { recursive: true, force: true });
});

test('a key saved in Admin goes to the server once; after a reload only its masked form shows, and no other request or answer carries it', async ({
  page,
}) => {
  const leaks: string[] = [];
  page.on('request', (request) => {
    const isSave = request.method() === 'PUT' && request.url().endsWith('/api/keys/elevenlabs');
    if (
      !isSave &&
      `${request.url()} ${JSON.stringify(request.headers())} ${request.postData() ?? ''}`.includes(ELEVEN_KEY)
    )
      leaks.push(`request ${request.method()} ${request.url()}`);
  });
  page.on('response', async (response) => {
    const body = await response.text().catch(() => '');
    if (body.includes(ELEVEN_KEY)) leaks.push(`response ${response.url()}`);
  });
  await signInToDesk(page, desk.url, '/dashboard/admin/settings');
  await page.getByRole('tab', { name: 'API Keys' }).click();
  await expect(page.getByTestId('key-storage')).toHaveText(
    'Schlüssel werden verschlüsselt auf dem Server gespeichert.',
  );
  const row = page.getByTestId('service-elevenlabs');
  await row.getByLabel('ElevenLabs API Key').fill(ELEVEN_KEY);
  await row.getByRole('button', { name: 'Save ElevenLabs' }).click();
  await expect(page.getByText('API-Schlüssel gespeichert', { exact: true })).toBeVisible();
  await expect(row.getByTestId('saved-elevenlabs')).toHaveText('xi-…3a9c');
  await expect(page.getByTestId('saved-azure')).toHaveText('az-…cdef (aus der Server-Umgebung)');

  await page.reload();
  await page.getByRole('tab', { name: 'API Keys' }).click();
  const again = page.getByTestId('service-elevenlabs');
  await expect(again.getByTestId('saved-elevenlabs')).toHaveText('xi-…3a9c');
  await page.getByRole('button', { name: 'Show keys' }).click();
  await expect(again.getByTestId('saved-elevenlabs')).toHaveText('xi-…3a9c');

  // Test with nothing typed: the server tests its stored key against the provider and keeps the result.
  eleven.requests.length = 0;
  await again.getByRole('button', { name: 'Test ElevenLabs' }).click();
  await expect(page.getByText('API Test erfolgreich', { exact: true })).toBeVisible();
  await expect(again.getByTestId('status-elevenlabs')).toHaveText('online');
  expect(eleven.requests.filter((r) => r.path === '/v1/user').map((r) => r.headers['xi-api-key'])).toContain(
    ELEVEN_KEY,
  );

  expect(leaks).toEqual([]);
  // Nothing in the browser's storage: web storage and every IndexedDB store of every database.
  const stored = await page.evaluate(async () => {
    const dump: unknown[] = [{ ...localStorage }, { ...sessionStorage }];
    const names: string[] = [];
    for (const info of await indexedDB.databases()) {
      names.push(info.name ?? '');
      const db = await new Promise<IDBDatabase>((resolve, reject) => {
        const open = indexedDB.open(info.name ?? '');
        open.onsuccess = () => resolve(open.result);
        open.onerror = () => reject(open.error);
      });
      for (const name of Array.from(db.objectStoreNames)) {
        dump.push(
          await new Promise((resolve) => {
            const all = db.transaction(name).objectStore(name).getAll();
            all.onsuccess = () => resolve(all.result);
          }),
        );
      }
      db.close();
    }
    return { names, text: JSON.stringify(dump) };
  });
  expect(stored.names).toContain('newsdesk');
  expect(stored.text).not.toContain(ELEVEN_KEY);
});

test("speech: the primary fails (500, then 429 on its retry) and the backup takes over, with the spec's texts in the error log", async ({
  page,
}) => {
  await signInToDesk(page, desk.url, '/dashboard/admin/settings');
  await page.getByRole('tab', { name: 'API Keys' }).click();
  eleven.failNext(500);
  eleven.failNext(429);
  azure.requests.length = 0;
  await page.getByRole('button', { name: 'Test-Sprachausgabe' }).click();
  await expect(page.getByText('Sprachausgabe erfolgreich', { exact: true })).toBeVisible({ timeout: 20_000 });
  await expect(page.getByTestId('tts-spoken-by')).toHaveText('Gesprochen von Azure Speech');
  await expect(page.getByTestId('tts-last')).toContainText('Azure Speech');
  // The backup's audio is handed to the player (the page's CSP keeps blob: out of fetch, so its address is checked).
  await expect(page.getByTestId('tts-audio')).toHaveAttribute('src', /^blob:/);
  expect(azure.requests.filter((r) => r.method === 'POST' && r.path === '/cognitiveservices/v1')).toHaveLength(1);
  expect(eleven.requests.filter((r) => r.method === 'POST' && r.path.startsWith('/v1/text-to-speech/'))).toHaveLength(
    2,
  );

  await page.getByRole('tab', { name: 'Error Logs' }).click();
  const entry = page.getByTestId('error-entry').filter({ hasText: 'TTS failed: Service Unavailable' });
  await expect(entry).toHaveCount(1);
  await expect(entry).toContainText('ElevenLabs');
});

test('Switch on a live desk writes the roles to the server: they survive a reload, and speech goes to the new primary first', async ({
  page,
  request,
}) => {
  await signInToDesk(page, desk.url, '/dashboard/admin/settings');
  await page.getByRole('tab', { name: 'API Keys' }).click();
  await expect(page.getByTestId('tts-primary')).toHaveText('ElevenLabs');
  await page.getByRole('button', { name: 'Switch', exact: true }).click();
  await expect(page.getByTestId('tts-primary')).toHaveText('Azure Speech');
  const settings = await request.get(`${desk.url}/api/settings`, {
    headers: { Authorization: `Bearer ${DESK_TOKEN}` },
  });
  expect((await settings.json()) as unknown).toMatchObject({ ttsRoles: { primary: 'azure', backup: 'elevenlabs' } });

  await page.reload();
  await page.getByRole('tab', { name: 'API Keys' }).click();
  await expect(page.getByTestId('tts-primary')).toHaveText('Azure Speech');
  eleven.requests.length = 0;
  azure.requests.length = 0;
  await page.getByRole('button', { name: 'Test-Sprachausgabe' }).click();
  await expect(page.getByTestId('tts-spoken-by')).toHaveText('Gesprochen von Azure Speech');
  expect(azure.requests.filter((r) => r.method === 'POST' && r.path === '/cognitiveservices/v1')).toHaveLength(1);
  expect(eleven.requests.filter((r) => r.method === 'POST')).toHaveLength(0);
});

test('a desk without any TTS key: Test-Sprachausgabe speaks with the embedded eSpeak-NG and says so', async ({
  page,
}) => {
  test.setTimeout(180_000);
  const bareDir = await mkdtemp(path.join(os.tmpdir(), 'newsdesk-e2e-nokeys-'));
  const bare = await startDesk({
    PORT: '0',
    NEWSDESK_DATA_DIR: bareDir,
    ELEVENLABS_API_URL: eleven.url,
    AZURE_SPEECH_URL: azure.url,
  });
  try {
    eleven.requests.length = 0;
    azure.requests.length = 0;
    await signInToDesk(page, bare.url, '/dashboard/admin/settings');
    await page.getByRole('tab', { name: 'API Keys' }).click();
    await page.getByRole('button', { name: 'Test-Sprachausgabe' }).click();
    await expect(page.getByTestId('tts-spoken-by')).toHaveText('Gesprochen von eSpeak-NG (eingebettet)', {
      timeout: 30_000,
    });
    await expect(page.getByTestId('tts-last')).toContainText('eSpeak-NG (eingebettet)');
    await expect(page.getByTestId('tts-audio')).toHaveAttribute('src', /^blob:/);
    expect([...eleven.requests, ...azure.requests].filter((r) => r.method === 'POST')).toEqual([]);
  } finally {
    await bare.stop();
    await rm(bareDir, { recursive: true, force: true });
  }
});
