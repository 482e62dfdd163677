import { fileURLToPath } from 'node:url';
import { expect, test, type Page } from '@playwright/test';
import { seriousViolations } from './axe';

// The workflow screen in mock mode: the demo n8n (https://n8n.newsdesk.demo/webhook/ai-news …) and the
// provider hosts are answered in the page, so importing the shipped example and triggering it works offline.

const EXAMPLE = fileURLToPath(new URL('../../examples/n8n/ai-news.workflow.json', import.meta.url));

async function open(page: Page, search = '') {
  await page.goto(`/dashboard/workflow${search}`);
  await expect(page.getByRole('button', { name: 'Run Workflow' })).toBeVisible();
}

test('import the shipped example workflow, trigger it, see the toast and the status card change', async ({ page }) => {
  await open(page);
  await page.getByRole('tab', { name: /n8n Setup/ }).click();
  await page.getByLabel('Webhook URL').fill('');
  await page.getByLabel('Workflow ID').fill('');
  await expect(page.getByRole('button', { name: 'Run Workflow' })).toBeDisabled();

  await page.getByLabel('Workflow JSON').setInputFiles(EXAMPLE);
  await expect(page.getByText('Workflow importiert')).toBeVisible();
  await expect(page.getByLabel('Webhook URL')).toHaveValue('https://n8n.newsdesk.demo/webhook/ai-news');
  await expect(page.getByLabel('Workflow ID')).toHaveValue('ai-news-workflow');
  await expect(page.getByTestId('header-workflow-id')).toHaveText('ai-news-workflow');

  await expect(page.getByTestId('summary-total')).toHaveText('5');
  await expect(page.getByTestId('summary-status')).toHaveText('Inaktiv');
  await page.getByRole('button', { name: 'Run Workflow' }).click();
  await expect(page.getByText('n8n Workflow gestartet')).toBeVisible();
  await expect(page.getByTestId('summary-status')).toHaveText('Aktiv');
  await expect(page.getByTestId('summary-total')).toHaveText('6');
  await expect(page.getByTestId('connection-badge')).toHaveText('Connected');

  // the imported addresses are stored in IndexedDB and survive a reload
  await page.reload();
  await page.getByRole('tab', { name: /n8n Setup/ }).click();
  await expect(page.getByLabel('Webhook URL')).toHaveValue('https://n8n.newsdesk.demo/webhook/ai-news');
});

test('a file that is not a workflow gets the German message and the page keeps working', async ({ page }) => {
  await open(page);
  await page.getByRole('tab', { name: /n8n Setup/ }).click();
  await page
    .getByLabel('Workflow JSON')
    .setInputFiles({ name: 'kaputt.json', mimeType: 'application/json', buffer: Buffer.from('{"nodes": [') });
  await expect(page.getByText('Die JSON-Datei konnte nicht gelesen werden.')).toBeVisible();
  await expect(page.getByText('Import-Fehler').first()).toBeVisible();
  await page
    .getByLabel('Workflow JSON')
    .setInputFiles({ name: 'bild.png', mimeType: 'image/png', buffer: Buffer.from([0x89, 0x50, 0x4e, 0x47]) });
  await expect(page.getByText('Bitte laden Sie eine gültige JSON-Datei hoch.')).toBeVisible();
  await page
    .getByLabel('Workflow JSON')
    .setInputFiles({ name: 'leer.json', mimeType: 'application/json', buffer: Buffer.from('{"id":"x","nodes":[]}') });
  await expect(page.getByText('Kein gültiger AI-News Workflow gefunden')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Start Workflow' })).toBeEnabled();
});

test('connection test: the four rows fill one by one, then 4/4 Tests erfolgreich', async ({ page }) => {
  await open(page);
  // record every change of the four rows in the page itself, so that no state is missed
  await page.evaluate(() => {
    const w = window as unknown as { rowStates: string[] };
    w.rowStates = [];
    const snap = () => {
      const states = ['Webhook', 'Gateway', 'Status', 'Media'].map(
        (n) => document.querySelector(`[data-testid="endpoint-${n}"]`)?.getAttribute('data-status') ?? '',
      );
      const text = states.join(',');
      if (states.every(Boolean) && w.rowStates.at(-1) !== text) w.rowStates.push(text);
    };
    new MutationObserver(snap).observe(document.body, {
      subtree: true,
      childList: true,
      attributes: true,
      attributeFilter: ['data-status'],
    });
  });
  await page.getByRole('button', { name: 'Test All Endpoints' }).click();
  const row = (name: string) => page.getByTestId(`endpoint-${name}`);
  await expect(row('Media')).toHaveAttribute('data-status', 'success');
  const seen = await page.evaluate(() => (window as unknown as { rowStates: string[] }).rowStates);
  expect(seen).toEqual([
    'pending,pending,pending,pending',
    'success,pending,pending,pending',
    'success,success,pending,pending',
    'success,success,success,pending',
    'success,success,success,success',
  ]);
  await expect(page.getByTestId('connection-summary')).toHaveText('4/4 Tests erfolgreich');
  await expect(page.getByText('Verbindungstests abgeschlossen')).toBeVisible();
  await expect(row('Media')).toContainText(/\d+ ms/);
  expect(await seriousViolations(page, { exclude: '[data-sonner-toaster]' })).toEqual([]);
});

test('offline scenario: the webhook fails like a CORS refusal, with the Allowed Origins hint', async ({ page }) => {
  await open(page, '?scenario=offline');
  await page.getByRole('button', { name: 'Run Workflow' }).click();
  await expect(page.getByText('n8n Verbindungsfehler')).toBeVisible();
  await expect(page.getByText('Workflow-Webhook nicht erreichbar')).toBeVisible();
  await expect(page.getByText(/Allowed Origins \(CORS\)/)).toContainText(new URL(page.url()).origin);
  await expect(page.getByTestId('summary-status')).toHaveText('Fehler');
  await expect(page.getByTestId('connection-badge')).toHaveText('Disconnected');
});

test('API services and monitoring work in the demo', async ({ page }) => {
  await open(page);
  await page.getByRole('tab', { name: /API Services/ }).click();
  await page.getByRole('button', { name: 'OpenAI testen' }).click();
  await expect(page.getByText('API Test erfolgreich')).toBeVisible();
  await expect(page.getByTestId('service-openai')).toHaveAttribute('data-status', 'connected');
  expect(await seriousViolations(page, { exclude: '[data-sonner-toaster]' })).toEqual([]);

  await page.getByRole('tab', { name: /Monitoring/ }).click();
  await expect(page.getByText('Last 5 Runs')).toBeVisible();
  await page.getByRole('button', { name: 'Retry run-1004' }).click();
  await expect(page.getByText('Workflow ausgelöst')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Retry run-1004' })).toHaveCount(0);
  expect(await seriousViolations(page, { exclude: '[data-sonner-toaster]' })).toEqual([]);
});

test('a workflow file naming another host: no request carries the stored key there until the operator confirms', async ({
  page,
}) => {
  const OTHER = 'https://other-n8n.example.net';
  const withKey: string[] = [];
  await page.route(`${OTHER}/**`, async (route) => {
    const auth = await route.request().headerValue('authorization');
    if (auth) withKey.push(`${route.request().method()} ${route.request().url()} ${auth}`);
    await route.fulfill({
      status: 200,
      contentType: 'application/json',
      headers: { 'Access-Control-Allow-Origin': '*', 'Access-Control-Allow-Headers': '*' },
      body: JSON.stringify({ active: true, totalExecutions: 7, successRate: 100 }),
    });
  });
  await open(page);
  await page.getByRole('tab', { name: /n8n Setup/ }).click();
  await page.getByLabel('API Key (optional)').fill('n8n-e2e-key-4242');
  // The key is stored (and so becomes a credential to protect) as a whole, with Enter or on leaving the field.
  await page.getByLabel('API Key (optional)').press('Enter');
  const file = JSON.stringify({
    id: 'ai-news-workflow',
    name: 'Fremder Workflow',
    nodes: [
      {
        type: 'n8n-nodes-base.webhook',
        webhookUrl: `${OTHER}/webhook/ai-news`,
        parameters: { path: 'ai-news', httpMethod: 'POST' },
      },
      {
        type: 'n8n-nodes-base.webhook',
        webhookUrl: `${OTHER}/webhook/ai-news/status`,
        parameters: { path: 'ai-news/status', httpMethod: 'GET' },
      },
    ],
  });
  await page
    .getByLabel('Workflow JSON')
    .setInputFiles({ name: 'fremd.json', mimeType: 'application/json', buffer: Buffer.from(file) });
  const dialog = page.getByRole('alertdialog', { name: 'Neue Hosts bestätigen' });
  await expect(dialog.getByRole('list', { name: 'Host-Änderungen' })).toContainText(
    'Status URL: n8n.newsdesk.demo → other-n8n.example.net',
  );
  await expect(page.getByLabel('Webhook URL')).toHaveValue('https://n8n.newsdesk.demo/webhook/ai-news');
  expect(withKey).toEqual([]);

  await dialog.getByRole('button', { name: 'Hosts übernehmen' }).click();
  await expect(page.getByText('Workflow importiert')).toBeVisible();
  await expect(page.getByLabel('Webhook URL')).toHaveValue(`${OTHER}/webhook/ai-news`);
  await expect.poll(() => withKey).toContain(`GET ${OTHER}/webhook/ai-news/status Bearer n8n-e2e-key-4242`);
});
