import { expect, test } from '@playwright/test';
import { seriousViolations } from './axe';

for (const theme of ['light', 'dark'] as const) {
  for (const [path, ready] of [
    ['/', 'Launch Dashboard'],
    ['/dashboard', '1,247'],
  ] as const) {
    test(`${path} in the ${theme} theme has no serious or critical axe violation`, async ({ page }) => {
      await page.addInitScript((t) => localStorage.setItem('theme', t), theme);
      await page.goto(path);
      await expect(page.getByText(ready, { exact: true }).first()).toBeVisible();
      expect(await page.evaluate(() => document.documentElement.classList.contains('dark'))).toBe(theme === 'dark');
      const bad = await seriousViolations(page);
      expect(bad).toEqual([]);
    });
  }
}

for (const theme of ['light', 'dark'] as const) {
  for (const [scenario, type] of [
    ['error', 'error'],
    ['default', 'success'],
  ] as const) {
    test(`a ${type} toast in the ${theme} theme has no serious or critical axe violation`, async ({ page }) => {
      await page.addInitScript((t) => localStorage.setItem('theme', t), theme);
      await page.goto(`/dashboard/workflow?scenario=${scenario}`);
      const trigger = page.getByRole('button', { name: 'Run Workflow' });
      await expect(trigger).toBeEnabled();
      // sonner holds a toast's 4 s timer while the document is hidden: the toast stays for axe however slow the
      // machine (hovering it once it showed lost the race on a loaded CI host: it had gone before the mouse came).
      await page.evaluate(() => {
        Object.defineProperty(document, 'hidden', { configurable: true, get: () => true });
        document.dispatchEvent(new Event('visibilitychange'));
      });
      await trigger.click();
      const toast = page.locator(`[data-sonner-toast][data-type="${type}"]`).first();
      await expect(toast).toBeVisible();
      const bad = await seriousViolations(page, { include: '[data-sonner-toaster]' });
      expect(bad).toEqual([]);
    });
  }
}

// Violations of any impact, screen by screen once the data is in: screens-phone.spec.ts (one page load per screen).

test('the axe check reports what it should: an image without alt text and grey-on-grey text', async ({ page }) => {
  await page.goto('/');
  await expect(page.getByText('Launch Dashboard').first()).toBeVisible();
  await page.evaluate(() => {
    const probe = document.createElement('div');
    probe.innerHTML = '<img src="/icons/icon-192.png"><p style="color:#777;background:#888">kaum lesbar</p>';
    document.body.append(probe);
  });
  const bad = await seriousViolations(page);
  expect(bad.some((line) => line.startsWith('image-alt:'))).toBe(true);
  expect(bad.some((line) => line.startsWith('color-contrast:'))).toBe(true);
});
