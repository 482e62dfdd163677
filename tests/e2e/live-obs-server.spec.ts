import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { expect, test } from '@playwright/test';
import { OBSWebSocket } from 'obs-websocket-js/json';
import { OBS_SCENES, OBS_TEXT_SOURCE, startObs, type ObsHarness } from '../obs/obs-harness';

// A broadcast through the server: the Newsdesk server (npm start's server) serving the built PWA and /api,
// holding the obs-websocket connection to a REAL OBS Studio (tests/obs/obs-harness.ts); the browser never talks to OBS.
// Ports from the obs-server range: OBS 4324, RTMP 4325, the desk 4326.

const TOKEN = 'e2e-obs-server-token-0123456789';
const PASSWORD = 'e2e-obs-server-5b1c';
const DIST = path.resolve(process.env.E2E_DIST ?? 'dist');
// Overridable so that parallel sessions on one machine each keep to their own ports.
const DESK_PORT = Number(process.env.OBS_E2E_DESK_PORT ?? 4326);
const OBS_PORTS = {
  ws: Number(process.env.OBS_E2E_WS_PORT ?? 4324),
  rtmp: Number(process.env.OBS_E2E_RTMP_PORT ?? 4325),
};

test.describe.configure({ mode: 'serial', timeout: 180_000 });
test.use({ serviceWorkers: 'block' });

let obs: ObsHarness | undefined;
let observer: OBSWebSocket | undefined;
let desk: ChildProcess | undefined;
let deskOutput = '';
let dataDir = '';

function client(): OBSWebSocket {
  if (!observer) throw new Error('node-side obs-websocket client is not connected');
  return observer;
}

test.beforeAll(async () => {
  test.setTimeout(150_000);
  obs = await startObs({ password: PASSWORD, ports: OBS_PORTS });
  observer = new OBSWebSocket();
  observer.on('ConnectionError', () => undefined);
  await observer.connect(`ws://${obs.host}:${obs.port}`, PASSWORD, { rpcVersion: 1 });
  dataDir = await mkdtemp(path.join(os.tmpdir(), 'newsdesk-e2e-obs-'));
  const child = spawn(process.execPath, ['--import', 'tsx', 'server/main.ts'], {
    env: {
      ...process.env,
      NEWSDESK_TOKEN: TOKEN,
      NEWSDESK_DIST_DIR: DIST,
      HOST: '127.0.0.1',
      PORT: String(DESK_PORT),
      NEWSDESK_DATA_DIR: dataDir,
      OBS_URL: `ws://${obs.host}:${obs.port}`,
      OBS_PASSWORD: PASSWORD,
      OBS_NAME: 'Studio',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  desk = child;
  await new Promise<void>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`Server startet nicht:\n${deskOutput}`)), 90_000);
    const onData = (chunk: Buffer) => {
      deskOutput += chunk.toString();
      // Ready when it serves and holds the OBS connection.
      if (/Newsdesk läuft/.test(deskOutput) && /\[obs:Studio\] verbunden/.test(deskOutput)) {
        clearTimeout(timer);
        resolve();
      }
    };
    child.stdout?.on('data', onData);
    child.stderr?.on('data', onData);
    child.once('exit', (code) => reject(new Error(`Server beendet (${code}):\n${deskOutput}`)));
  });
});

test.afterAll(async () => {
  try {
    const status = await observer?.call('GetStreamStatus').catch(() => null);
    if (status?.outputActive) await observer?.call('StopStream').catch(() => undefined);
    await observer?.disconnect();
  } finally {
    if (desk && desk.exitCode === null) {
      const exited = new Promise<void>((resolve) => desk?.once('exit', () => resolve()));
      desk.kill('SIGTERM');
      await exited;
    }
    await obs?.stop();
    if (dataDir) await rm(dataDir, { recursive: true, force: true });
  }
});

test('a broadcast through the server: connect, switch scene, quick text, start/stop stream, an OBS-side switch shows', async ({
  page,
}) => {
  const requests: string[] = [];
  page.on('request', (request) => requests.push(request.url()));
  await page.goto(`http://127.0.0.1:${DESK_PORT}/dashboard/live`);
  const dialog = page.getByRole('dialog', { name: 'Zugang zum Newsdesk' });
  await dialog.getByRole('button', { name: 'Mit API-Token anmelden' }).click();
  await dialog.getByLabel('Zugangs-Token').fill(TOKEN);
  await dialog.getByRole('button', { name: 'Anmelden' }).click();
  await expect(dialog).toBeHidden();

  // The server holds an OBS: its config.json makes 'Über den Server' the default; no host or password in the page.
  await expect(page.getByRole('radio', { name: 'Über den Server' })).toBeChecked();
  await expect(page.getByLabel('Password', { exact: true })).toHaveCount(0);
  await page.getByRole('button', { name: 'Connect' }).click();
  await expect(page.getByText('Mit OBS verbunden (Studio über den Server).')).toBeVisible();
  await expect(page.getByTestId('obs-status')).toHaveText('Connected');

  for (const scene of OBS_SCENES)
    await expect(page.getByRole('button', { name: new RegExp(`^${scene}`) })).toBeVisible();
  await page.getByRole('button', { name: /^weather/ }).click();
  await expect
    .poll(async () => (await client().call('GetCurrentProgramScene')).currentProgramSceneName)
    .toBe('weather');
  await expect(page.getByRole('button', { name: /^weather/ })).toHaveAttribute('aria-pressed', 'true');

  // Someone switches in OBS itself: the server's event stream brings it to the console.
  await client().call('SetCurrentProgramScene', { sceneName: 'breaking' });
  await expect(page.getByRole('button', { name: /^breaking/ })).toHaveAttribute('aria-pressed', 'true');

  await page.getByLabel('Text', { exact: true }).fill('Eilmeldung über den Server');
  await page.getByRole('button', { name: 'Send' }).click();
  await expect(page.getByText('Der Text steht jetzt in „AI News Content“.')).toBeVisible();
  await expect
    .poll(async () => (await client().call('GetInputSettings', { inputName: OBS_TEXT_SOURCE })).inputSettings.text)
    .toBe('Eilmeldung über den Server');

  await page.getByRole('button', { name: /Start Stream/ }).click();
  await expect(page.getByRole('button', { name: /Stop Stream/ })).toBeEnabled({ timeout: 15_000 });
  await expect.poll(async () => (await client().call('GetStreamStatus')).outputActive).toBe(true);
  await page.getByRole('button', { name: /Stop Stream/ }).click();
  await expect(page.getByRole('button', { name: /Start Stream/ })).toBeEnabled({ timeout: 15_000 });
  await expect.poll(async () => (await client().call('GetStreamStatus')).outputActive).toBe(false);

  // Admin → OBS WebSocket in server mode: scene and source are picked from the real OBS's lists the server reads.
  await page.goto(`http://127.0.0.1:${DESK_PORT}/dashboard/admin`);
  await page.getByRole('tab', { name: 'OBS WebSocket' }).click();
  await expect(page.getByRole('radio', { name: 'Über den Server' })).toBeChecked();
  const sceneOptions = page.getByLabel('Scene name').locator('option');
  for (const scene of OBS_SCENES)
    await expect(sceneOptions.filter({ hasText: new RegExp(`^${scene}$`) })).toHaveCount(1);
  await expect(page.getByLabel('Source name').locator('option').first()).toHaveText(
    `${OBS_TEXT_SOURCE} (Vorgabe des Servers)`,
  );
  await expect(page.getByLabel('Password', { exact: true })).toHaveCount(0);

  // The browser talked only to the desk (no ws:// to OBS), and the OBS password is nowhere in the page's requests. A
  // blob: address (the page's own list reader) has the desk's origin.
  const origins = new Set(requests.map((url) => new URL(url).origin));
  expect([...origins]).toEqual([`http://127.0.0.1:${DESK_PORT}`]);
  expect(requests.join('\n')).not.toContain(PASSWORD);
  expect(deskOutput).not.toContain(PASSWORD);
});
