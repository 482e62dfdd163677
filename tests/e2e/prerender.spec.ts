import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { expect, test, type Locator, type Page, type Route } from '@playwright/test';
import { inlineScriptHashes } from '../../scripts/build/csp';
import { layoutShifts, watchLayoutShifts } from './layout-shifts';
import { mockBackendForTests, withOperatorToken } from './live-desk';

// Each route document carries its screen's shell (sidebar, title row, skeleton) in #root, so the heading paints before
// any script runs; the app replaces it in its first commit, where the same boxes are drawn again.
const DIST = path.resolve(process.env.E2E_DIST ?? 'dist');

// Written out from SPEC §2 (sidebar names) and the screens' title rows.
const SHELLS = [
  { path: '/dashboard', link: 'Dashboard', title: 'Dashboard' },
  { path: '/dashboard/workflow', link: 'Workflow', title: 'n8n AI-News Workflow' },
  { path: '/dashboard/ai-news', link: null, title: 'AI News Central' },
  { path: '/dashboard/posts', link: 'Posts', title: 'Post Management' },
  { path: '/dashboard/media', link: 'Media Library', title: 'Media Library' },
  { path: '/dashboard/live', link: 'Live Broadcast', title: 'Live Broadcast' },
  { path: '/dashboard/social', link: 'Social Media', title: 'Social Media' },
  { path: '/dashboard/videos', link: 'Video Studio', title: 'Video Studio' },
  { path: '/dashboard/prompts', link: 'Prompt Generator', title: 'Prompt Generator' },
  { path: '/dashboard/admin', link: 'Admin Settings', title: 'Admin Settings' },
  { path: '/dashboard/admin/settings', link: 'Admin Settings', title: 'Admin Settings' },
] as const;

const LANDING = 'AI-powered news, from trending topic to live broadcast';

test.describe('without JavaScript', () => {
  test.use({ javaScriptEnabled: false, serviceWorkers: 'block' });

  for (const shell of SHELLS) {
    test(`${shell.path} shows its sidebar and title row from the document alone`, async ({ page }) => {
      await page.goto(shell.path);
      const prerendered = page.locator('[data-prerendered]');
      await expect(prerendered.locator('h1')).toHaveText(shell.title);
      // Inert and hidden from assistive technology until the app takes over: its buttons would do nothing yet.
      await expect(prerendered).toHaveAttribute('inert', '');
      await expect(prerendered).toHaveAttribute('aria-hidden', 'true');
      const current = prerendered.locator('nav a[aria-current="page"]');
      if (shell.link) await expect(current).toHaveText(shell.link);
      else await expect(current).toHaveCount(0);
      await expect(prerendered.locator('[data-slot="skeleton"]').first()).toBeVisible();
      await expect(prerendered.locator('[data-testid]')).toHaveCount(0);
    });
  }

  test('/dashboard/live carries the screen’s first render, its cards’ texts among it', async ({ page }) => {
    await page.goto('/dashboard/live');
    const prerendered = page.locator('[data-prerendered]');
    await expect(prerendered.locator('h1')).toHaveText('Live Broadcast');
    // SPEC §5.6's viewer counter says its figures are simulated; the text is the screen's largest before any data.
    await expect(prerendered.getByText('Simulierte Zuschauerzahl (keine echten Plattformdaten).')).toBeVisible();
    await expect(prerendered.getByText('Verbinden Sie OBS, um die Szenen zu laden.')).toBeVisible();
    for (const title of ['OBS Connection', 'Viewers', 'Scenes', 'Quick Text', 'Scheduled Broadcasts'])
      await expect(prerendered.getByText(title, { exact: true })).toBeVisible();
  });

  test('/ is the landing page in full', async ({ page }) => {
    await page.goto('/');
    await expect(page.locator('[data-prerendered] h1')).toHaveText(LANDING);
    await expect(page.locator('[data-prerendered] a[href="/dashboard"]').first()).toBeVisible();
  });
});

test('every document built carries a policy whose hashes cover its inline scripts', () => {
  const documents = (dir: string): string[] =>
    readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
      const file = path.join(dir, entry.name);
      if (entry.isDirectory()) return entry.name === 'assets' ? [] : documents(file);
      return entry.name.endsWith('.html') ? [file] : [];
    });
  const header = JSON.parse(readFileSync(path.join(DIST, 'csp.json'), 'utf8')) as { scriptHashes: string[] };
  const files = documents(DIST).filter((file) => !file.includes(`${path.sep}auth${path.sep}`));
  expect(files.map((file) => path.relative(DIST, file))).toEqual(
    expect.arrayContaining(['index.html', 'dashboard.html', 'dashboard/posts.html', 'dashboard/admin/settings.html']),
  );
  for (const file of files) {
    const html = readFileSync(file, 'utf8');
    // Scripts wait behind the stylesheet: the prerendered page needs only the document and its styles to paint.
    const preloads = html.match(/<link rel="modulepreload"[^>]*>/g) ?? [];
    expect(preloads.length, file).toBeGreaterThan(0);
    for (const link of preloads) expect(link, file).toContain('fetchpriority="low"');
    const meta = /<meta http-equiv="Content-Security-Policy" content="([^"]*)"/.exec(html)?.[1] ?? '';
    const hashes = inlineScriptHashes(html);
    expect(hashes.length, file).toBeGreaterThan(0);
    for (const hash of hashes) {
      expect(meta, `${file}: its meta policy`).toContain(hash);
      expect(header.scriptHashes, `${file}: the header policy of csp.json`).toContain(hash);
    }
  }
});

test('a deep link asks for its stylesheet at the highest priority and for its preloaded scripts at low priority', async ({
  page,
  context,
}) => {
  const cdp = await context.newCDPSession(page);
  const priorities = new Map<string, string>();
  cdp.on('Network.requestWillBeSent', (event: { request: { url: string; initialPriority: string } }) => {
    priorities.set(new URL(event.request.url).pathname, event.request.initialPriority);
  });
  await cdp.send('Network.enable');
  await page.goto('/dashboard/posts');
  await expect(page.getByRole('heading', { level: 1, name: 'Post Management' })).toBeVisible();
  const styles = [...priorities].filter(([path]) => /^\/assets\/.*\.css$/.test(path));
  expect(styles.length).toBeGreaterThan(0);
  for (const [path, priority] of styles) expect(priority, path).toBe('VeryHigh');
  // The chunks the document's links preload (the entry script itself, 1.5 KB, keeps the browser's priority).
  const html = await (await page.request.get('/dashboard/posts')).text();
  const preloaded = [...html.matchAll(/<link rel="modulepreload"[^>]*href="(\/assets\/[^"]+\.js)"/g)].map((m) => m[1]);
  expect(preloaded.length).toBeGreaterThan(2);
  for (const path of preloaded) expect(priorities.get(path), path).toBe('Low');
});

/** Holds config.json until `release` is called: the app cannot start before, so the prerendered shell shows alone. */
async function holdConfig(page: Page) {
  let release: () => void = () => undefined;
  const released = new Promise<void>((resolve) => {
    release = resolve;
  });
  await page.route('**/config.json', async (route: Route) => {
    await released;
    await route.continue();
  });
  return () => release();
}

const box = async (page: Page, selector: string) => {
  const found = await page.locator(selector).boundingBox();
  if (!found) throw new Error(`${selector} has no box`);
  return found;
};

test.describe('the app takes the shell’s place', () => {
  test.use({ serviceWorkers: 'block' });

  for (const viewport of [
    { name: 'desktop', width: 1280, height: 800 },
    { name: 'phone', width: 412, height: 823 },
  ]) {
    for (const shell of SHELLS.filter((s) =>
      ['/dashboard', '/dashboard/posts', '/dashboard/social', '/dashboard/admin'].includes(s.path),
    )) {
      test(`${shell.path} on a ${viewport.name}: same heading box, no layout shift, no error`, async ({ page }) => {
        await page.setViewportSize({ width: viewport.width, height: viewport.height });
        const problems: string[] = [];
        page.on('console', (message) => {
          if (message.type() === 'error' || message.type() === 'warning') problems.push(message.text());
        });
        page.on('pageerror', (error) => problems.push(error.message));
        await watchLayoutShifts(page);
        const release = await holdConfig(page);
        await page.goto(shell.path);
        const shellHeading = page.locator('[data-prerendered] h1');
        await expect(shellHeading).toHaveText(shell.title);
        const before = await box(page, '[data-prerendered] h1');
        const beforeDescription = await box(page, '[data-prerendered] h1 + p');
        release();
        // The screen itself: its heading is in the accessibility tree (the shell's is hidden from it).
        const heading = page.getByRole('heading', { level: 1, name: shell.title });
        await expect(heading).toBeVisible({ timeout: 20_000 });
        await expect(page.locator('[data-prerendered]')).toHaveCount(0);
        const after = await heading.boundingBox();
        expect(after).not.toBeNull();
        for (const key of ['x', 'y', 'width', 'height'] as const)
          expect(Math.abs((after?.[key] ?? NaN) - before[key]), `heading ${key}`).toBeLessThan(0.5);
        const description = await heading.locator('xpath=following-sibling::p').first().boundingBox();
        expect(Math.abs((description?.y ?? NaN) - beforeDescription.y), 'description y').toBeLessThan(0.5);
        // Let the data arrive and draw, then read what shifted since the document began.
        await page.waitForLoadState('networkidle');
        const shifts = await layoutShifts(page);
        expect(
          shifts.reduce((sum, s) => sum + s.value, 0),
          JSON.stringify(shifts),
        ).toBeLessThanOrEqual(0.05);
        expect(problems).toEqual([]);
      });
    }
  }

  test('index.html keeps its landing page hidden where a host answers a deep link with it', async ({ page }) => {
    const release = await holdConfig(page);
    // No document of its own: the preview server answers with index.html, as an SPA host would for any address.
    await page.goto('/dashboard/posts/unknown');
    await expect(page.locator('[data-prerendered]')).toHaveCount(1);
    await expect(page.locator('[data-prerendered]')).toBeHidden();
    release();
    await expect(page.getByRole('heading', { level: 1, name: '404' })).toBeVisible();
  });
});

test.describe('Live on a live desk', () => {
  test.use({ serviceWorkers: 'block' });
  const backend = mockBackendForTests();

  test('on a phone the largest paint is the document’s, and the cards stay where it drew them', async ({ page }) => {
    await page.setViewportSize({ width: 412, height: 823 });
    const problems: string[] = [];
    page.on('console', (message) => {
      const failedLoad = message.text().startsWith('Failed to load resource');
      if ((message.type() === 'error' || message.type() === 'warning') && !failedLoad) problems.push(message.text());
    });
    page.on('pageerror', (error) => problems.push(error.message));
    // The mock backend has no change stream: its ticket is a 404, which the console reports; nothing else may fail.
    page.on('response', (response) => {
      if (response.status() >= 400 && !response.url().endsWith('/api/events/ticket'))
        problems.push(`${response.status()} ${response.url()}`);
    });
    await page.addInitScript(() => {
      const paints: number[] = [];
      Object.assign(window, { __largestPaints: paints });
      new PerformanceObserver((list) => {
        for (const entry of list.getEntries()) paints.push(entry.startTime);
      }).observe({ type: 'largest-contentful-paint', buffered: true });
    });
    await withOperatorToken(page);
    let release: () => void = () => undefined;
    const released = new Promise<void>((resolve) => {
      release = resolve;
    });
    await page.route('**/config.json', async (route) => {
      await released;
      await route.fulfill({ json: { apiMode: 'live', apiBaseUrl: backend().apiBaseUrl } });
    });
    await page.goto('/dashboard/live');
    const note = 'Simulierte Zuschauerzahl (keine echten Plattformdaten).';
    const shell = page.locator('[data-prerendered]');
    await expect(shell.getByText(note)).toBeVisible();
    const boxes = async (scope: Locator) =>
      Promise.all(
        [note, 'Scenes', 'Quick Text'].map(
          async (text) => (await scope.getByText(text, { exact: true }).boundingBox())?.y,
        ),
      );
    const before = await boxes(shell);
    // Two frames: the document's paint is reported before the app may start.
    await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))));
    const releasedAt = await page.evaluate(() => performance.now());
    release();
    await expect(page.getByRole('heading', { level: 1, name: 'Live Broadcast' })).toBeVisible({ timeout: 20_000 });
    await expect(shell).toHaveCount(0);
    const after = await boxes(page.locator('main'));
    for (const [i, y] of after.entries())
      expect(
        Math.abs((y ?? NaN) - (before[i] ?? NaN)),
        `box ${i}: ${before.join(', ')} → ${after.join(', ')}`,
      ).toBeLessThan(0.5);
    await page.waitForLoadState('networkidle');
    const paints = await page.evaluate(() => (window as unknown as { __largestPaints: number[] }).__largestPaints);
    expect(paints.length).toBeGreaterThan(0);
    expect(
      Math.max(...paints),
      `largest paints at ${paints.join(', ')} ms, app started at ${releasedAt} ms`,
    ).toBeLessThan(releasedAt);
    expect(problems).toEqual([]);
  });
});

test('installed, the worker answers each screen’s navigation with that screen’s own document, offline too', async ({
  page,
  context,
}) => {
  await page.goto('/dashboard');
  await expect(page.getByRole('heading', { level: 1, name: 'Dashboard' })).toBeVisible();
  await page.evaluate(async () => {
    await navigator.serviceWorker.ready;
    if (!navigator.serviceWorker.controller)
      await new Promise<void>((resolve) =>
        navigator.serviceWorker.addEventListener('controllerchange', () => resolve(), { once: true }),
      );
  });
  // Once more under the worker, which keeps config.json and the demo's mock chunk as they pass.
  await page.reload();
  await expect(page.getByRole('heading', { level: 1, name: 'Dashboard' })).toBeVisible();
  await expect
    .poll(async () => page.evaluate(async () => (await (await caches.open('newsdesk-mocks')).keys()).length), {
      timeout: 15_000,
    })
    .toBeGreaterThan(0);
  await context.setOffline(true);
  try {
    for (const [address, title] of [
      ['/dashboard/media', 'Media Library'],
      ['/dashboard/admin/settings', 'Admin Settings'],
    ] as const) {
      const response = await page.goto(address);
      expect(response?.fromServiceWorker(), address).toBe(true);
      const html = (await response?.text()) ?? '';
      expect(html).toContain('data-prerendered');
      expect(html).toMatch(new RegExp(`<h1[^>]*>${title}</h1>`));
      await expect(page.getByRole('heading', { level: 1, name: title })).toBeVisible({ timeout: 20_000 });
    }
    // The landing page's document still answers /.
    const landing = await page.goto('/');
    expect(await landing?.text()).toContain(LANDING);
  } finally {
    await context.setOffline(false);
  }
});
