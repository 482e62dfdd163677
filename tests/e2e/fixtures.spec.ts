import { expect, test } from '@playwright/test';
import { seriousViolations } from './axe';

test('the fixture gallery shows the real screens in the chosen scenario', async ({ page }) => {
  await page.goto('/fixtures?scenario=empty');
  await expect(page.getByRole('heading', { level: 1, name: 'Fixture-Galerie' })).toBeVisible();
  const frames = page.locator('iframe');
  await expect(frames).toHaveCount(12);
  for (const src of await frames.evaluateAll((els) => els.map((el) => el.getAttribute('src')))) expect(src).toMatch(/\?scenario=empty$/);

  // The posts frame runs the real screen against its own in-page mock network, seeded empty.
  const posts = page.frameLocator('iframe[title="Posts – Szenario empty"]');
  await expect(posts.getByRole('heading', { level: 1, name: 'Post Management' })).toBeVisible({ timeout: 20_000 });
  await expect(posts.getByText('Noch keine Posts. Legen Sie mit „Create Post“ den ersten an.')).toBeVisible();

  // Another scenario: the frames follow, and the URL can be shared.
  await page.getByRole('group', { name: 'Szenario' }).getByRole('button', { name: 'error' }).click();
  await expect(page).toHaveURL(/\/fixtures\?scenario=error$/);
  const overview = page.frameLocator('iframe[title="Dashboard – Szenario error"]');
  await expect(overview.getByRole('heading', { level: 1 })).toBeVisible({ timeout: 20_000 });
  await expect(page.getByRole('link', { name: 'Posts im Szenario error in neuem Tab öffnen' })).toHaveAttribute('href', '/dashboard/posts?scenario=error');

  expect(await seriousViolations(page)).toEqual([]);
});
