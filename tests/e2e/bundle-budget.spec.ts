import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { expect, test, type Page } from '@playwright/test';
import { DASHBOARD_SCREENS, HEADINGS } from '../../src/lib/screens';
import { withOperatorToken } from './live-desk';

// DESIGN.md "Performance budgets": JS before a deep-linked screen's heading ≤ 160 KB gzip, before / ≤ 100 KB,
// no screen chunk beyond 60 KB; and at most 12 files before the heading, two round trips of HTTP/1.1's six connections. Counted here: the scripts the page asks for before any of its code runs (the entry and
// every modulepreload the built index.html adds for the opened path) — what the build decides, so the figure is the
// same on a loaded host. Chunks the code imports later (the contract with the first API call) are the bench's part.
const DIST = path.resolve(process.env.E2E_DIST ?? 'dist');
const LIVE_CONFIG = JSON.stringify({ apiMode: 'live', apiBaseUrl: 'http://127.0.0.1:9/api' });
const KB = 1024;
// Every dashboard screen (src/lib/screens): its path, its heading and its chunk (named after its folder).
const SCREENS = DASHBOARD_SCREENS.map(({ path, id }) => [path, HEADINGS[id], id] as const);

const gzip = (file: string) => gzipSync(readFileSync(path.join(DIST, file)), { level: 9 }).length;
const kb = (bytes: number) => `${(bytes / KB).toFixed(1)} KB`;

/** Opens `url` as a live deployment (service worker blocked: a cold load) and returns the scripts it loads up front. */
async function upFrontScripts(page: Page, url: string, heading: string): Promise<string[]> {
  // What the document asked for before any of its code ran (module scripts run before DOMContentLoaded, and the entry
  // imports nothing before config.json has answered); later modulepreload links belong to lazy imports.
  await page.addInitScript(() => {
    document.addEventListener('DOMContentLoaded', () => {
      const urls = [
        ...document.querySelectorAll<HTMLLinkElement | HTMLScriptElement>(
          'script[type="module"][src], link[rel="modulepreload"]',
        ),
      ].map((el) => (el instanceof HTMLLinkElement ? el.href : el.src));
      Object.assign(window, { __upFront: urls });
    });
  });
  // A signed-in operator's tab: the token dialog is not what a screen's first paint is measured by.
  await withOperatorToken(page);
  await page.route('**/config.json', (route) =>
    route.fulfill({ status: 200, contentType: 'application/json', body: LIVE_CONFIG }),
  );
  await page.goto(url);
  // The screen really renders (a broken chunk would fail here, not count as small).
  await expect(page.getByRole('heading', { level: 1, name: heading })).toBeVisible({ timeout: 20_000 });
  const urls = await page.evaluate(() => (window as unknown as { __upFront?: string[] }).__upFront ?? []);
  expect(urls.length, 'the scripts were listed at DOMContentLoaded').toBeGreaterThan(0);
  const files = urls.map((u) => new URL(u).pathname.replace(/^\//, ''));
  const unique = [...new Set(files)];
  for (const file of unique) expect(existsSync(path.join(DIST, file)), `${file} is in ${DIST}`).toBe(true);
  return unique;
}

test.use({ serviceWorkers: 'block' });

test('/ loads at most 100 KB gzip of JS before its heading', async ({ page }) => {
  const files = await upFrontScripts(page, '/', 'AI-powered news, from trending topic to live broadcast');
  const total = files.reduce((n, f) => n + gzip(f), 0);
  expect(total, `/ loads ${kb(total)}: ${files.join(', ')}`).toBeLessThanOrEqual(100 * KB);
});

for (const [url, heading, chunk] of SCREENS) {
  test(`${url} loads at most 160 KB gzip of JS before its heading, its own chunk at most 60 KB`, async ({ page }) => {
    const files = await upFrontScripts(page, url, heading);
    const sizes = files.map((f) => [f, gzip(f)] as const).sort((a, b) => b[1] - a[1]);
    const total = sizes.reduce((n, [, s]) => n + s, 0);
    const list = sizes.map(([f, s]) => `${path.basename(f)} ${kb(s)}`).join(', ');
    expect(total, `${url} loads ${kb(total)} before its heading (at most 160 KB): ${list}`).toBeLessThanOrEqual(
      160 * KB,
    );
    // Grouped by vite.config.ts (dashboardChunks) so that an HTTP/1.1 host serves them in two rounds of six.
    expect(files.length, `${url} asks for ${files.length} scripts before its heading: ${list}`).toBeLessThanOrEqual(12);
    const own = sizes.filter(([f]) => path.basename(f).startsWith(`${chunk}-`));
    expect(own.length, `${url}: a chunk named ${chunk}-… among ${list}`).toBeGreaterThan(0);
    for (const [f, s] of own) expect(s, `${f} is ${kb(s)}`).toBeLessThanOrEqual(60 * KB);
  });
}

// A lazy part a screen shows at once (a table, a form, a tab) that borrows a helper or an icon from another screen must
// not fetch that screen's whole chunk: what it borrows is small enough to sit in the shell. Apart from it, once the
// screen has settled, the offline prefetch takes the outbox panel and the post form with their screens' chunks.
const offlinePrefetched = (): string[] => {
  const files = readdirSync(path.join(DIST, 'assets'));
  const panels = files.filter((f) => /^(outbox-panel|post-form-dialog)-[\w-]{8}\.js$/.test(f));
  expect(panels, 'the outbox panel and the post form are chunks of their own').toHaveLength(2);
  return panels.flatMap((f) =>
    [...readFileSync(path.join(DIST, 'assets', f), 'utf8').matchAll(/from\s*"\.\/([\w-]+\.js)"/g)].map((m) => m[1]),
  );
};
for (const [url, heading, own] of SCREENS) {
  test(`${url} with its first panels loaded fetches no other screen's chunk`, async ({ page }) => {
    const others = SCREENS.map(([, , id]) => id).filter((id) => id !== own);
    const screenChunk = new RegExp(`/assets/((${others.join('|')})-[\\w-]{8}\\.js)$`);
    const allowed = new Set(offlinePrefetched());
    const fetched: string[] = [];
    let inFlight = 0;
    page.on('request', (request) => {
      inFlight += 1;
      const file = screenChunk.exec(request.url())?.[1];
      if (file && !allowed.has(file)) fetched.push(file);
    });
    page.on('requestfinished', () => (inFlight -= 1));
    page.on('requestfailed', () => (inFlight -= 1));
    // The offline prefetch starts once the screen has settled: its panels, and their panels, have been asked for.
    const settled = page.waitForRequest((r) => /\/assets\/outbox-panel-[\w-]{8}\.js$/.test(r.url()), {
      timeout: 20_000,
    });
    await page.goto(url);
    await expect(page.getByRole('heading', { level: 1, name: heading })).toBeVisible({ timeout: 20_000 });
    await settled;
    await expect.poll(() => inFlight, { timeout: 20_000 }).toBe(0);
    expect(fetched, `${url} fetched ${fetched.join(', ')}`).toEqual([]);
  });
}

// The contract's files load before a live screen's first call, six at a time over HTTP/1.1: none is a crumb that costs
// a request for a few hundred bytes.
test('each file of the contract preloaded before the first call is at least 1 KB gzip', () => {
  const html = readFileSync(path.join(DIST, 'dashboard/live.html'), 'utf8');
  const files = /<meta name="newsdesk-contract" content="([^"]+)"/.exec(html)?.[1].split(' ') ?? [];
  expect(files.length, 'the document lists the contract files').toBeGreaterThan(2);
  for (const file of files) expect(gzip(file.replace(/^\//, '')), file).toBeGreaterThanOrEqual(KB);
});
