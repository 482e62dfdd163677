import { expect, test } from '@playwright/test';
import { seriousViolations } from './axe';

// A 1×1 PNG.
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAQAAAC1HAwCAAAAC0lEQVR42mNkYAAAAAYAAjCB0C8AAAAASUVORK5CYII=',
  'base64',
);

test('upload a file with progress; it appears in the list', async ({ page }) => {
  await page.goto('/dashboard/media');
  await expect(page.getByTestId('count-all')).toHaveText('9');
  await expect(page.getByTestId('count-image')).toHaveText('3');
  await page.getByRole('button', { name: 'Upload Media' }).click();
  const dialog = page.getByRole('dialog');
  await dialog
    .getByLabel('Datei')
    .setInputFiles({ name: 'bericht.pdf', mimeType: 'application/pdf', buffer: Buffer.from('%PDF-1.4') });
  await expect(dialog.getByRole('alert')).toHaveText(
    'Dateityp wird nicht unterstützt. Erlaubt sind Video-, Audio- und Bilddateien.',
  );
  await dialog.getByLabel('Datei').setInputFiles({ name: 'pixel.png', mimeType: 'image/png', buffer: PNG });
  await dialog.getByLabel('Titel').fill('E2E Pixel');
  // A 1×1 PNG can finish uploading before an assertion polls: the page records every value its progress bar showed.
  await page.evaluate(() => {
    const seen: string[] = [];
    (window as unknown as { uploadProgress: string[] }).uploadProgress = seen;
    new MutationObserver(() => {
      const bar = document.querySelector('[role="dialog"] [role="progressbar"][aria-label="Upload-Fortschritt"]');
      const value = bar?.getAttribute('aria-valuenow');
      if (
        bar &&
        bar.getBoundingClientRect().height > 0 &&
        value !== null &&
        value !== undefined &&
        seen.at(-1) !== value
      )
        seen.push(value);
    }).observe(document.body, { subtree: true, childList: true, attributes: true, attributeFilter: ['aria-valuenow'] });
  });
  await dialog.getByRole('button', { name: 'Upload' }).click();
  await expect(page.getByText('Media hochgeladen', { exact: true })).toBeVisible();
  // The bar was shown in the dialog, its values only rising.
  const shown = (await page.evaluate(() => (window as unknown as { uploadProgress: string[] }).uploadProgress)).map(
    Number,
  );
  expect(shown.length).toBeGreaterThan(0);
  expect(shown).toEqual([...shown].sort((a, b) => a - b));
  await expect(page.getByRole('heading', { name: 'E2E Pixel' })).toBeVisible();
  await expect(page.getByTestId('count-image')).toHaveText('4');
  await expect(page.getByTestId('count-all')).toHaveText('10');
  // The uploaded image is shown from the page's own object URL: nothing left the origin.
  const src = await page.getByTestId('media-card').filter({ hasText: 'E2E Pixel' }).locator('img').getAttribute('src');
  expect(src).toMatch(/^blob:/);
});

test('audio and video previews are real, playable players; a file the browser cannot decode is refused at upload', async ({
  page,
}) => {
  await page.goto('/dashboard/media');
  const card = page.getByTestId('media-card').filter({ hasText: 'Jingle Nachrichten' });
  await card.getByRole('button', { name: 'Aktionen für Jingle Nachrichten' }).click();
  await page.getByRole('menuitem', { name: 'Preview' }).click();
  const audio = page.getByRole('dialog').locator('audio');
  await expect(audio).toBeVisible();
  await expect.poll(() => audio.evaluate((el: HTMLAudioElement) => el.duration)).toBeGreaterThan(0.3);
  await page.keyboard.press('Escape');

  await page.getByRole('button', { name: 'Breaking News Intro abspielen' }).click();
  const video = page.getByRole('dialog').locator('video');
  await expect(video).toBeVisible();
  await expect
    .poll(() => video.evaluate((el: HTMLVideoElement) => [el.videoWidth, Math.round(el.duration)]))
    .toEqual([320, 4]);
  await video.evaluate(async (el: HTMLVideoElement) => {
    el.muted = true;
    await el.play();
  });
  await expect.poll(() => video.evaluate((el: HTMLVideoElement) => el.currentTime)).toBeGreaterThan(0.2);
  await expect(
    page.getByText('Diese Datei kann im Browser nicht abgespielt werden. Laden Sie sie herunter, um sie anzusehen.'),
  ).toHaveCount(0);
  await page.keyboard.press('Escape');

  await page.getByRole('button', { name: 'Upload Media' }).click();
  const dialog = page.getByRole('dialog');
  // Text named .mp4 (the browser guesses video/mp4 from the name): refused by its bytes.
  await dialog
    .getByLabel('Datei')
    .setInputFiles({ name: 'kaputt.mp4', mimeType: 'video/mp4', buffer: Buffer.from('kein Film') });
  await expect(dialog.getByRole('alert')).toHaveText(
    'Dateityp wird nicht unterstützt. Erlaubt sind Video-, Audio- und Bilddateien.',
  );
  // A real MP4 header (ftyp isom) over garbage: Chromium cannot decode it, so it is refused before any upload.
  const broken = Buffer.concat([
    Buffer.from('00000018' + '66747970' + '69736f6d' + '00000200' + '69736f6d' + '6d703431', 'hex'),
    Buffer.alloc(8192, 0x5a),
  ]);
  await dialog
    .getByLabel('Datei')
    .setInputFiles({ name: 'kaputt-mit-kopf.mp4', mimeType: 'video/mp4', buffer: broken });
  await expect(dialog.getByRole('alert')).toHaveText('Diese Datei kann im Browser nicht abgespielt werden.');
  await expect(dialog.getByRole('button', { name: 'Upload' })).toBeDisabled();
  await dialog.getByRole('button', { name: 'Abbrechen' }).click();
  await expect(page.getByTestId('count-all')).toHaveText('9');
  await expect(page.getByText('Media hochgeladen', { exact: true })).toHaveCount(0);
});

test('a picture named like a film is uploaded as what its bytes are', async ({ page }) => {
  await page.goto('/dashboard/media');
  await expect(page.getByTestId('count-image')).toHaveText('3');
  await page.getByRole('button', { name: 'Upload Media' }).click();
  const dialog = page.getByRole('dialog');
  await dialog
    .getByLabel('Datei')
    .setInputFiles({ name: 'eigentlich-ein-bild.mp4', mimeType: 'video/mp4', buffer: PNG });
  await dialog.getByRole('button', { name: 'Upload' }).click();
  await expect(page.getByText('Media hochgeladen', { exact: true })).toBeVisible();
  await expect(page.getByTestId('count-image')).toHaveText('4');
});

for (const theme of ['light', 'dark'] as const) {
  test(`/dashboard/media has no serious or critical axe violation (${theme})`, async ({ page }) => {
    await page.addInitScript((t) => localStorage.setItem('theme', t), theme);
    await page.goto('/dashboard/media');
    await expect(page.getByText('Breaking News Intro').first()).toBeAttached();
    const bad = await seriousViolations(page);
    expect(bad).toEqual([]);
  });
}
