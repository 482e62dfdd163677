import AxeBuilder from '@axe-core/playwright';
import { expect, test } from '@playwright/test';

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
      const results = await new AxeBuilder({ page }).analyze();
      const bad = results.violations
        .filter((v) => v.impact === 'serious' || v.impact === 'critical')
        .map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
      expect(bad).toEqual([]);
    });
  }
}

for (const theme of ['light', 'dark'] as const) {
  for (const [scenario, type] of [['error', 'error'], ['default', 'success']] as const) {
    test(`a ${type} toast in the ${theme} theme has no serious or critical axe violation`, async ({ page }) => {
      await page.addInitScript((t) => localStorage.setItem('theme', t), theme);
      await page.goto(`/dashboard/workflow?scenario=${scenario}`);
      const trigger = page.getByRole('button', { name: 'Run Workflow' });
      await expect(trigger).toBeEnabled();
      await trigger.click();
      await expect(page.locator(`[data-sonner-toast][data-type="${type}"]`).first()).toBeVisible();
      const results = await new AxeBuilder({ page }).include('[data-sonner-toaster]').analyze();
      const bad = results.violations
        .filter((v) => v.impact === 'serious' || v.impact === 'critical')
        .map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
      expect(bad).toEqual([]);
    });
  }
}
