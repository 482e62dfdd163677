import { expect, test, type Page } from '@playwright/test';
import { seriousViolations } from './axe';

// Admin → Quellen and Monitoring's "Quellen dieses Runs" on the production build in mock mode (the demo's feeds).

async function openSources(page: Page) {
  await page.goto('/dashboard/admin?tab=sources');
  await expect(page.getByRole('heading', { name: 'Admin Settings', level: 1 })).toBeVisible();
  const panel = page.getByRole('tabpanel', { name: 'Quellen' });
  await expect(panel.getByRole('list', { name: 'Quellen' })).toBeVisible();
  return panel;
}

test('the Quellen tab has no serious or critical axe violation', async ({ page }) => {
  const panel = await openSources(page);
  await expect(panel.getByRole('list', { name: 'Neueste Meldungen' })).toBeVisible();
  await expect(panel.getByRole('switch', { name: 'Runs automatisch starten' })).toBeVisible();
  expect(await seriousViolations(page)).toEqual([]);
});

test('fetch a feed now, add a source, switch the schedule on', async ({ page }) => {
  const panel = await openSources(page);
  const tech = panel.getByTestId('source-src-tech-news');
  await tech.getByRole('button', { name: 'Jetzt abrufen', exact: false }).click();
  await expect(page.getByText('Abruf abgeschlossen').first()).toBeVisible();
  await expect(tech.getByTestId('source-last-fetch')).toContainText('1 neu · HTTP 200 · 6 Meldungen');
  await expect(panel.getByRole('list', { name: 'Neueste Meldungen' }).getByRole('link').first()).toHaveText(
    'Bundesnetzagentur meldet Rekord beim Ausbau von Solaranlagen',
  );

  await panel.getByLabel('Name', { exact: true }).fill('Tagesschau');
  await panel.getByLabel('Feed-Adresse').fill('https://www.tagesschau.de/index~rss2.xml');
  await panel.getByLabel('Kategorie').fill('Politik');
  await panel.getByRole('button', { name: 'Quelle hinzufügen' }).click();
  await expect(page.getByText('Quelle gespeichert').first()).toBeVisible();
  await expect(panel.getByTestId('source-src-tagesschau')).toContainText('Noch nie abgerufen');

  await panel.getByRole('switch', { name: 'Runs automatisch starten' }).check();
  await panel.getByLabel('Intervall (Minuten)').fill('30');
  await panel.getByRole('button', { name: 'Speichern' }).click();
  await expect(page.getByText('Zeitplan gespeichert')).toBeVisible();
  // Toasts fading in or out are mid-animation (a11y.spec checks them once they stand), as live.spec does.
  expect(await seriousViolations(page, { exclude: '[data-sonner-toaster]' })).toEqual([]);
});

test("Monitoring shows the latest run's sources as links and its story", async ({ page }) => {
  await page.goto('/dashboard/workflow');
  await expect(page.getByRole('button', { name: 'Run Workflow' })).toBeVisible();
  await page.getByRole('tab', { name: /Monitoring/ }).click();
  const items = page.getByRole('list', { name: 'Quellen dieses Runs' });
  const link = items.getByRole('link', { name: 'EU-Kommission legt Zeitplan für die Pflichten des AI Act vor' });
  await expect(link).toHaveAttribute('href', 'https://articles.newsdesk.example/eu-ai-act-pflichten');
  await expect(link).toHaveAttribute('rel', 'noopener noreferrer');
  await expect(items).toContainText('Tech News, Reuters');
  await expect(page.getByTestId('run-story')).toHaveText(
    'Meldung: EU-Kommission legt Zeitplan für die Pflichten des AI Act vor',
  );
  await expect(page.getByTestId('live-stage-Scraper')).toHaveAttribute('data-state', 'finished');
});
