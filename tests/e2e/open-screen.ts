import { expect, type Page } from '@playwright/test';

/** Opens a screen in mock mode and waits until its heading shows and the run-time mock hooks are there. */
export async function openWithMockHooks(page: Page, path: string, heading: string): Promise<void> {
  await page.goto(path);
  await expect(page.getByRole('heading', { name: heading, level: 1 })).toBeVisible();
  await page.waitForFunction(() => window.__newsdeskMocks !== undefined);
}
