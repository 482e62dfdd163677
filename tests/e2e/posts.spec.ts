import { expect, test } from '@playwright/test';
import { seriousViolations } from './axe';
import { layoutShifts, watchLayoutShifts } from './layout-shifts';

test('create, filter and delete a post', async ({ page }) => {
  await page.goto('/dashboard/posts');
  await expect(page.getByRole('heading', { level: 1, name: 'Post Management' })).toBeVisible();
  await expect(page.getByText('127 von 127 Posts')).toBeVisible();
  await expect(page.getByTestId('counter-Total Posts')).toHaveText('127');
  await expect(page.getByTestId('counter-Published')).toHaveText('89');
  await expect(page.getByTestId('counter-Scheduled')).toHaveText('23');
  await expect(page.getByTestId('counter-Drafts')).toHaveText('15');

  // Create
  await page.getByRole('button', { name: 'Create Post' }).click();
  const dialog = page.getByRole('dialog');
  await dialog.getByLabel('Titel').fill('E2E: Sonnenfinsternis');
  await dialog.getByLabel('Kategorie').fill('Wissenschaft');
  await dialog.getByLabel('Plattform').selectOption('telegram');
  await dialog.getByLabel('Status').selectOption('scheduled');
  await dialog.getByRole('button', { name: 'Create Post' }).click();
  await expect(page.getByText('Post erstellt', { exact: true })).toBeVisible();
  await expect(page.getByTestId('counter-Total Posts')).toHaveText('128');
  await expect(page.getByTestId('counter-Scheduled')).toHaveText('24');

  // Filter
  await page.getByRole('button', { name: 'Filter' }).click();
  await page.getByLabel('Status').selectOption('scheduled');
  await page.getByLabel('Plattform').selectOption('telegram');
  await expect(page.getByText(/^\d+ von 128 Posts$/)).not.toHaveText('128 von 128 Posts');
  const row = page.getByRole('row').filter({ hasText: 'E2E: Sonnenfinsternis' });
  await expect(row).toBeVisible();
  await expect(row).toContainText('Geplant');
  await expect(row).toContainText('Telegram');
  await page.getByLabel('Posts durchsuchen').fill('Sonnenfinsternis');
  await expect(page.getByText('1 von 128 Posts')).toBeVisible();

  // Delete (asks first)
  await row.getByRole('button', { name: 'Aktionen für E2E: Sonnenfinsternis' }).click();
  await page.getByRole('menuitem', { name: 'Delete' }).click();
  const confirm = page.getByRole('alertdialog');
  await expect(confirm).toContainText('Post löschen?');
  await confirm.getByRole('button', { name: 'Delete' }).click();
  await expect(page.getByText('Post gelöscht', { exact: true })).toBeVisible();
  await expect(page.getByText('Keine Posts gefunden.')).toBeVisible();
  await expect(page.getByTestId('counter-Total Posts')).toHaveText('127');
});

test('sorting by a column reorders the virtualized rows', async ({ page }) => {
  await page.goto('/dashboard/posts');
  await expect(page.getByText('127 von 127 Posts')).toBeVisible();
  await page.getByRole('button', { name: 'Views' }).click();
  await expect(page.getByRole('columnheader', { name: 'Views' })).toHaveAttribute('aria-sort', 'descending');
  const views = await page.getByRole('row').locator('[role="cell"]:nth-child(4)').allTextContents();
  const numbers = views.map((v) => Number(v.replace(/\./g, '')));
  expect(numbers.length).toBeGreaterThan(3);
  expect(numbers.length).toBeLessThan(127); // virtualized: only rows in view are rendered
  expect(numbers).toEqual([...numbers].sort((a, b) => b - a));
});

for (const theme of ['light', 'dark'] as const) {
  test(`/dashboard/posts has no serious or critical axe violation (${theme})`, async ({ page }) => {
    await page.addInitScript((t) => localStorage.setItem('theme', t), theme);
    await page.goto('/dashboard/posts');
    await expect(page.getByText('127 von 127 Posts').first()).toBeAttached();
    const bad = await seriousViolations(page);
    expect(bad).toEqual([]);
  });
}

test.describe('on a tablet', () => {
  test.use({ viewport: { width: 768, height: 1024 } });

  test('the row menus of Posts and AI News are in view without scrolling the wide tables sideways', async ({
    page,
  }) => {
    for (const [path, heading] of [
      ['/dashboard/posts', 'Post Management'],
      ['/dashboard/ai-news', 'AI News Central'],
    ]) {
      await page.goto(path);
      await expect(page.getByRole('heading', { level: 1, name: heading })).toBeVisible();
      const menuButton = page.getByRole('button', { name: /^Aktionen für / }).first();
      // IntersectionObserver counts the table's sideways clipping: the whole button must show.
      await expect(menuButton).toBeInViewport({ ratio: 1 });
      await menuButton.click();
      await expect(page.getByRole('menu')).toBeVisible();
      await page.keyboard.press('Escape');
    }
  });
});

test.describe('on a phone', () => {
  test.use({ viewport: { width: 412, height: 823 }, serviceWorkers: 'block' });

  test('the counters stay where they are when the posts arrive', async ({ page }) => {
    await watchLayoutShifts(page);
    await page.goto('/dashboard/posts');
    await expect(page.getByText('127 von 127 Posts')).toBeVisible();
    await expect(page.getByRole('row').nth(1)).toBeVisible();
    const shifts = await layoutShifts(page);
    // The loading placeholder was 238 px shorter than the count line and the table: the counters moved down then.
    expect(shifts, JSON.stringify(shifts)).toEqual([]);
  });
});
