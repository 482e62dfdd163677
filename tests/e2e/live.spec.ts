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

test('demo OBS: connect, switch scene, stream with health and viewers, quick text, Telegram, stop', async ({
  page,
}) => {
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
  test(`scheduled broadcasts are listed and the Live screen has no serious axe violation (${theme})`, async ({
    page,
  }) => {
    await page.addInitScript((t) => localStorage.setItem('theme', t), theme);
    await connectDemo(page);
    await expect(page.getByText('Morgen-Update: KI-Nachrichten')).toBeVisible();
    await page.getByRole('button', { name: /Start Stream/ }).click();
    await expect(page.getByTestId('health-bitrate')).toHaveText(/kb\/s$/);
    expect(await seriousViolations(page, { exclude: '[data-sonner-toaster]' })).toEqual([]);
  });
}

test('demo: a story published today is in the rundown, and „Auf Sendung“ puts its headline on air', async ({
  page,
}) => {
  const headline = 'Notenbank senkt überraschend die Zinsen';
  await page.goto('/dashboard/ai-news');
  await page.getByLabel('Status').selectOption('draft');
  await page
    .getByTestId('news-row')
    .filter({ hasText: headline })
    .getByRole('button', { name: /Aktionen für/ })
    .click();
  await page.getByRole('menuitem', { name: 'Publish' }).click();
  await expect(page.getByText(`„${headline}“ ist jetzt veröffentlicht.`)).toBeVisible();

  // Within the same page: the demo keeps its data for the session.
  await page.getByRole('link', { name: 'Live Broadcast' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Live Broadcast' })).toBeVisible();
  const story = page.getByTestId('rundown-story').filter({ hasText: headline });
  await expect(story).toBeVisible();
  // The sample stories published on other days are not in today's rundown.
  await expect(page.getByTestId('rundown-story')).toHaveCount(1);
  await expect(story.getByRole('button', { name: /^Auf Sendung/ })).toBeDisabled();

  await page.getByLabel('Password', { exact: true }).fill('newsdesk-obs');
  await page.getByRole('button', { name: 'Connect' }).click();
  await expect(page.getByTestId('obs-status')).toHaveText('Connected');
  await story.getByRole('button', { name: /^Auf Sendung/ }).click();
  await expect(page.getByText(`„${headline}“ steht jetzt in „AI News Content“.`)).toBeVisible();
  expect(await seriousViolations(page, { exclude: '[data-sonner-toaster]' })).toEqual([]);
});
