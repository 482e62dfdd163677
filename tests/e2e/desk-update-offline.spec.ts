// The real desk (server/main.ts on PGlite, signed in): an update applied in one tab never reloads another tab over its
// half-written post, and a panel that loads later still opens offline or says so in its own frame.
import { cp, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { expect, test, type Page } from '@playwright/test';
import { freePort, signInToDesk, startDesk, type Desk } from './desk';

const BUILD = path.resolve(process.env.E2E_DIST ?? 'dist');

/** A desk of its own: its data folder and a copy of the build, so changing its sw.js touches no other spec's server. */
async function ownDesk(): Promise<{ desk: Desk; dist: string; close(): Promise<void> }> {
  const root = await mkdtemp(path.join(os.tmpdir(), 'newsdesk-update-'));
  const dist = path.join(root, 'dist');
  await cp(BUILD, dist, { recursive: true });
  const desk = await startDesk({
    PORT: String(await freePort()),
    NEWSDESK_DATA_DIR: path.join(root, 'data'),
    NEWSDESK_DIST_DIR: dist,
  });
  return {
    desk,
    dist,
    close: async () => {
      await desk.stop();
      await rm(root, { recursive: true, force: true });
    },
  };
}

const markDocument = (page: Page) => page.evaluate(() => Object.assign(window, { __sameDocument: true }));
const sameDocument = (page: Page) =>
  page.evaluate(() => (window as Window & { __sameDocument?: boolean }).__sameDocument === true);

async function waitForController(page: Page) {
  await page.evaluate(async () => {
    await navigator.serviceWorker.ready;
    if (!navigator.serviceWorker.controller)
      await new Promise<void>((resolve) =>
        navigator.serviceWorker.addEventListener('controllerchange', () => resolve(), { once: true }),
      );
  });
}

test.describe('the real desk, updates', () => {
  test.use({ serviceWorkers: 'allow' });

  test('another tab applying an update never reloads a signed-in tab over its half-written post', async ({
    page,
    context,
  }) => {
    test.setTimeout(180_000);
    const own = await ownDesk();
    try {
      const { url } = own.desk;
      await signInToDesk(page, url, '/dashboard/social');
      await waitForController(page);
      // The token lives in this tab's sessionStorage: the reload keeps it, now under the worker's control.
      await page.reload();
      await expect(page.getByTestId('platform-facebook')).toBeVisible({ timeout: 30_000 });
      // Its update prompt mounts with the toaster once the page is idle, which a tab in the background may not be.
      await expect(page.locator('section[aria-label^="Notifications"]')).toBeAttached();
      // The API calls of a signed-in console went to the network by the worker's static route, never through its fetch
      // handler: a fetch reaching the outgoing worker as the new version activates can leave that version waiting.
      const api = await page.evaluate(() =>
        performance
          .getEntriesByType('resource')
          .filter((e) => new URL(e.name).pathname.startsWith('/api/'))
          .map((e) => (e as PerformanceResourceTiming & { workerMatchedSourceType?: string }).workerMatchedSourceType),
      );
      expect(api.length).toBeGreaterThan(0);
      expect(api.filter((source) => source !== 'network')).toEqual([]);

      // A second tab has no token: it signs in on its own, then writes.
      const writing = await context.newPage();
      await signInToDesk(writing, url, '/dashboard/social');
      await expect(writing.getByTestId('platform-facebook')).toBeVisible({ timeout: 30_000 });
      await writing.getByLabel('Inhalt').fill('Halb geschrieben auf dem echten Desk');
      await writing.getByRole('heading', { level: 1 }).click();
      // Its update prompt mounted and the config.json it fetches then through the worker in control (the runtime cache's
      // warm-up, after the start's own) answered: with DevTools attached, a fetch reaching the outgoing worker as the
      // new version activates leaves that version waiting for the browser's five-minute limit.
      await expect(writing.locator('section[aria-label^="Notifications"]')).toBeAttached();
      await expect
        .poll(() =>
          writing.evaluate(
            () =>
              performance.getEntriesByType('resource').filter((e) => new URL(e.name).pathname === '/config.json')
                .length,
          ),
        )
        .toBeGreaterThanOrEqual(2);
      await markDocument(writing);
      await markDocument(page);

      const sw = path.join(own.dist, 'sw.js');
      const reloaded = page.waitForEvent('load', { timeout: 60_000 });
      await writeFile(sw, `${await readFile(sw, 'utf8')}\n// next version ${Date.now()}\n`);
      await page.evaluate(async () => {
        await (await navigator.serviceWorker.getRegistration())?.update();
      });
      await reloaded;
      expect(await sameDocument(page)).toBe(false);
      await expect(writing.getByText('Neue Version in einem anderen Tab geladen')).toBeVisible({ timeout: 30_000 });
      expect(await sameDocument(writing)).toBe(true);
      await expect(writing.getByLabel('Inhalt')).toHaveValue('Halb geschrieben auf dem echten Desk');
      // The tab that took the update is still signed in and working.
      await expect(page.getByTestId('platform-facebook')).toBeVisible({ timeout: 30_000 });
      await expect(page.getByRole('dialog', { name: 'Zugang zum Newsdesk' })).toHaveCount(0);
    } finally {
      await own.close();
    }
  });
});

test.describe('the real desk, panels that load later', () => {
  test.use({ serviceWorkers: 'block' });

  test('offline right after signing in, Social → Outbox still opens; a panel that cannot load says so in its frame', async ({
    page,
    context,
  }) => {
    test.setTimeout(150_000);
    const own = await ownDesk();
    try {
      let blocked = true;
      await page.route(/\/assets\/templates-tab-[^/]+\.js$/, (route) =>
        blocked ? route.abort('internetdisconnected') : route.continue(),
      );
      const outboxChunk = page.waitForRequest((r) => /\/assets\/outbox-panel-[^/]+\.js$/.test(r.url()), {
        timeout: 60_000,
      });
      await signInToDesk(page, own.desk.url, '/dashboard/social');
      await expect(page.getByRole('heading', { level: 1, name: 'Social Media' })).toBeVisible();
      await outboxChunk;
      await page.waitForLoadState('networkidle');

      await context.setOffline(true);
      try {
        await page.getByRole('tab', { name: 'Outbox' }).click();
        await expect(page.getByRole('tabpanel', { name: 'Outbox' })).toBeVisible();
        await expect(page.getByText('Dieser Bereich konnte nicht geladen werden.')).toHaveCount(0);
        await expect(page.getByText('Unexpected Application Error')).toHaveCount(0);

        await page.getByRole('tab', { name: 'Templates' }).click();
        const panel = page.getByRole('tabpanel', { name: 'Templates' });
        await expect(panel.getByRole('alert')).toContainText('Dieser Bereich konnte nicht geladen werden.');
        await expect(page.getByRole('heading', { level: 1, name: 'Social Media' })).toBeVisible();
        await expect(page.getByRole('tab', { name: 'Outbox' })).toBeVisible();
      } finally {
        await context.setOffline(false);
      }
      blocked = false;
      const panel = page.getByRole('tabpanel', { name: 'Templates' });
      await panel.getByRole('button', { name: 'Erneut versuchen' }).click();
      await expect(panel.getByText('Dieser Bereich konnte nicht geladen werden.')).toHaveCount(0);
      await expect(page.getByText('Unexpected Application Error')).toHaveCount(0);
    } finally {
      await own.close();
    }
  });
});
