import { readFile } from 'node:fs/promises';
import { expect, test, type Page } from '@playwright/test';
import { seriousViolations } from './axe';
import { openWithMockHooks } from './open-screen';

// Admin Settings journeys on the production build in mock mode.

const KEY = 'sk-e2e-eleven-SECRET-5678';

async function openAdmin(page: Page, search = '') {
  await page.goto(`/dashboard/admin${search}`);
  await expect(page.getByRole('heading', { name: 'Admin Settings', level: 1 })).toBeVisible();
}

function service(page: Page, id: string) {
  return page.getByTestId(`service-${id}`);
}

test('a saved key is kept after a reload, masked, and shown only on purpose', async ({ page }) => {
  await openAdmin(page);
  const row = service(page, 'elevenlabs');
  await row.getByLabel('ElevenLabs API Key').fill(KEY);
  await row.getByRole('button', { name: 'Save ElevenLabs' }).click();
  await expect(page.getByText('API-Schlüssel gespeichert')).toBeVisible();
  await expect(page.getByTestId('persistence')).toBeVisible();

  await page.reload();
  await expect(service(page, 'elevenlabs').getByTestId('saved-elevenlabs')).toHaveText('••••5678');
  expect(await page.content()).not.toContain(KEY);
  await page.getByRole('button', { name: 'Show keys' }).click();
  await expect(service(page, 'elevenlabs').getByTestId('saved-elevenlabs')).toHaveText(KEY);

  // The same screen on the second path.
  await page.goto('/dashboard/admin/settings');
  await expect(page.getByRole('heading', { name: 'Admin Settings', level: 1 })).toBeVisible();
  await expect(service(page, 'elevenlabs').getByTestId('saved-elevenlabs')).toHaveText('••••5678');
});

test('a broken service fills the error log and opens its breaker; after the cool-down a Retry resolves the entry; export is readable and secret-free', async ({
  page,
}) => {
  await page.clock.install();
  await openAdmin(page);
  // Wait for the first health round, so that the broken handlers below are what the next calls meet.
  await expect(page.getByTestId('status-tavus')).toHaveText('online');

  await page.evaluate(() => {
    const m = window.__newsdeskMocks;
    if (!m) throw new Error('mock hooks missing');
    const down = () =>
      m.HttpResponse.json({ message: 'Tavus down' }, { status: 503, statusText: 'Service Unavailable' });
    m.use(m.http.get('*/api/test/tavus', down), m.http.get('*/api/health/tavus', down));
  });

  const row = service(page, 'tavus');
  await row.getByLabel('Tavus API Key').fill('tavus-e2e-SECRET-0001');
  await row.getByRole('button', { name: 'Save Tavus' }).click();
  for (let i = 0; i < 5; i += 1) {
    await row.getByRole('button', { name: 'Test Tavus' }).click();
    await expect(row.getByRole('button', { name: 'Test Tavus' })).toBeEnabled();
  }
  await expect(page.getByTestId('status-tavus')).toHaveText('offline');

  await page.getByRole('tab', { name: 'Error Logs' }).click();
  const entries = page.getByTestId('error-entry');
  // Five identical failed tests fold into one entry with its count; the breaker's own entry stands apart
  // (SPEC §8: 'Circuit breaker opened after {n} failures'). The health poll may add its own entry.
  // Found by its count line: a Retry rewrites the entry's message, not that it occurred five times.
  const failures = entries.filter({ hasText: 'aufgetreten' });
  await expect(failures).toHaveCount(1);
  await expect(failures).toContainText('5× aufgetreten');
  await expect(failures).toContainText('API request failed with status 503');
  await expect(failures).toContainText('Tavus');
  await expect(failures).toContainText('Active');
  await expect(entries.filter({ hasText: 'Circuit breaker opened after 5 failures' })).toHaveCount(1);
  expect(Number(await page.getByTestId('count-active').textContent())).toBeGreaterThanOrEqual(2);
  await expect(page.getByTestId('breaker-state-tavus')).toHaveText('open');
  await expect(page.getByTestId('breaker-tavus')).toContainText('Failures: 5/5');

  // The service recovers, but the open breaker sends nothing until the cool-down is over.
  await page.evaluate(() => window.__newsdeskMocks?.resetHandlers());
  await failures.getByRole('button', { name: 'Retry Tavus' }).click();
  await expect(page.getByText('Erneuter Versuch fehlgeschlagen')).toBeVisible();
  await expect(failures).toContainText('Active');
  await expect(page.getByTestId('breaker-state-tavus')).toHaveText('open');

  await page.clock.fastForward(61_000);
  await expect(page.getByTestId('breaker-state-tavus')).not.toHaveText('open');
  await failures.getByRole('button', { name: 'Retry Tavus' }).click();
  await expect(page.getByText('Erneuter Versuch erfolgreich')).toBeVisible();
  await expect(failures).toContainText('Resolved');
  await expect(page.getByTestId('breaker-state-tavus')).toHaveText('closed');
  await expect(page.getByTestId('count-resolved')).not.toHaveText('0');

  const [download] = await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('button', { name: 'Export' }).click(),
  ]);
  expect(download.suggestedFilename()).toMatch(/^error-log-\d{4}-\d{2}-\d{2}\.json$/);
  const text = await readFile(await download.path(), 'utf8');
  const file = JSON.parse(text) as {
    date: string;
    statistics: { total: number; resolved: number; byService: Record<string, number> };
    logs: Array<{ service: string }>;
  };
  expect(Number.isNaN(Date.parse(file.date))).toBe(false);
  expect(file.statistics.total).toBe(file.logs.length);
  expect(file.statistics.resolved).toBeGreaterThanOrEqual(1);
  expect(file.statistics.byService.tavus).toBeGreaterThanOrEqual(2);
  expect(text).not.toContain('tavus-e2e-SECRET-0001');
});

test('Switch swaps the TTS roles, survives a reload, and the test speech shows who served it', async ({ page }) => {
  await openAdmin(page);
  await expect(page.getByTestId('tts-primary')).toHaveText('ElevenLabs');
  await page.getByRole('button', { name: 'Switch', exact: true }).click();
  await expect(page.getByTestId('tts-primary')).toHaveText('Azure Speech');
  await page.reload();
  await expect(page.getByTestId('tts-primary')).toHaveText('Azure Speech');
  await page.getByRole('button', { name: 'Test-Sprachausgabe' }).click();
  await expect(page.getByTestId('tts-last')).toContainText('Azure Speech');
});

test('OAuth connect in mock mode completes through our own callback page', async ({ page }) => {
  await openAdmin(page, '?tab=social');
  const card = page.getByTestId('platform-instagram');
  await expect(card.getByText('Disconnected')).toBeVisible();
  const popupPromise = page.waitForEvent('popup');
  await card.getByRole('button', { name: 'Connect Instagram with OAuth' }).click();
  const popup = await popupPromise;
  // The popup may close itself before this line runs (a 'close' event already gone would be waited for in vain).
  await expect.poll(() => popup.isClosed(), { timeout: 30_000 }).toBe(true);
  await expect(page.getByText('Instagram verbunden')).toBeVisible();
  await expect(card.getByText('Connected', { exact: true })).toBeVisible();
});

for (const [tab, ready] of [
  ['api-keys', 'AI'],
  ['errors', 'Circuit breakers'],
  ['system', 'Workflow webhook'],
  ['users', 'Users'],
  ['audit', 'Protokoll'],
  ['social', 'Instagram'],
] as const) {
  test(`the ${tab} tab has no serious or critical axe violation`, async ({ page }) => {
    await openAdmin(page, `?tab=${tab}`);
    await expect(page.getByRole('heading', { name: ready, exact: true }).first()).toBeVisible();
    const bad = await seriousViolations(page);
    expect(bad).toEqual([]);
  });
}

test('a mock scenario keeps its data in a database of its own: nothing it saves or logs reaches the operator', async ({
  page,
}) => {
  // In the error scenario every /api call fails: its health checks and a saved key stay in that scenario's database.
  await openAdmin(page, '?scenario=error');
  const scenarioRow = service(page, 'elevenlabs');
  await scenarioRow.getByLabel('ElevenLabs API Key').fill('sk-scenario-only-4321');
  await scenarioRow.getByRole('button', { name: 'Save ElevenLabs' }).click();
  await expect(page.getByText('API-Schlüssel gespeichert')).toBeVisible();
  await expect(scenarioRow.getByTestId('saved-elevenlabs')).toHaveText('••••4321');
  await page.getByRole('tab', { name: 'Error Logs' }).click();
  await expect(page.getByTestId('error-entry').first()).toBeVisible({ timeout: 20_000 });
  const names = await page.evaluate(async () => (await indexedDB.databases()).map((d) => d.name));
  expect(names).toContain('newsdesk-scenario-error');

  // The operator's own desk: no key, no error entry from the scenario.
  await openAdmin(page);
  await expect(service(page, 'elevenlabs').getByTestId('saved-elevenlabs')).toHaveText('Kein Schlüssel gespeichert');
  await page.getByRole('tab', { name: 'Error Logs' }).click();
  await expect(page.getByTestId('count-total')).toHaveText('0');
  await expect(page.getByTestId('error-entry')).toHaveCount(0);
});

test("Error Logs: Retry on a failed video retry (video.retry) re-runs the provider's create route, POST /video/modelslab/generate, and resolves the entry", async ({
  page,
}) => {
  await openWithMockHooks(page, '/dashboard/videos', 'Video Studio');
  // A refusal (409) is not retried automatically, so the failure lands in the error log at once.
  await page.evaluate(() => {
    const m = window.__newsdeskMocks;
    if (!m) throw new Error('mock hooks missing');
    m.use(
      // „Börsen-Update am Abend“ is a ModelsLab project: its Retry is ModelsLab's create route with the project.
      m.http.post('*/api/video/modelslab/generate', () =>
        m.HttpResponse.json({ message: 'Warteschlange voll' }, { status: 409 }),
      ),
    );
  });
  await page.getByRole('tab', { name: 'My Projects' }).click();
  await page.getByRole('button', { name: 'Retry: Börsen-Update am Abend' }).click();
  await expect(page.getByText('Erneuter Versuch fehlgeschlagen.')).toBeVisible();

  await openAdmin(page);
  await page.waitForFunction(() => window.__newsdeskMocks !== undefined);
  await page.evaluate(() => {
    const m = window.__newsdeskMocks;
    if (!m) throw new Error('mock hooks missing');
    const w = window as unknown as { __videoRetries: string[] };
    w.__videoRetries = [];
    m.use(
      m.http.post('*/api/video/modelslab/generate', async ({ request }) => {
        const project = ((await request.json()) as { project?: string }).project;
        w.__videoRetries.push(String(project));
        // A whole VideoProject, as the contract promises (a partial answer is refused as 'Unerwartete Antwort').
        return m.HttpResponse.json({
          id: String(project),
          title: 'Börsen-Update am Abend',
          status: 'processing',
          progress: 0,
          avatar: 'anna',
          platform: 'modelslab',
          duration: '0:30',
          createdAt: '2026-11-23T10:00:00Z',
          url: null,
        });
      }),
    );
  });
  await page.getByRole('tab', { name: 'Error Logs' }).click();
  const entry = page.getByTestId('error-entry').filter({ hasText: 'API request failed with status 409' });
  await expect(entry).toHaveCount(1);
  await expect(entry).toContainText('Active');
  await entry.getByRole('button', { name: /^Retry/ }).click();
  await expect(page.getByText('Erneuter Versuch erfolgreich')).toBeVisible();
  await expect(entry).toContainText('Resolved');
  expect(await page.evaluate(() => (window as unknown as { __videoRetries: string[] }).__videoRetries)).toEqual([
    'vp-4',
  ]);
});
