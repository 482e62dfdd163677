import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { expect, test, type Page } from '@playwright/test';
import { withOperatorToken } from './live-desk';

async function waitForController(page: Page) {
  await page.evaluate(async () => {
    await navigator.serviceWorker.ready;
    if (!navigator.serviceWorker.controller) {
      await new Promise<void>((resolve) =>
        navigator.serviceWorker.addEventListener('controllerchange', () => resolve(), { once: true }),
      );
    }
  });
}

test('the manifest describes the installable app with real PNG icons and shortcuts', async ({ page, request }) => {
  await page.goto('/');
  const href = await page.locator('link[rel="manifest"]').getAttribute('href');
  expect(href).toBeTruthy();
  const manifest = await (await request.get(href as string)).json();
  expect(manifest).toMatchObject({
    short_name: 'Newsdesk',
    display: 'standalone',
    start_url: '/dashboard',
    theme_color: '#0f172a',
  });
  expect(manifest.name).toBeTruthy();
  expect(manifest.description).toBeTruthy();
  expect(manifest.shortcuts.map((s: { name: string; url: string }) => [s.name, s.url])).toEqual([
    ['Live Broadcast', '/dashboard/live'],
    ['Workflow', '/dashboard/workflow'],
    ['Posts', '/dashboard/posts'],
  ]);
  const purposes: string[] = [];
  for (const icon of manifest.icons as Array<{ src: string; sizes: string; purpose?: string }>) {
    const res = await request.get(icon.src);
    expect(res.headers()['content-type']).toContain('image/png');
    const png = await res.body();
    expect(png.subarray(1, 4).toString('ascii')).toBe('PNG');
    const width = png.readUInt32BE(16);
    expect(`${width}x${png.readUInt32BE(20)}`).toBe(icon.sizes);
    purposes.push(`${icon.sizes}:${icon.purpose ?? 'any'}`);
  }
  expect(purposes).toEqual(expect.arrayContaining(['192x192:any', '512x512:any', '512x512:maskable']));
});

test('the PWA service worker is the only one and controls the page', async ({ page }) => {
  await page.goto('/dashboard');
  await waitForController(page);
  const scripts = await page.evaluate(async () =>
    (await navigator.serviceWorker.getRegistrations()).map((r) => r.active?.scriptURL ?? ''),
  );
  expect(scripts).toHaveLength(1);
  expect(scripts[0]).toMatch(/\/sw\.js$/);
});

test("the worker leaves the desk's own channel (/news/…, /feed.xml) to the server; a route of the app it answers", async ({
  page,
  context,
}) => {
  // The page's first requests bypassed the worker: the mock chunk is in its cache only once the page has fetched it again.
  await visitForOffline(page);
  await context.setOffline(true);
  try {
    // A route of the app comes from the worker offline (so the check below can fail).
    const app = await context.newPage();
    await app.goto('/dashboard');
    await expect(app.getByRole('heading', { level: 1, name: 'Dashboard' })).toBeVisible();
    await app.close();
    // Offline, an address the worker answered with the app would still open: these must reach for the network. Each in
    // a page of its own, so one failed navigation's error page cannot interrupt the next.
    for (const address of ['/news/2026-11-26-eine-meldung-0a1b2c3d', '/feed.xml']) {
      const probe = await context.newPage();
      const failed = await probe.goto(address).then(
        () => false,
        () => true,
      );
      await probe.close();
      expect(failed, address).toBe(true);
    }
  } finally {
    await context.setOffline(false);
  }
});

/** One visit of the dashboard (mock mode) until the worker controls it and holds the mock chunk (cached at run time). */
async function visitForOffline(page: Page) {
  await page.goto('/dashboard');
  await expect(page.getByText('1,247')).toBeVisible();
  await waitForController(page);
  await expect
    .poll(async () => page.evaluate(async () => (await (await caches.open('newsdesk-mocks')).keys()).length), {
      timeout: 15_000,
    })
    .toBeGreaterThan(0);
}

test('after one visit the dashboard (mock mode) reloads offline', async ({ page, context }) => {
  await visitForOffline(page);

  await context.setOffline(true);
  await page.reload();
  await expect(page.getByRole('heading', { level: 1, name: 'Dashboard' })).toBeVisible();
  await expect(page.getByText('1,247')).toBeVisible();
  await expect(
    page.getByText('Keine Verbindung – Sie sind offline. Die zuletzt geladenen Daten bleiben sichtbar.'),
  ).toBeVisible();

  await page.getByTestId('sidebar-desktop').getByRole('link', { name: 'Posts' }).click();
  await expect(page).toHaveURL(/\/dashboard\/posts$/);
  await context.setOffline(false);
});

test('offline, the build files come from the precache by static route (no fetch handler), the mock chunk through the worker', async ({
  page,
  context,
}) => {
  await visitForOffline(page);
  // The preview server varies on Origin; once the worker is active its precached files are kept without Vary, or the
  // browser's own lookup (with the page's Origin header) would miss every one of them.
  await expect
    .poll(
      async () =>
        page.evaluate(async () => {
          const name = (await caches.keys()).find((n) => n.startsWith('workbox-precache'));
          const cache = await caches.open(name ?? '');
          const assets = (await cache.keys()).filter((r) => new URL(r.url).pathname.startsWith('/assets/'));
          const varying = await Promise.all(
            assets.map(async (r) => (await cache.match(r, { ignoreVary: true }))?.headers.has('Vary')),
          );
          return { assets: assets.length, varying: varying.filter(Boolean).length };
        }),
      { timeout: 15_000 },
    )
    .toMatchObject({ varying: 0 });

  await context.setOffline(true);
  await page.reload();
  await expect(page.getByRole('heading', { level: 1, name: 'Dashboard' })).toBeVisible();
  await expect(page.getByText('1,247')).toBeVisible();
  const sources = await page.evaluate(() =>
    performance.getEntriesByType('resource').map((e) => ({
      path: new URL(e.name).pathname,
      source: (e as PerformanceResourceTiming & { workerMatchedSourceType?: string }).workerMatchedSourceType,
    })),
  );
  const built = sources.filter((s) => /^\/assets\/.+\.(js|css)$/.test(s.path) && !s.path.includes('/mock-network-'));
  expect(built.length).toBeGreaterThan(10);
  expect(built.filter((s) => s.source !== 'cache')).toEqual([]);
  // The chunk itself, and any later fetch of it (the idle cache warm-up), through the worker's handler and its cache.
  const mock = sources.filter((s) => s.path.includes('/mock-network-'));
  expect(mock.length).toBeGreaterThan(0);
  expect(mock.filter((s) => s.source !== 'fetch-event')).toEqual([]);
  await context.setOffline(false);
});

test.describe('warm start', () => {
  test.use({ serviceWorkers: 'block' });

  test('a browser that ran the demo asks for the mock chunk while config.json is still unanswered', async ({
    page,
  }) => {
    // The first visit leaves the hint that this browser runs the demo.
    await page.goto('/dashboard');
    await expect(page.getByRole('heading', { level: 1, name: 'Dashboard' })).toBeVisible();
    await expect
      .poll(() =>
        page.evaluate(async () =>
          (await (await caches.open('newsdesk-deployment')).match('/newsdesk/last-mode'))?.text(),
        ),
      )
      .toBe('mock');

    // config.json is held until the mock chunk has been asked for: were the chunk loaded only after config.json's
    // answer, the request below would never come and the test would fail.
    let release = () => {};
    const held = new Promise<void>((resolve) => (release = resolve));
    await page.route('**/config.json', async (route) => {
      await held;
      await route.continue();
    });
    const mockRequested = page.waitForRequest(/\/mock-network-[^/]+\.js$/, { timeout: 20_000 });
    const reloaded = page.reload();
    await mockRequested;
    release();
    await reloaded;
    await expect(page.getByRole('heading', { level: 1, name: 'Dashboard' })).toBeVisible();
    await expect(page.getByText('1,247')).toBeVisible();
  });
});

test.describe('live deployment', () => {
  test.use({ serviceWorkers: 'block' });

  test('config.json apiMode live: the mock chunk is never downloaded', async ({ page }) => {
    await withOperatorToken(page);
    await page.route('**/config.json', (route) =>
      route.fulfill({
        status: 200,
        contentType: 'application/json',
        body: JSON.stringify({ apiMode: 'live', apiBaseUrl: 'http://127.0.0.1:9/api' }),
      }),
    );
    const scripts: string[] = [];
    page.on('request', (req) => {
      if (req.resourceType() === 'script') scripts.push(req.url());
    });
    await page.goto('/');
    await expect(page.getByRole('link', { name: 'Launch Dashboard' })).toBeVisible();
    // Mock mode starts its warm-up import in the same idle callback that loads the toaster, before the toaster's
    // chunk is even requested: once the toaster is in the page, a warm-up would have asked for the mock chunk.
    await expect(page.locator('section[aria-label^="Notifications"]')).toBeAttached();
    await page.getByRole('link', { name: 'Launch Dashboard' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Dashboard' })).toBeVisible();
    expect(scripts.length).toBeGreaterThan(0);
    expect(scripts.filter((u) => /mock-network/.test(u))).toEqual([]);
  });

  test('mock mode (the default) loads the mock chunk by the time the toaster is in, so the check above can fail', async ({
    page,
  }) => {
    const scripts: string[] = [];
    page.on('request', (req) => {
      if (req.resourceType() === 'script') scripts.push(req.url());
    });
    await page.goto('/');
    await expect(page.locator('section[aria-label^="Notifications"]')).toBeAttached();
    expect(scripts.some((u) => /mock-network/.test(u))).toBe(true);
    await page.getByRole('link', { name: 'Launch Dashboard' }).click();
    await expect(page.getByText('1,247')).toBeVisible();
  });
});

test.describe('updates', () => {
  // The tests publish a new version by changing the served sw.js, so they run one after the other.
  test.describe.configure({ mode: 'serial' });
  const SW = join(process.env.E2E_DIST ?? 'dist', 'sw.js');
  let original = '';
  test.beforeEach(() => {
    original = readFileSync(SW, 'utf8');
  });
  test.afterEach(() => writeFileSync(SW, original));

  async function publishNewVersion(page: Page) {
    writeFileSync(SW, `${original}\n// next version ${Date.now()}\n`);
    await page.evaluate(async () => {
      await (await navigator.serviceWorker.getRegistration())?.update();
    });
  }
  /**
   * The console's update prompt mounted (with the toaster, once the page is idle) and the fetches it makes as it mounts
   * (the runtime caches' warm-up, through the worker in control) answered. A fetch reaching the outgoing worker just as
   * Chromium activates the new one can leave the new one waiting; with DevTools attached (as Playwright is) the old
   * worker never idles out, and the update then waits for the browser's five-minute limit.
   */
  async function settled(page: Page) {
    await expect(page.locator('section[aria-label^="Notifications"]')).toBeAttached();
    await page.waitForLoadState('networkidle');
  }
  // A console opened again once the worker controls it (workbox-window reloads for an update only then).
  async function openControlled(page: Page, path: string) {
    await page.goto(path);
    await waitForController(page);
    await page.reload();
    await expect(page.getByTestId('platform-facebook')).toBeVisible();
    await settled(page);
  }
  const markDocument = (page: Page) => page.evaluate(() => Object.assign(window, { __sameDocument: true }));
  const sameDocument = (page: Page) =>
    page.evaluate(() => (window as Window & { __sameDocument?: boolean }).__sameDocument === true);

  test('an automatic update never reloads over a half-written post; it asks instead', async ({ page }) => {
    await openControlled(page, '/dashboard/social');
    await page.getByLabel('Inhalt').fill('Halb geschrieben – bitte nicht verlieren');
    // Focus leaves the field, so only the composer's own unsaved mark protects the text.
    await page.getByRole('heading', { level: 1 }).click();
    await markDocument(page);
    await publishNewVersion(page);
    await expect(page.getByText('Update verfügbar')).toBeVisible();
    expect(await sameDocument(page)).toBe(true);
    await expect(page.getByLabel('Inhalt')).toHaveValue('Halb geschrieben – bitte nicht verlieren');
  });

  test('another tab applying an update never reloads a tab over its half-written post; that tab waits and says so', async ({
    page,
    context,
  }) => {
    await openControlled(page, '/dashboard/social');
    // A prompt that mounts after the hand-over is the unit test's case (update-prompt.test.tsx).
    const writing = await context.newPage();
    await writing.goto('/dashboard/social');
    await expect(writing.getByTestId('platform-facebook')).toBeVisible();
    await writing.getByLabel('Inhalt').fill('Halb geschrieben im zweiten Tab');
    await writing.getByRole('heading', { level: 1 }).click();
    await settled(writing);
    await markDocument(writing);
    await markDocument(page);
    // The first tab has nothing typed: it applies the update and reloads, which hands the second tab over too.
    const reloaded = page.waitForEvent('load', { timeout: 60_000 });
    await publishNewVersion(page);
    await reloaded;
    expect(await sameDocument(page)).toBe(false);
    await expect(writing.getByText('Neue Version in einem anderen Tab geladen')).toBeVisible({ timeout: 30_000 });
    expect(await sameDocument(writing)).toBe(true);
    await expect(writing.getByLabel('Inhalt')).toHaveValue('Halb geschrieben im zweiten Tab');
    // Reload when the operator says so.
    const second = writing.waitForEvent('load');
    await writing.getByRole('button', { name: 'Neu laden' }).click();
    await second;
    expect(await sameDocument(writing)).toBe(false);
  });

  test('with nothing typed the same update is applied at once (so the test above can fail)', async ({ page }) => {
    await openControlled(page, '/dashboard/social');
    await markDocument(page);
    const reloaded = page.waitForEvent('load', { timeout: 60_000 });
    await publishNewVersion(page);
    // Should it not reload, the failure says how far the new version got.
    await reloaded.catch(async (error: unknown) => {
      const state = await page.evaluate(async () => {
        const registration = await navigator.serviceWorker.getRegistration();
        return {
          installing: registration?.installing?.state,
          waiting: registration?.waiting?.state,
          active: registration?.active?.state,
          controller: navigator.serviceWorker.controller?.state,
        };
      });
      throw new Error(`the page did not reload for the update; the registration: ${JSON.stringify(state)}`, {
        cause: error,
      });
    });
    await expect(page.getByTestId('platform-facebook')).toBeVisible();
    expect(await sameDocument(page)).toBe(false);
  });
});
