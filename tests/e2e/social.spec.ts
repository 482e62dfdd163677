import { expect, test } from '@playwright/test';
import { seriousViolations } from './axe';

test('connect a platform, compose from a template with a live preview, post now and schedule', async ({ page }) => {
  await page.goto('/dashboard/social');
  await expect(page.getByTestId('platform-facebook')).toContainText('Graph API v23');
  await expect(page.getByRole('checkbox', { name: 'Instagram' })).toBeDisabled();
  await page.getByRole('button', { name: 'Connect Instagram' }).click();
  await expect(page.getByTestId('platform-instagram')).toContainText('Connected');
  await page.getByRole('checkbox', { name: 'Instagram' }).click();
  await page.getByRole('checkbox', { name: 'Telegram' }).click();

  await page.getByRole('button', { name: 'Post Now' }).click();
  await expect(page.getByText('Bitte geben Sie Inhalt für den Post ein.')).toBeVisible();

  await page.getByLabel('Vorlage').selectOption({ label: 'Live-Stream' });
  await page.getByLabel('Titel').fill('Regierungserklärung');
  const preview = page.getByRole('region', { name: 'Vorschau Instagram' });
  await expect(preview).toContainText('Wir sind live: Regierungserklärung');
  await expect(preview).toContainText('Zum Stream: https://youtube.com/@newsdesk/live');
  await expect(preview).toContainText('/ 2200');
  await expect(page.getByRole('region', { name: 'Vorschau Telegram' })).toContainText('/ 4096');

  // The page itself watches what Post Now shows: the demo platforms publish 1.5 s after the last platform was accepted,
  // and a test runner stalled on a loaded machine may look only after that moment (or after the toast's 4 s).
  await page.evaluate(() => {
    const seen = new Set<string>();
    const watched = { seen: [] as string[], early: false, toast: false };
    const look = () => {
      const lines = [...document.querySelectorAll('[data-testid^="publishing-"]')];
      for (const line of lines) seen.add(line.querySelector('.font-medium')?.textContent ?? '');
      watched.seen = [...seen];
      const text = document.body.textContent ?? '';
      // A success reported while a platform is still on its way.
      if (lines.length > 0 && text.includes('Post veröffentlicht')) watched.early = true;
      if (text.includes('Gesendet an: Instagram, Telegram.')) watched.toast = true;
    };
    new MutationObserver(look).observe(document.body, { subtree: true, childList: true, characterData: true });
    Object.assign(window, { watchedPostNow: watched });
  });
  const watched = () =>
    page.evaluate(
      () =>
        (window as unknown as { watchedPostNow: { seen: string[]; early: boolean; toast: boolean } }).watchedPostNow,
    );
  await page.getByRole('button', { name: 'Post Now' }).click();
  // Accepted (202): on its way to each platform until the demo platforms have published it, then the success.
  await expect.poll(async () => (await watched()).toast).toBe(true);
  const { seen, early } = await watched();
  expect(seen.sort()).toEqual(['Instagram: Wird veröffentlicht …', 'Telegram: Wird veröffentlicht …']);
  expect(early).toBe(false);
  await expect(page.getByTestId('publishing-telegram')).toHaveCount(0);
  // The results stay listed after the toast has gone.
  const results = page.getByRole('region', { name: 'Post Regierungserklärung' });
  await expect(results.getByTestId('publication-instagram')).toContainText('Veröffentlicht');
  await expect(results.getByTestId('publication-telegram')).toContainText('Veröffentlicht');
  const sent = await page.evaluate(
    async () => (await (await fetch('http://localhost:3000/api/social/sent')).json()) as { count: number },
  );
  expect(sent.count).toBe(2);

  await page.getByLabel('Inhalt').fill('Wahlabend – alle Ergebnisse');
  await expect(page.getByRole('switch', { name: 'Planen' })).toBeChecked();
  await page.getByLabel('Datum').fill('2031-03-01');
  await page.getByLabel('Uhrzeit').fill('18:30');
  await page.getByRole('button', { name: 'Schedule' }).click();
  await expect(page.getByText('Post geplant', { exact: true })).toBeVisible();
  await page.getByRole('tab', { name: 'Schedule' }).click();
  await expect(page.getByRole('listitem').filter({ hasText: '2031-03-01 18:30' })).toHaveCount(2);
});

for (const theme of ['light', 'dark'] as const) {
  test(`/dashboard/social has no serious or critical axe violation (${theme})`, async ({ page }) => {
    await page.addInitScript((t) => localStorage.setItem('theme', t), theme);
    await page.goto('/dashboard/social');
    await expect(page.getByText('Graph API v23').first()).toBeAttached();
    const bad = await seriousViolations(page);
    expect(bad).toEqual([]);
  });
}
