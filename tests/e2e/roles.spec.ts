import { expect, test } from '@playwright/test';

test('the demo role picker: as Viewer the AI News publish is disabled and says why; back to Admin it is not', async ({
  page,
}) => {
  await page.goto('/dashboard/ai-news');
  await expect(page.getByRole('heading', { level: 1, name: 'AI News Central' })).toBeVisible();
  // The user menu (after the first paint) names the demo's person and role.
  const menuButton = page.getByRole('button', { name: /Benutzermenü/ }).first();
  await expect(menuButton).toHaveAccessibleName('Benutzermenü: Administrator (Admin)');
  await menuButton.click();
  await expect(page.getByRole('menu')).toContainText('Demo-Rolle');
  await page.getByRole('menuitemradio', { name: 'Viewer' }).click();
  await expect(menuButton).toHaveAccessibleName('Benutzermenü: Jonas Weber (Viewer)');

  await page.getByLabel('Status').selectOption('draft');
  const draft = page.getByTestId('news-row').filter({ hasText: 'Notenbank senkt überraschend die Zinsen' });
  await draft.getByRole('button', { name: /Aktionen für/ }).click();
  const publish = page.getByRole('menuitem', { name: 'Publish' });
  await expect(publish).toBeDisabled();
  await expect(publish).toHaveAccessibleDescription(
    'Nur für die Rollen Editor und Admin – Sie sind als Viewer angemeldet.',
  );
  await expect(page.getByRole('menu')).toContainText(
    'Nur für die Rollen Editor und Admin – Sie sind als Viewer angemeldet.',
  );
  await page.keyboard.press('Escape');

  // The role holds across a reload, and switching back enables the button again.
  await page.reload();
  await expect(menuButton).toHaveAccessibleName('Benutzermenü: Jonas Weber (Viewer)');
  await menuButton.click();
  await page.getByRole('menuitemradio', { name: 'Admin' }).click();
  await page.getByLabel('Status').selectOption('draft');
  await draft.getByRole('button', { name: /Aktionen für/ }).click();
  await expect(page.getByRole('menuitem', { name: 'Publish' })).toBeEnabled();
});
