import { expect, test } from '@playwright/test';
import { allViolations } from './axe';

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
    await page.addInitScript(() => {
      const shifts: Array<{ value: number; text: string }> = [];
      Object.assign(window, { __shifts: shifts });
      new PerformanceObserver((list) => {
        for (const entry of list.getEntries() as Array<
          PerformanceEntry & { value: number; hadRecentInput: boolean; sources?: Array<{ node?: Node }> }
        >) {
          if (entry.hadRecentInput) continue;
          const text = (entry.sources ?? []).map((s) => (s.node?.textContent ?? '').slice(0, 40)).join(' | ');
          shifts.push({ value: entry.value, text });
        }
      }).observe({ type: 'layout-shift', buffered: true });
    });
    await page.goto(path);
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await page.waitForLoadState('networkidle');
    await expect(page.locator('main [data-slot="skeleton"]')).toHaveCount(0);
    // Two frames after the last placeholder went: the shift its replacement caused has been reported.
    await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))));
    const shifts = await page.evaluate(
      () => (window as unknown as { __shifts: Array<{ value: number; text: string }> }).__shifts,
    );
    const total = shifts.reduce((sum, s) => sum + s.value, 0);
    expect(total, JSON.stringify(shifts.filter((s) => s.value > 0.005))).toBeLessThan(0.05);
    expect(await allViolations(page)).toEqual([]);
  });
}
