// A part of a screen that loads later must not take the screen down: offline in the first seconds of a first visit,
// the outbox (fetched as soon as the page is idle) still opens; a panel whose file cannot be fetched says so in its
// own frame with „Erneut versuchen“, the screen stays, and Retry loads it once the connection is back.
import { expect, test, type Request } from '@playwright/test';

test.use({ serviceWorkers: 'block' });

test('offline right after the first visit, Social → Outbox still opens (fetched while idle)', async ({
  page,
  context,
}) => {
  // Requests on their way: the load state 'networkidle' does not say this, it stays reached once it was.
  const inFlight = new Set<Request>();
  page.on('request', (r) => inFlight.add(r));
  page.on('requestfinished', (r) => inFlight.delete(r));
  page.on('requestfailed', (r) => inFlight.delete(r));
  const outboxChunk = page.waitForResponse((r) => /\/assets\/outbox-panel-[^/]+\.js$/.test(r.url()), {
    timeout: 30_000,
  });
  await page.goto('/dashboard/social');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await outboxChunk;
  // Whatever the idle prefetch asked for has arrived: nothing on its way for a second.
  await expect
    .poll(
      async () => {
        if (inFlight.size > 0) return false;
        await page.waitForTimeout(1000);
        return inFlight.size === 0;
      },
      { timeout: 30_000 },
    )
    .toBe(true);
  await context.setOffline(true);
  try {
    await page.getByRole('tab', { name: 'Outbox' }).click();
    await expect(page.getByRole('tabpanel', { name: 'Outbox' })).toBeVisible();
    await expect(page.getByText('Dieser Bereich konnte nicht geladen werden.')).toHaveCount(0);
    await expect(page.getByText('Unexpected Application Error')).toHaveCount(0);
  } finally {
    await context.setOffline(false);
  }
});

test('a panel whose file cannot be fetched says so in its frame; the screen stays; Retry loads it', async ({
  page,
}) => {
  let blocked = true;
  await page.route(/\/assets\/templates-tab-[^/]+\.js$/, (route) =>
    blocked ? route.abort('internetdisconnected') : route.continue(),
  );
  await page.goto('/dashboard/social');
  await page.getByRole('tab', { name: 'Templates' }).click();
  const panel = page.getByRole('tabpanel', { name: 'Templates' });
  await expect(panel.getByRole('alert')).toContainText('Dieser Bereich konnte nicht geladen werden.');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await expect(page.getByRole('tab', { name: 'Compose' })).toBeVisible();
  blocked = false;
  await panel.getByRole('button', { name: 'Erneut versuchen' }).click();
  await expect(panel.getByRole('alert')).toHaveCount(0);
  await expect(panel.getByText('Dieser Bereich konnte nicht geladen werden.')).toHaveCount(0);
});

test('the database code not fetched (offline before the worker had it): the screen and its header stay', async ({
  page,
}) => {
  await page.route(/\/assets\/db-[^/]+\.js$/, (route) => route.abort('internetdisconnected'));
  await page.goto('/dashboard/social');
  await expect(page.getByRole('heading', { level: 1, name: 'Social Media' })).toBeVisible();
  // The shell's outbox badge reads the database: it waits for the connection instead of taking the screen down.
  await page.waitForTimeout(1500);
  await expect(page.getByText('Unexpected Application Error')).toHaveCount(0);
  await expect(page.getByRole('heading', { level: 1, name: 'Social Media' })).toBeVisible();
});
