import { expect, test } from '@playwright/test';

test.use({ serviceWorkers: 'block' });

test('a malformed config.json shows the German configuration error', async ({ page }) => {
  await page.route('**/config.json', (route) => route.fulfill({ status: 200, contentType: 'application/json', body: '{ "apiMode": "mock", ' }));
  await page.goto('/dashboard');
  const alert = page.getByRole('alert');
  await expect(alert.getByRole('heading', { name: 'Konfigurationsfehler' })).toBeVisible();
  await expect(alert).toContainText('Die Einstellung config.json ist kein gültiges JSON.');
});

test('a config.json with an unknown apiMode names the field', async ({ page }) => {
  await page.route('**/config.json', (route) => route.fulfill({ status: 200, contentType: 'application/json', body: JSON.stringify({ apiMode: 'demo', apiBaseUrl: 'https://api.example.test/api' }) }));
  await page.goto('/');
  await expect(page.getByRole('alert')).toContainText('Die Einstellung config.json ist ungültig (apiMode).');
});
