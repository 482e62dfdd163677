import { expect, test, type Page } from '@playwright/test';
import { seriousViolations } from './axe';

// Review in the demo (mock mode, production build): a story's details, Reject and Publish from review, and the
// review switch in Admin → System.

test.use({ timezoneId: 'Europe/Berlin' });

function row(page: Page, title: string) {
  return page.getByTestId('news-row').filter({ hasText: title });
}

async function menu(page: Page, title: string, item: string) {
  await row(page, title)
    .getByRole('button', { name: /Aktionen für/ })
    .click();
  await page.getByRole('menuitem', { name: item }).click();
}

test('a story in review: its details cite the sources with links; Reject and Publish decide it', async ({ page }) => {
  await page.goto('/dashboard/ai-news');
  await expect(page.getByRole('heading', { level: 1, name: 'AI News Central' })).toBeVisible();
  await page.getByLabel('Status').selectOption('review');
  await expect(page.getByTestId('news-row')).toHaveCount(3);

  await menu(page, 'Webb-Teleskop fotografiert junge Galaxie', 'Details');
  const details = page.getByTestId('news-details');
  await expect(details.getByRole('heading', { name: 'Webb-Teleskop fotografiert junge Galaxie' })).toBeVisible();
  await expect(details.getByText('In Prüfung', { exact: true })).toBeVisible();
  const first = details.getByTestId('news-details-source-1');
  const link = first.getByRole('link', { name: 'Webb-Teleskop fotografiert die bisher fernste Galaxie' });
  await expect(link).toHaveAttribute('href', 'https://articles.newsdesk.example/webb-galaxie');
  await expect(link).toHaveAttribute('target', '_blank');
  await expect(link).toHaveAttribute('rel', 'noopener noreferrer');
  await expect(first).toContainText('NASA');
  await expect(first).toContainText('12.06.2024');
  await expect(details).toContainText('Webb-Teleskop fotografiert die bisher fernste Galaxie. [1]');
  await expect(details.getByTestId('news-details-written-by')).toHaveText(
    'Geschrieben von: Automatisch zusammengefasst (ohne KI)',
  );
  expect(await seriousViolations(page, { include: '[data-testid="news-details"]' })).toEqual([]);
  await page.keyboard.press('Escape');
  await expect(details).toBeHidden();

  await page.getByLabel('Status').selectOption('all');
  await menu(page, 'Sonde erreicht den Jupitermond Europa', 'Reject');
  await expect(page.getByText('„Sonde erreicht den Jupitermond Europa“ wird nicht veröffentlicht.')).toBeVisible();
  await expect(row(page, 'Sonde erreicht den Jupitermond Europa')).toContainText('Abgelehnt');

  await menu(page, 'Webb-Teleskop fotografiert junge Galaxie', 'Publish');
  await expect(page.getByText('„Webb-Teleskop fotografiert junge Galaxie“ ist jetzt veröffentlicht.')).toBeVisible();
  await expect(row(page, 'Webb-Teleskop fotografiert junge Galaxie')).toContainText('Veröffentlicht');

  // The published story carries the desk's disclosure and says where it went.
  await menu(page, 'Webb-Teleskop fotografiert junge Galaxie', 'Details');
  await expect(details.getByTestId('news-details-disclosure')).toHaveText(
    'Dieser Beitrag wurde mit Hilfe von KI aus den genannten Quellen erstellt und von der Redaktion geprüft.',
  );
  await expect(details.getByTestId('news-details-platform-telegram')).toContainText('Veröffentlicht');
  await expect(details.getByTestId('news-details-platform-tiktok')).toContainText('TikTok ist nicht verbunden.');
});

test('Admin → System: review switched off stays off after a reload', async ({ page }) => {
  await page.goto('/dashboard/admin?tab=system');
  const toggle = page.getByRole('switch', { name: 'Freigabe vor Veröffentlichung' });
  await expect(toggle).toBeChecked();
  await toggle.click();
  await expect(page.getByText('Einstellungen gespeichert')).toBeVisible();
  await expect(toggle).not.toBeChecked();
  await page.reload();
  await expect(page.getByRole('switch', { name: 'Freigabe vor Veröffentlichung' })).not.toBeChecked();
  await expect(page.getByLabel('KI-Hinweis nach Prüfung')).toHaveValue(
    'Dieser Beitrag wurde mit Hilfe von KI aus den genannten Quellen erstellt und von der Redaktion geprüft.',
  );
});
