import { expect, test } from '@playwright/test';
import { seriousViolations } from './axe';
import { openWithMockHooks } from './open-screen';

// Video Studio and Prompt Generator in mock mode (the in-page mock network answers /api/video/* and /api/ai/prompt).

test('Video Studio: generate a video and see it in My Projects', async ({ page }) => {
  await page.goto('/dashboard/videos');
  await expect(page.getByRole('heading', { name: 'Video Studio', level: 1 })).toBeVisible();
  const generate = page.getByRole('button', { name: 'Generate video' });
  await expect(generate).toBeDisabled();
  await expect(page.getByText('Bitte Avatar und Script auswählen.')).toBeVisible();

  await page.getByText('HeyGen', { exact: true }).click();
  await page.getByText('Markus', { exact: true }).click();
  await page.getByLabel('Script').fill('Guten Abend, hier sind die Nachrichten aus Hamburg.');
  await expect(generate).toBeEnabled();
  await generate.click();
  await expect(page.getByText('Video generiert')).toBeVisible();

  await page.getByRole('tab', { name: 'My Projects' }).click();
  const list = page.getByRole('list', { name: 'My Projects' });
  await expect(list.getByRole('listitem').first()).toContainText('Guten Abend, hier sind die Nachrichten aus Hamburg.');
  await expect(list.getByRole('listitem').first()).toContainText('Processing');
  // The fixture's pending project starts at 67 % and moves on as its status is polled (GET /video/{provider}/status/{id}).
  const pending = page.getByRole('progressbar', { name: 'Fortschritt Tech-Trends der Woche' });
  await expect(pending).toBeVisible();
  await expect.poll(async () => Number(await pending.getAttribute('aria-valuenow'))).toBeGreaterThanOrEqual(67);

  // A completed project plays in a real player (the mock's sample film).
  await page.getByRole('button', { name: 'Play: Breaking News: KI-Gipfel in Berlin' }).click();
  const video = page.getByRole('dialog').locator('video');
  await expect
    .poll(() => video.evaluate((el: HTMLVideoElement) => [el.videoWidth, Math.round(el.duration)]))
    .toEqual([320, 4]);
});

test('Video Studio: Lokal (ohne Anbieter) generates without an avatar; the simulated render completes in My Projects', async ({
  page,
}) => {
  await page.goto('/dashboard/videos');
  const generate = page.getByRole('button', { name: 'Generate video' });
  await page.getByText('Lokal (ohne Anbieter)', { exact: true }).click();
  await expect(
    page.getByText(
      'Kein Avatar nötig: Der Server spricht das Script mit der gewählten Stimme und rendert es mit Untertiteln.',
    ),
  ).toBeVisible();
  await expect(page.getByText('Bitte Script eingeben.')).toBeVisible();
  await expect(generate).toBeDisabled();
  await page.getByLabel('Script').fill('Guten Abend, die Nachrichten vom eigenen Server.');
  await page.getByLabel('Quality').selectOption('720p');
  await expect(generate).toBeEnabled();
  await generate.click();
  await expect(page.getByText('Video generiert')).toBeVisible();

  await page.getByRole('tab', { name: 'My Projects' }).click();
  const project = page.getByRole('list', { name: 'My Projects' }).getByRole('listitem').first();
  // The demo says the render is simulated; it completes on its own (My Projects reloads while it renders) and plays.
  await expect(project).toContainText('Guten Abend, die Nachrichten vom eigenen Server. (simuliert)');
  await expect(project).toContainText('Lokal (ohne Anbieter)');
  await expect(project).toContainText('Completed', { timeout: 20_000 });
  await project.getByRole('button', { name: /^Play: / }).click();
  const video = page.getByRole('dialog').locator('video');
  await expect.poll(() => video.evaluate((el: HTMLVideoElement) => el.videoWidth)).toBe(320);
});

test('Prompt Generator: generate a content prompt with a topic and copy it', async ({ page, context }) => {
  await context.grantPermissions(['clipboard-read', 'clipboard-write']);
  await page.goto('/dashboard/prompts');
  await expect(page.getByRole('heading', { name: 'Prompt Generator', level: 1 })).toBeVisible();
  const generate = page.getByRole('button', { name: 'Generate', exact: true });
  await expect(generate).toBeDisabled();
  await page.getByLabel('Topic').fill('Klimagipfel');
  await page.getByLabel('Audience').selectOption('experten');
  await generate.click();
  const output = page.getByLabel('Generated prompt');
  await expect(output).toHaveValue(/Klimagipfel/);
  await expect(output).toHaveValue(/\[ORT\]/);
  await expect(output).toHaveValue(/Zielgruppe: experten$/);
  await page.getByRole('button', { name: 'Copy' }).click();
  await expect(page.getByText('In die Zwischenablage kopiert')).toBeVisible();
  const clipboard = await page.evaluate(() => navigator.clipboard.readText());
  expect(clipboard).toBe(await output.inputValue());
});

test('Prompt Generator: a saved custom prompt is still listed after a reload', async ({ page }) => {
  await page.goto('/dashboard/prompts');
  await page.getByRole('tab', { name: 'Custom' }).click();
  await page.getByLabel('Name').fill('Wochenkommentar');
  await page.getByLabel('Category').fill('Meinung');
  await page.getByLabel('Template').fill('Kommentiere {topic} aus Sicht von {location}.');
  await page.getByRole('button', { name: 'Save', exact: true }).click();
  await expect(page.getByText('Prompt gespeichert')).toBeVisible();
  await expect(page.getByRole('list', { name: 'Saved prompts' })).toContainText('Wochenkommentar');

  await page.reload();
  await page.getByRole('tab', { name: 'Custom' }).click();
  await expect(page.getByRole('list', { name: 'Saved prompts' })).toContainText('Wochenkommentar');
  await expect(page.getByRole('list', { name: 'Saved prompts' })).toContainText('Meinung');
});

test('Video Studio and Prompt Generator have no serious axe violation (light and dark)', async ({ page }) => {
  test.setTimeout(120_000);
  for (const theme of ['light', 'dark'] as const) {
    await page.addInitScript((t) => localStorage.setItem('theme', t), theme);
    await page.goto('/dashboard/videos');
    await expect(page.getByText('Markus', { exact: true })).toBeVisible();
    expect(await seriousViolations(page)).toEqual([]);
    await page.getByRole('tab', { name: 'My Projects' }).click();
    await expect(page.getByRole('list', { name: 'My Projects' })).toBeVisible();
    expect(await seriousViolations(page)).toEqual([]);
    await page.getByRole('tab', { name: 'Workflow Integration' }).click();
    expect(await seriousViolations(page)).toEqual([]);
    await page.goto('/dashboard/prompts');
    await page.getByLabel('Topic').fill('Wahl');
    await page.getByRole('button', { name: 'Generate', exact: true }).click();
    expect(await seriousViolations(page)).toEqual([]);
    await page.getByRole('tab', { name: 'Custom' }).click();
    expect(await seriousViolations(page)).toEqual([]);
  }
});

test('Video Studio trigger: a refused webhook says N8N Workflow fehlgeschlagen. and its error-log Retry sends the same body again', async ({
  page,
}) => {
  await openWithMockHooks(page, '/dashboard/videos', 'Video Studio');
  await page.evaluate(() => {
    const m = window.__newsdeskMocks;
    if (!m) throw new Error('mock hooks missing');
    const w = window as unknown as { __hook: { up: boolean; bodies: unknown[] } };
    w.__hook = { up: false, bodies: [] };
    m.use(
      m.http.post('https://hooks.example.test/video', async ({ request }) => {
        w.__hook.bodies.push(await request.json());
        return w.__hook.up
          ? m.HttpResponse.json({ ok: true })
          : new m.HttpResponse('kaputt', { status: 500, statusText: 'Internal Server Error' });
      }),
    );
  });
  await page.getByRole('tab', { name: 'Workflow Integration' }).click();
  await page.getByLabel('Webhook URL').fill('https://hooks.example.test/video');
  await page.getByRole('button', { name: /Trigger/ }).click();
  await expect(page.getByText('N8N Workflow fehlgeschlagen.')).toBeVisible();
  await expect(page.getByText('n8n Webhook failed: 500 Internal Server Error').first()).toBeVisible();

  // Same page (the in-page handler stays): the webhook is back, and Admin → Error Logs re-sends the call.
  await page.evaluate(() => {
    (window as unknown as { __hook: { up: boolean } }).__hook.up = true;
  });
  await page.getByRole('link', { name: 'Admin Settings' }).click();
  await page.getByRole('tab', { name: 'Error Logs' }).click();
  const entry = page.getByTestId('error-entry').filter({ hasText: 'n8n Webhook failed: 500 Internal Server Error' });
  await expect(entry).toHaveCount(1);
  await entry.getByRole('button', { name: /^Retry/ }).click();
  await expect(page.getByText('Erneuter Versuch erfolgreich')).toBeVisible();
  await expect(entry).toContainText('Resolved');
  const bodies = await page.evaluate(
    () => (window as unknown as { __hook: { bodies: Array<{ trigger: string; source: string }> } }).__hook.bodies,
  );
  expect(bodies).toHaveLength(2);
  expect(bodies[1]).toEqual(bodies[0]);
  expect(bodies[0]).toMatchObject({ trigger: 'video_studio', source: 'newsdesk-video-studio' });
});
