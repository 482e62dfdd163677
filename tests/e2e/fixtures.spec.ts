import { expect, test } from '@playwright/test';
import { seriousViolations } from './axe';

test('the fixture gallery shows the real screens in the chosen scenario', async ({ page }) => {
  // Twelve frames each boot the whole app with its own mock network (two at a time, on one main thread): slow on a 2-core CI machine.
  test.setTimeout(120_000);
  await page.goto('/fixtures?scenario=empty');
  await expect(page.getByRole('heading', { level: 1, name: 'Fixture-Galerie' })).toBeVisible();
  const frames = page.locator('iframe');
  // The frames start two at a time; each one whose screen has rendered lets the next one begin (the unit test follows all twelve).
  await expect(frames).not.toHaveCount(0);
  await expect(page.getByRole('listitem')).toHaveCount(12);
  for (const src of await frames.evaluateAll((els) => els.map((el) => el.getAttribute('src'))))
    expect(src).toMatch(/\?scenario=empty$/);

  // The posts frame runs the real screen against its own in-page mock network, seeded empty.
  const posts = page.frameLocator('iframe[title="Posts – Szenario empty"]');
  // The fifth frame: it starts once three before it have settled (each within 15 s at most).
  await expect(posts.getByRole('heading', { level: 1, name: 'Post Management' })).toBeVisible({ timeout: 60_000 });
  await expect(posts.getByText('Noch keine Posts. Legen Sie mit „Create Post“ den ersten an.')).toBeVisible();

  // Another scenario: the frames follow, and the URL can be shared.
  await page.getByRole('group', { name: 'Szenario' }).getByRole('button', { name: 'error' }).click();
  await expect(page).toHaveURL(/\/fixtures\?scenario=error$/);
  const landing = page.frameLocator('iframe[title="Landing – Szenario error"]');
  await expect(landing.getByRole('link', { name: 'Launch Dashboard' })).toBeVisible({ timeout: 30_000 });
  await expect(page.getByRole('link', { name: 'Posts im Szenario error in neuem Tab öffnen' })).toHaveAttribute(
    'href',
    '/dashboard/posts?scenario=error',
  );

  // The frames are inert previews of screens that have their own axe checks; here the gallery itself is checked.
  expect(await seriousViolations(page, { iframes: false })).toEqual([]);
});
