import { expect, test } from '@playwright/test';
import { seriousViolations } from './axe';

test('connect a platform, compose from a template with a live preview, post now and schedule', async ({ page }) => {
  await page.goto('/dashboard/social');
  await expect(page.getByTestId('platform-facebook')).toContainText('Graph API v23');
  await expect(page.getByRole('checkbox', { name: 'Instagram' })).toBeDisabled();
  await page.getByRole('button', { name: 'Connect Instagram' }).click();
  await expect(page.getByTestId('platform-instagram')).toContainText('Connected');
  await page.getByRole('checkbox', { name: 'Instagram' }).click();
  await page.getByRole('checkbox', { name: 'Telegram' }).click();

  await page.getByRole('button', { name: 'Post Now' }).click();
  await expect(page.getByText('Bitte geben Sie Inhalt für den Post ein.')).toBeVisible();

  await page.getByLabel('Vorlage').selectOption({ label: 'Live-Stream' });
  await page.getByLabel('Titel').fill('Regierungserklärung');
  const preview = page.getByRole('region', { name: 'Vorschau Instagram' });
  await expect(preview).toContainText('Wir sind live: Regierungserklärung');
  await expect(preview).toContainText('Zum Stream: https://youtube.com/@newsdesk/live');
  await expect(preview).toContainText('/ 2200');
  await expect(page.getByRole('region', { name: 'Vorschau Telegram' })).toContainText('/ 4096');

  await page.getByRole('button', { name: 'Post Now' }).click();
  // Accepted (202): on its way to each platform until the demo platforms have published it, then the success.
  await expect(page.getByTestId('publishing-instagram')).toHaveText(/Instagram: Wird veröffentlicht …/);
  await expect(page.getByTestId('publishing-telegram')).toHaveText(/Telegram: Wird veröffentlicht …/);
  await expect(page.getByText('Post veröffentlicht', { exact: true })).toHaveCount(0);
  await expect(page.getByText('Gesendet an: Instagram, Telegram.')).toBeVisible();
  await expect(page.getByTestId('publishing-telegram')).toHaveCount(0);
  const sent = await page.evaluate(
    async () => (await (await fetch('http://localhost:3000/api/social/sent')).json()) as { count: number },
  );
  expect(sent.count).toBe(2);

  await page.getByLabel('Inhalt').fill('Wahlabend – alle Ergebnisse');
  await expect(page.getByRole('switch', { name: 'Planen' })).toBeChecked();
  await page.getByLabel('Datum').fill('2031-03-01');
  await page.getByLabel('Uhrzeit').fill('18:30');
  await page.getByRole('button', { name: 'Schedule' }).click();
  await expect(page.getByText('Post geplant', { exact: true })).toBeVisible();
  await page.getByRole('tab', { name: 'Schedule' }).click();
  await expect(page.getByRole('listitem').filter({ hasText: '2031-03-01 18:30' })).toHaveCount(2);
});

for (const theme of ['light', 'dark'] as const) {
  test(`/dashboard/social has no serious or critical axe violation (${theme})`, async ({ page }) => {
    await page.addInitScript((t) => localStorage.setItem('theme', t), theme);
    await page.goto('/dashboard/social');
    await expect(page.getByText('Graph API v23').first()).toBeAttached();
    const bad = await seriousViolations(page);
    expect(bad).toEqual([]);
  });
}
