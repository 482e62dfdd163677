import { expect, test, type Locator, type Page } from '@playwright/test';

// SPEC §9: icon-only buttons show their name as a tooltip, 700 ms after the pointer came to rest on them.

/** Hovers `button` until its tooltip shows: the tooltips start listening once the screen has painted and idled. */
async function hoverUntilTooltip(page: Page, button: Locator, text: string): Promise<Locator> {
  const tooltip = page.getByRole('tooltip', { includeHidden: true }).filter({ hasText: text });
  await expect(async () => {
    await page.mouse.move(0, 0, { steps: 5 });
    await button.hover();
    // Not at once: the tooltip waits for the pointer to rest.
    await expect(tooltip).toBeHidden({ timeout: 100 });
    await expect(tooltip).toBeVisible({ timeout: 2_000 });
  }).toPass({ timeout: 15_000 });
  return tooltip;
}

test('hovering a row menu button shows its name as a tooltip, and its name stays the one name', async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 800 });
  await page.goto('/dashboard/posts');
  await expect(page.getByRole('heading', { level: 1, name: 'Post Management' })).toBeVisible();
  const menu = page.getByRole('button', { name: /^Aktionen für / }).first();
  const name = await menu.getAttribute('aria-label');
  expect(name).toMatch(/^Aktionen für ./);

  const tooltip = await hoverUntilTooltip(page, menu, name ?? '');
  await expect(tooltip).toHaveText(name ?? '');
  await expect(menu).toHaveAccessibleName(name ?? '');
  await expect(menu).not.toHaveAttribute('aria-describedby');

  // Away from the button, the tooltip goes; a button with text of its own gets none.
  await page.mouse.move(640, 10, { steps: 5 });
  await expect(tooltip).toBeHidden();
  await page.getByRole('button', { name: 'Create Post' }).hover();
  await page.waitForTimeout(1_000);
  await expect(page.getByRole('tooltip', { includeHidden: true })).toHaveCount(0);
});

test('keyboard focus on the theme toggle shows its tooltip at once, Escape closes it', async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 800 });
  await page.goto('/dashboard');
  await expect(page.getByRole('heading', { level: 1, name: 'Dashboard' })).toBeVisible();
  const toggle = page.getByRole('button', { name: /^Switch to (dark|light) theme$/ });
  const name = (await toggle.getAttribute('aria-label')) ?? '';
  const tooltip = page.getByRole('tooltip', { includeHidden: true }).filter({ hasText: name });

  // Tabbed away and back, as a keyboard user reaches it (again, until the tooltips listen). From the toggle each time:
  // the user menu loads after the first paint just before it, and a Tab from the link before would land there. Each step
  // fails fast: focus that the loading menu took away is not coming back, and the loop must get to try again.
  await expect(async () => {
    await toggle.focus();
    await page.keyboard.press('Shift+Tab');
    await expect(toggle).not.toBeFocused({ timeout: 2_000 });
    await page.keyboard.press('Tab');
    await expect(toggle).toBeFocused({ timeout: 2_000 });
    await expect(tooltip).toBeVisible({ timeout: 500 });
  }).toPass({ timeout: 30_000 });
  await page.keyboard.press('Escape');
  await expect(tooltip).toBeHidden();
  await expect(toggle).toBeFocused();
});
