import { expect, test } from '@playwright/test';
import { allViolations } from './axe';
import { layoutShifts, watchLayoutShifts } from './layout-shifts';

// Every dashboard screen as Lighthouse's mobile preset opens it (a phone's viewport), in one page load each:
// - layout shift: Lighthouse weighs it a quarter of the performance score, so a screen's placeholders hold the height
//   of what replaces them (lists stack highest on a phone);
// - accessibility 100 needs no axe violation of any impact once the data is in (heading-order failed on seven screens
//   while card titles were h3).
test.use({ viewport: { width: 412, height: 823 }, serviceWorkers: 'block' });

const SCREENS = [
  '/dashboard',
  '/dashboard/workflow',
  '/dashboard/ai-news',
  '/dashboard/posts',
  '/dashboard/media',
  '/dashboard/live',
  '/dashboard/social',
  '/dashboard/videos',
  '/dashboard/prompts',
  '/dashboard/admin',
];

for (const path of SCREENS) {
  test(`${path} on a phone barely moves while its data arrives (layout shift under 0.05) and has no axe violation of any impact`, async ({
    page,
  }) => {
    await watchLayoutShifts(page);
    await page.goto(path);
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await page.waitForLoadState('networkidle');
    await expect(page.locator('main [data-slot="skeleton"]')).toHaveCount(0);
    const shifts = await layoutShifts(page);
    const total = shifts.reduce((sum, s) => sum + s.value, 0);
    expect(total, JSON.stringify(shifts.filter((s) => s.value > 0.005))).toBeLessThan(0.05);
    expect(await allViolations(page)).toEqual([]);
  });
}
