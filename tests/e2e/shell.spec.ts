import { expect, test } from '@playwright/test';
import { SPEC_SCREENS } from './live-desk';

// SPEC §2: every route and the heading its screen shows (and Admin's settings path).
const ROUTES: Array<[string, RegExp]> = [...SPEC_SCREENS, ['/dashboard/admin/settings', /Admin Settings/]];

for (const [path, heading] of ROUTES) {
  test(`${path} renders its heading`, async ({ page }) => {
    await page.goto(path);
    await expect(page.getByRole('heading', { level: 1, name: heading })).toBeVisible();
  });
}

test('the landing page links into the dashboard', async ({ page }) => {
  await page.goto('/');
  // Set in this document: still there after the links below means no page load happened (the app took over in place).
  await page.evaluate(() => ((window as unknown as { samePage: boolean }).samePage = true));
  await page.getByRole('link', { name: 'Launch Dashboard' }).click();
  await expect(page).toHaveURL(/\/dashboard$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Dashboard' })).toBeVisible();
  await expect(page.getByText('1,247')).toBeVisible();
  // Back to the landing page, now shown by the router, and in again through another of its links.
  await page.goBack();
  await expect(page).toHaveURL(/\/$/);
  await page.getByRole('link', { name: 'Get Started' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Dashboard' })).toBeVisible();
  expect(await page.evaluate(() => (window as unknown as { samePage?: boolean }).samePage)).toBe(true);
});

test('the overview quick action confirms with a toast and opens AI News Central', async ({ page }) => {
  await page.goto('/dashboard');
  await page.getByRole('button', { name: 'Start New News' }).click();
  await expect(page.getByText('News-Generierung gestartet')).toBeVisible();
  await expect(page).toHaveURL(/\/dashboard\/ai-news$/);
});

test.describe('on a phone', () => {
  test.use({ viewport: { width: 390, height: 844 } });

  test('the sidebar is an overlay from the menu button; a link or the backdrop closes it', async ({ page }) => {
    await page.goto('/dashboard');
    await expect(page.getByTestId('sidebar-desktop')).toBeHidden();
    await page.getByRole('button', { name: 'Menü öffnen' }).click();
    const overlay = page.getByTestId('sidebar-overlay');
    await expect(overlay).toBeVisible();
    await overlay.getByRole('link', { name: 'Posts' }).click();
    await expect(overlay).toBeHidden();
    await expect(page).toHaveURL(/\/dashboard\/posts$/);

    await page.getByRole('button', { name: 'Menü öffnen' }).click();
    await expect(overlay).toBeVisible();
    await page.getByTestId('sidebar-backdrop').click({ position: { x: 370, y: 400 } });
    await expect(overlay).toBeHidden();
    await expect(page).toHaveURL(/\/dashboard\/posts$/);
  });
});

test('on a large screen the sidebar is fixed and marks the current route', async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 800 });
  await page.goto('/dashboard/live');
  const sidebar = page.getByTestId('sidebar-desktop');
  await expect(sidebar).toBeVisible();
  await expect(page.getByRole('button', { name: 'Menü öffnen' })).toBeHidden();
  await expect(sidebar.getByRole('link', { name: 'Live Broadcast' })).toHaveAttribute('aria-current', 'page');
  await expect(sidebar.getByText('Administration')).toBeVisible();
  await expect(sidebar.getByText('version 2.0')).toBeVisible();
});

test('the theme survives a reload, with no flash of the wrong theme', async ({ page }) => {
  await page.emulateMedia({ colorScheme: 'light' });
  await page.goto('/');
  await expect(page.locator('html')).not.toHaveClass(/dark/);
  await page.getByRole('banner').getByRole('button', { name: 'Switch to dark theme' }).click();
  await expect(page.locator('html')).toHaveClass(/dark/);
  expect(await page.evaluate(() => localStorage.getItem('theme'))).toBe('dark');

  // The inline script in index.html sets the class before any module runs.
  await page.reload({ waitUntil: 'domcontentloaded' });
  expect(await page.evaluate(() => document.documentElement.classList.contains('dark'))).toBe(true);
  await expect(page.getByRole('banner').getByRole('button', { name: 'Switch to light theme' })).toBeVisible();
});

test('nothing stored: the system colour preference decides', async ({ page }) => {
  await page.emulateMedia({ colorScheme: 'dark' });
  await page.goto('/', { waitUntil: 'domcontentloaded' });
  expect(await page.evaluate(() => document.documentElement.classList.contains('dark'))).toBe(true);
});

test('an unknown path shows the 404 page, logs the path and links home', async ({ page }) => {
  const logs: string[] = [];
  page.on('console', (msg) => logs.push(msg.text()));
  await page.goto('/does/not/exist');
  await expect(page.getByText('Oops! Page not found')).toBeVisible();
  expect(logs.some((l) => l.includes('/does/not/exist'))).toBe(true);
  await page.getByRole('link', { name: 'Return to Home' }).click();
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByRole('link', { name: 'Launch Dashboard' })).toBeVisible();
});

test.describe('after a deploy', () => {
  test.use({ serviceWorkers: 'block' });

  test('a stale screen chunk reloads the page once, then shows the route error instead of looping', async ({
    page,
  }) => {
    await page.route(/\/assets\/videos-[^/]+\.js$/, (route) => route.fulfill({ status: 404, body: 'gone' }));
    let loads = 0;
    page.on('load', () => loads++);
    await page.goto('/dashboard');
    await expect(page.getByRole('heading', { level: 1, name: 'Dashboard' })).toBeVisible();
    await page.getByTestId('sidebar-desktop').getByRole('link', { name: 'Video Studio' }).click();
    await expect(page.getByRole('heading', { name: 'Unexpected Application Error' })).toBeVisible();
    expect(loads).toBe(2);
  });

  test('a screen chunk lost to a dropped connection, the host not answering either: the route error, no reload', async ({
    page,
  }) => {
    let dropped = false;
    await page.route(/\/assets\/videos-[^/]+\.js$/, (route) => route.abort('connectionreset'));
    // The look at whether the host answers, once the line is down (the browser still calls itself online).
    const asked: string[] = [];
    await page.route(/\/dashboard(\/videos)?$/, (route) => {
      if (!dropped || route.request().resourceType() === 'document') return route.continue();
      asked.push(route.request().method());
      return route.abort('connectionreset');
    });
    let loads = 0;
    page.on('load', () => loads++);
    await page.goto('/dashboard');
    await expect(page.getByRole('heading', { level: 1, name: 'Dashboard' })).toBeVisible();
    dropped = true;
    await page.getByTestId('sidebar-desktop').getByRole('link', { name: 'Video Studio' }).click();
    await expect(page.getByRole('heading', { name: 'Unexpected Application Error' })).toBeVisible();
    expect(asked).toEqual(['HEAD']);
    expect(loads).toBe(1);
  });
});

test.describe('route preload', () => {
  test.use({ serviceWorkers: 'block' });

  /**
   * Paths of the scripts the page asked for while its shell was still held back: shell-*.js for the dashboard (the
   * router, the layout and what screens share), landing-shell-*.js for /. Held back, nothing renders and nothing idles, so what was asked for then is what the
   * page preloads; the scripts an idle page fetches later (the mock network, the database) are not counted.
   */
  async function requestedBeforeShell(
    page: import('@playwright/test').Page,
    path: string,
    shell: RegExp = /\/assets\/shell-[^/]+\.js$/,
  ): Promise<string[]> {
    let shellReleased = false;
    const early: string[] = [];
    page.on('request', (request) => {
      if (!shellReleased && request.resourceType() === 'script') early.push(new URL(request.url()).pathname);
    });
    await page.route(shell, async (route) => {
      await new Promise((resolve) => setTimeout(resolve, 1500));
      shellReleased = true;
      await route.continue();
    });
    await page.goto(path);
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    return early;
  }

  test('the opened screen downloads alongside the shell, not after it', async ({ page }) => {
    const early = await requestedBeforeShell(page, '/dashboard/posts');
    expect(early.some((p) => /\/assets\/shell-[^/]+\.js$/.test(p))).toBe(true);
    expect(early.some((p) => /\/assets\/posts-[^/]+\.js$/.test(p))).toBe(true);
    // Only that screen: no other screen's chunk, and never the landing page's.
    expect(early.filter((p) => /\/assets\/(media|prompts|admin|landing)-[^/]+\.js$/.test(p))).toEqual([]);
  });

  test('the landing page preloads its own chunk and nothing of the dashboard', async ({ page }) => {
    const early = await requestedBeforeShell(page, '/', /\/assets\/landing-shell-[^/]+\.js$/);
    expect(early.some((p) => /\/assets\/landing-[^/]+\.js$/.test(p))).toBe(true);
    expect(early.filter((p) => /\/assets\/(overview|db)-[^/]+\.js$/.test(p))).toEqual([]);
    // Nor the dashboard's shell with the router: the landing page renders without it (app/landing-shell).
    expect(early.filter((p) => /\/assets\/shell-[^/]+\.js$/.test(p))).toEqual([]);
  });
});

// The first Intl object a page creates sets up ICU's locale data in one long task (36–75 ms at 1× CPU here,
// four times that at Lighthouse's 4×). The screens format their dates and figures without Intl (lib/format), so opening
// them costs no such task.
test('the overview, with its chart and the deferred extras in, and the other screens create no Intl formatter; a title sort does', async ({
  page,
}) => {
  await page.addInitScript(() => {
    const uses: string[] = [];
    Object.assign(window, { __intlUses: uses });
    const intl = Intl as unknown as Record<string, unknown>;
    for (const name of [
      'NumberFormat',
      'DateTimeFormat',
      'Collator',
      'PluralRules',
      'RelativeTimeFormat',
      'ListFormat',
    ]) {
      const Original = intl[name] as (new (...args: unknown[]) => object) & { supportedLocalesOf: unknown };
      const Counted = function (...args: unknown[]) {
        uses.push(name);
        return new Original(...args);
      };
      Counted.prototype = Original.prototype;
      Object.assign(Counted, { supportedLocalesOf: Original.supportedLocalesOf });
      intl[name] = Counted;
    }
    for (const [proto, method] of [
      [Number.prototype, 'toLocaleString'],
      [Date.prototype, 'toLocaleString'],
      [Date.prototype, 'toLocaleDateString'],
      [String.prototype, 'localeCompare'],
    ] as const) {
      const original = (proto as unknown as Record<string, (...args: unknown[]) => unknown>)[method];
      (proto as unknown as Record<string, unknown>)[method] = function (this: unknown, ...args: unknown[]) {
        uses.push(method);
        return original.apply(this, args);
      };
    }
  });
  const uses = () => page.evaluate(() => (window as unknown as { __intlUses: string[] }).__intlUses);
  await page.goto('/dashboard');
  await expect(
    page.getByRole('img', { name: 'YouTube: 1.1M, Facebook: 640K, Instagram: 380K, TikTok: 210K, Telegram: 50K' }),
  ).toBeVisible();
  await expect(page.locator('section[aria-label^="Notifications"]')).toBeAttached();
  expect(await uses()).toEqual([]);
  // Each screen with its data drawn: the Posts counter, the Workflow's figures, the media cards, the OBS form, the
  // composer's time zone.
  for (const [link, heading, drawn] of [
    ['Posts', 'Post Management', page.getByText(/^\d+ von \d+ Posts$/)],
    ['Workflow', 'n8n AI-News Workflow', page.getByText('Success Rate')],
    ['Media Library', 'Media Library', page.getByTestId('media-card').first()],
    ['Live Broadcast', 'Live Broadcast', page.getByLabel('Host')],
    ['Social Media', 'Social Media', page.getByText(/^Zeitzone: /)],
  ] as const) {
    await page.getByRole('link', { name: link, exact: true }).click();
    await expect(page.getByRole('heading', { level: 1, name: heading })).toBeVisible();
    await expect(drawn).toBeVisible();
  }
  expect(await uses()).toEqual([]);
  // AI News, from the overview's quick action, with its stories and the source filter's names drawn.
  await page.getByRole('link', { name: 'Dashboard', exact: true }).click();
  await page
    .getByRole('button', { name: 'Start New News' })
    .or(page.getByRole('link', { name: 'Start New News' }))
    .first()
    .click();
  await expect(page.getByRole('heading', { level: 1, name: 'AI News Central' })).toBeVisible();
  await expect(page.getByTestId('news-row').first()).toBeVisible();
  expect(await page.getByLabel('Quelle').locator('option').count()).toBeGreaterThan(2);
  expect(await uses()).toEqual([]);
  // The probe sees what it should: sorting the media by title compares them with a German collator.
  await page.getByRole('link', { name: 'Media Library', exact: true }).click();
  await page.getByRole('button', { name: 'Filter' }).click();
  await page.getByLabel('Sortierung').selectOption({ label: 'Titel A–Z' });
  await expect.poll(uses).toContain('Collator');
});
