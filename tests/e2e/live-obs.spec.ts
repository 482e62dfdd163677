import { expect, test } from '@playwright/test';
import { OBSWebSocket } from 'obs-websocket-js/json';
import { OBS_SCENES, OBS_TEXT_SOURCE, startObs, type ObsHarness } from '../obs/obs-harness';
import { withOperatorToken } from './live-desk';

// The Live Broadcast screen in live mode (no mocks) against a REAL OBS Studio 29 with obs-websocket 5,
// started headless by tests/obs/obs-harness.ts (Debian: obs-studio xvfb nginx libnginx-mod-rtmp).
// startObs() throws and names the missing packages when OBS cannot run here; the test then fails, never skips.

const PASSWORD = 'e2e-live-obs-7f3a';

test.describe.configure({ mode: 'serial', timeout: 120_000 });
// config.json is routed per page; the PWA worker must not answer it from its cache instead.
test.use({ serviceWorkers: 'block' });

let obs: ObsHarness | undefined;
let observer: OBSWebSocket | undefined;

function harness(): ObsHarness {
  if (!obs) throw new Error('OBS harness did not start');
  return obs;
}

function client(): OBSWebSocket {
  if (!observer) throw new Error('node-side obs-websocket client is not connected');
  return observer;
}

test.beforeAll(async () => {
  test.setTimeout(90_000);
  obs = await startObs({ password: PASSWORD });
  observer = new OBSWebSocket();
  observer.on('ConnectionError', () => undefined);
  await observer.connect(`ws://${obs.host}:${obs.port}`, obs.password, { rpcVersion: 1 });
});

test.afterAll(async () => {
  try {
    if (observer) {
      const status = await observer.call('GetStreamStatus').catch(() => null);
      if (status?.outputActive) await observer.call('StopStream').catch(() => undefined);
      await observer.disconnect();
    }
  } finally {
    // Kills Xvfb, nginx and OBS by the process groups it started and removes its temp dir.
    await obs?.stop();
  }
});

test('Live screen drives a real OBS: connect, switch scene, stream with health, quick text, stop', async ({ page }) => {
  const { host, port } = harness();
  const consoleLines: string[] = [];
  page.on('console', (message) => consoleLines.push(message.text()));
  const requests: string[] = [];
  page.on('request', (request) => requests.push(request.url()));
  await withOperatorToken(page);
  await page.route('**/config.json', (route) =>
    route.fulfill({ json: { apiMode: 'live', apiBaseUrl: 'http://127.0.0.1:9/api' } }),
  );

  await page.goto('/dashboard/live');
  await expect(page.getByRole('heading', { name: 'Live Broadcast', level: 1 })).toBeVisible();
  // Live mode: no demo hint, no simulated peer.
  await expect(page.getByText(/Demo-Modus/)).toHaveCount(0);

  await page.getByLabel('Host', { exact: true }).fill(host);
  await page.getByLabel('Port', { exact: true }).fill(String(port));
  await page.getByLabel('Password', { exact: true }).fill(PASSWORD);
  await page.getByRole('button', { name: 'Connect' }).click();
  await expect(page.getByTestId('obs-status')).toHaveText('Connected', { timeout: 15_000 });

  // Scenes are OBS's own (GetSceneList), in OBS's list order.
  for (const scene of OBS_SCENES)
    await expect(page.getByRole('button', { name: new RegExp(`^${scene}`) })).toBeVisible();
  await expect(page.getByRole('button', { name: /^main-studio/ })).toHaveAttribute('aria-pressed', 'true');

  await page.getByRole('button', { name: /^weather/ }).click();
  await expect
    .poll(async () => (await client().call('GetCurrentProgramScene')).currentProgramSceneName)
    .toBe('weather');
  await expect(page.getByRole('button', { name: /^weather/ })).toHaveAttribute('aria-pressed', 'true');

  // Someone switches in OBS itself: the screen follows CurrentProgramSceneChanged.
  await client().call('SetCurrentProgramScene', { sceneName: 'main-studio' });
  await expect(page.getByRole('button', { name: /^main-studio/ })).toHaveAttribute('aria-pressed', 'true');

  await page.getByRole('button', { name: /Start Stream/ }).click();
  await expect(page.getByRole('button', { name: /Stop Stream/ })).toBeEnabled({ timeout: 20_000 });
  await expect.poll(async () => (await client().call('GetStreamStatus')).outputActive).toBe(true);
  await expect(page.getByTestId('stream-phase')).toHaveText('Live');
  // Health from GetStreamStatus + GetStats, polled about once a second.
  await expect(page.getByTestId('health-bitrate')).toHaveText(/^[1-9]\d* kb\/s$/, { timeout: 15_000 });
  await expect(page.getByTestId('health-duration')).toHaveText(/^00:00:\d\d$/);
  await expect(page.getByTestId('health-fps')).toHaveText(/^\d+\.\d$/);
  await expect(page.getByTestId('health-cpu')).toHaveText(/^\d+\.\d %$/);
  await expect(page.getByTestId('health-dropped-frames')).toHaveText(/^\d+ \/ \d+ \(/);
  await expect(page.getByRole('button', { name: /Telegram Notify/ })).toBeEnabled();

  const text = `Eilmeldung ${Date.now()}`;
  await page.getByLabel('Text', { exact: true }).fill(text);
  await page.getByLabel('Text', { exact: true }).press('Enter');
  await expect
    .poll(async () => (await client().call('GetInputSettings', { inputName: OBS_TEXT_SOURCE })).inputSettings.text)
    .toBe(text);
  await expect(page.getByText(`Der Text steht jetzt in „${OBS_TEXT_SOURCE}“.`)).toBeVisible();

  await page.getByRole('button', { name: /Stop Stream/ }).click();
  await expect(page.getByRole('button', { name: /Start Stream/ })).toBeEnabled({ timeout: 20_000 });
  await expect.poll(async () => (await client().call('GetStreamStatus')).outputActive).toBe(false);
  await expect(page.getByTestId('health-bitrate')).toHaveCount(0);

  // The password never reached the console or a URL.
  expect(consoleLines.join('\n')).not.toContain(PASSWORD);
  expect(requests.join('\n')).not.toContain(PASSWORD);
});

test('a wrong password against the real OBS says so and is not retried', async ({ page }) => {
  const { host, port } = harness();
  const sockets: string[] = [];
  page.on('websocket', (socket) => sockets.push(socket.url()));
  await withOperatorToken(page);
  await page.route('**/config.json', (route) =>
    route.fulfill({ json: { apiMode: 'live', apiBaseUrl: 'http://127.0.0.1:9/api' } }),
  );
  // The page's timers on a clock that runs as usual until the test jumps it past every reconnect back-off.
  await page.clock.install();
  await page.goto('/dashboard/live');
  await page.getByLabel('Host', { exact: true }).fill(host);
  await page.getByLabel('Port', { exact: true }).fill(String(port));
  await page.getByLabel('Password', { exact: true }).fill('definitely-wrong');
  await page.getByRole('button', { name: 'Connect' }).click();
  await expect(page.getByTestId('obs-status')).toHaveText('Wrong password', { timeout: 15_000 });
  await expect(page.getByText('Verbindung fehlgeschlagen')).toBeVisible();
  // Two minutes pass at once: a reconnect timer of any back-off would fire now and open a second socket.
  await page.clock.runFor(120_000);
  await expect(page.getByTestId('obs-status')).toHaveText('Wrong password');
  expect(sockets).toHaveLength(1);
});
