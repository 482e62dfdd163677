import { expect, test } from '@playwright/test';
import { seriousViolations } from './axe';

test('reached from the overview quick action; filters default to Alle …; Publish and Retry work', async ({ page }) => {
  await page.goto('/dashboard');
  await page
    .getByRole('button', { name: 'Start New News' })
    .or(page.getByRole('link', { name: 'Start New News' }))
    .first()
    .click();
  await expect(page).toHaveURL(/\/dashboard\/ai-news$/);
  await expect(page.getByRole('heading', { level: 1, name: 'AI News Central' })).toBeVisible();

  await expect(page.getByLabel('Quelle').locator('option:checked')).toHaveText('Alle Quellen');
  await expect(page.getByLabel('Kategorie').locator('option:checked')).toHaveText('Alle Kategorien');
  await expect(page.getByLabel('Status').locator('option:checked')).toHaveText('Alle Status');
  await expect(page.getByTestId('news-row')).toHaveCount(15);

  await page.getByLabel('Status').selectOption('draft');
  const draft = page.getByTestId('news-row').filter({ hasText: 'Notenbank senkt überraschend die Zinsen' });
  await draft.getByRole('button', { name: /Aktionen für/ }).click();
  await expect(page.getByRole('menuitem', { name: 'Retry' })).toHaveCount(0);
  await page.getByRole('menuitem', { name: 'Publish' }).click();
  await expect(page.getByText('„Notenbank senkt überraschend die Zinsen“ ist jetzt veröffentlicht.')).toBeVisible();
  await expect(draft).toHaveCount(0); // no longer a draft

  await page.getByLabel('Status').selectOption('failed');
  const failed = page.getByTestId('news-row').filter({ hasText: 'Bluttest erkennt Krebs im Frühstadium' });
  await failed.getByRole('button', { name: /Aktionen für/ }).click();
  await expect(page.getByRole('menuitem', { name: 'Publish' })).toHaveCount(0);
  await page.getByRole('menuitem', { name: 'Retry' }).click();
  await expect(page.getByText('„Bluttest erkennt Krebs im Frühstadium“ liegt wieder als Entwurf vor.')).toBeVisible();
  await page.getByLabel('Status').selectOption('draft');
  await expect(page.getByTestId('news-row').filter({ hasText: 'Bluttest erkennt Krebs im Frühstadium' })).toBeVisible();
});

for (const theme of ['light', 'dark'] as const) {
  test(`/dashboard/ai-news has no serious or critical axe violation (${theme})`, async ({ page }) => {
    await page.addInitScript((t) => localStorage.setItem('theme', t), theme);
    await page.goto('/dashboard/ai-news');
    await expect(page.getByText('Alle Quellen').first()).toBeAttached();
    const bad = await seriousViolations(page);
    expect(bad).toEqual([]);
  });
}
