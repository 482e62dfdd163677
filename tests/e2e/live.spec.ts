import { expect, test, type Page } from '@playwright/test';
import { seriousViolations } from './axe';

// The Live Broadcast demo in mock mode: obs-websocket-js in the page talks to the simulated OBS
// (src/mocks/obs) through the in-page MSW WebSocket interception; nothing reaches the network.

async function connectDemo(page: Page) {
  await page.goto('/dashboard/live');
  // The simulated OBS's hint (the shell's own 'Demo-Modus' badge is another element).
  await expect(page.getByText(/Demo-Modus: Ein simuliertes OBS antwortet/)).toBeVisible();
  await page.getByLabel('Password', { exact: true }).fill('newsdesk-obs');
  await page.getByRole('button', { name: 'Connect' }).click();
  await expect(page.getByTestId('obs-status')).toHaveText('Connected');
}


test('demo OBS: connect, switch scene, stream with health and viewers, quick text, Telegram, stop', async ({ page }) => {
  const sockets: string[] = [];
  page.on('websocket', (socket) => sockets.push(socket.url()));
  await connectDemo(page);
  await expect(page.getByRole('button', { name: /^main-studio/ })).toHaveAttribute('aria-pressed', 'true');
  await page.getByRole('button', { name: /^weather/ }).click();
  await expect(page.getByRole('button', { name: /^weather/ })).toHaveAttribute('aria-pressed', 'true');

  await page.getByRole('button', { name: /Start Stream/ }).click();
  await expect(page.getByRole('button', { name: /Stop Stream/ })).toBeEnabled();
  await expect(page.getByTestId('health-bitrate')).toHaveText(/^[1-9]\d* kb\/s$/);
  await expect(page.getByTestId('viewer-total')).toHaveText('0');
  await expect(page.getByText('Simulated', { exact: true })).toBeVisible();

  await page.getByRole('button', { name: 'Preset 1' }).click();
  await page.getByLabel('Text', { exact: true }).press('Enter');
  await expect(page.getByText('Der Text steht jetzt in „AI News Content“.')).toBeVisible();

  await page.getByRole('button', { name: /Telegram Notify/ }).click();
  await expect(page.getByText('Live-Benachrichtigung wurde gesendet.')).toBeVisible();

  await page.getByRole('button', { name: /Stop Stream/ }).click();
  await expect(page.getByRole('button', { name: /Start Stream/ })).toBeEnabled();
  await expect(page.getByRole('button', { name: /Telegram Notify/ })).toBeDisabled();
  // The simulated peer answered in the page: the browser opened no real socket.
  expect(sockets).toEqual([]);
});

test('demo OBS: a wrong password is named and not retried', async ({ page }) => {
  await page.goto('/dashboard/live');
  await page.getByLabel('Password', { exact: true }).fill('falsch');
  await page.getByRole('button', { name: 'Connect' }).click();
  await expect(page.getByTestId('obs-status')).toHaveText('Wrong password');
  await expect(page.getByText(/Falsches Passwort/).first()).toBeVisible();
});

// One test per theme: both in one took 26–49 s on CI and ran into the per-test time limit under load.
for (const theme of ['light', 'dark'] as const) {
  test(`scheduled broadcasts are listed and the Live screen has no serious axe violation (${theme})`, async ({ page }) => {
    await page.addInitScript((t) => localStorage.setItem('theme', t), theme);
    await connectDemo(page);
    await expect(page.getByText('Morgen-Update: KI-Nachrichten')).toBeVisible();
    await page.getByRole('button', { name: /Start Stream/ }).click();
    await expect(page.getByTestId('health-bitrate')).toHaveText(/kb\/s$/);
    expect(await seriousViolations(page, { exclude: '[data-sonner-toaster]' })).toEqual([]);
  });
}
