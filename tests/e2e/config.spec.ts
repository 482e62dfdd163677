import { expect, test } from '@playwright/test';
import { withOperatorToken } from './live-desk';

test.use({ serviceWorkers: 'block' });

test('a malformed config.json shows the German configuration error', async ({ page }) => {
  await page.route('**/config.json', (route) =>
    route.fulfill({ status: 200, contentType: 'application/json', body: '{ "apiMode": "mock", ' }),
  );
  await page.goto('/dashboard');
  const alert = page.getByRole('alert');
  await expect(alert.getByRole('heading', { name: 'Konfigurationsfehler' })).toBeVisible();
  await expect(alert).toContainText('Die Einstellung config.json ist kein gültiges JSON.');
});

test('a config.json with an unknown apiMode names the field', async ({ page }) => {
  await page.route('**/config.json', (route) =>
    route.fulfill({
      status: 200,
      contentType: 'application/json',
      body: JSON.stringify({ apiMode: 'demo', apiBaseUrl: 'https://api.example.test/api' }),
    }),
  );
  await page.goto('/');
  await expect(page.getByRole('alert')).toContainText('Die Einstellung config.json ist ungültig (apiMode).');
});

const databases = (page: import('@playwright/test').Page) =>
  page.evaluate(async () => (await indexedDB.databases()).map((d) => d.name));

test('without config.json a fresh browser runs the demo: a visible Demo-Modus badge, and its data in newsdesk-demo, never in newsdesk', async ({
  page,
}) => {
  await page.route('**/config.json', (route) => route.fulfill({ status: 404, body: '' }));
  await page.goto('/dashboard');
  await expect(page.getByTestId('sidebar-desktop').getByText('Demo-Modus')).toBeVisible();
  await expect.poll(() => databases(page), { timeout: 15_000 }).toContain('newsdesk-demo');
  expect(await databases(page)).not.toContain('newsdesk');
});

test('a browser that has run live keeps its last live setting when config.json is gone, and says so', async ({
  page,
}) => {
  const live = { apiMode: 'live', apiBaseUrl: 'http://127.0.0.1:9/api' };
  await withOperatorToken(page);
  await page.route('**/config.json', (route) =>
    route.fulfill({ status: 200, contentType: 'application/json', body: JSON.stringify(live) }),
  );
  await page.goto('/dashboard');
  await expect(page.getByRole('heading', { level: 1, name: 'Dashboard' })).toBeVisible();
  await expect(page.getByText('Demo-Modus')).toHaveCount(0);
  // The live setting is remembered in Cache Storage before the next start.
  await expect
    .poll(() =>
      page.evaluate(async () =>
        (await (await caches.open('newsdesk-deployment')).keys()).map((r) => new URL(r.url).pathname),
      ),
    )
    .toContain('/newsdesk/last-live-config.json');

  await page.unroute('**/config.json');
  await page.route('**/config.json', (route) => route.fulfill({ status: 404, body: '' }));
  const scripts: string[] = [];
  const apiCalls: string[] = [];
  page.on('request', (r) => {
    if (r.resourceType() === 'script') scripts.push(r.url());
    if (r.url().startsWith('http://127.0.0.1:9/api/')) apiCalls.push(r.url());
  });
  await page.reload();
  await expect(
    page.getByRole('status').filter({
      hasText:
        'Die Einstellung der Bereitstellung konnte nicht geladen werden – die letzte Live-Einstellung wird verwendet.',
    }),
  ).toBeVisible();
  await expect(page.getByText('Demo-Modus')).toHaveCount(0);
  // Calls still go to the live backend, and no mock code is loaded.
  await expect.poll(() => apiCalls.length).toBeGreaterThan(0);
  expect(scripts.filter((u) => /mock-network/.test(u))).toEqual([]);
  expect(await databases(page)).not.toContain('newsdesk-demo');
});
