import { expect, test, type Page } from '@playwright/test';
import { startMockBackend } from '../../scripts/test/mock-backend';
import { createPost, mockBackendForTests, routeLiveConfig } from './live-desk';

// A live deployment against a backend that really answers over HTTP (the mock handlers served by Node with CORS, on
// another origin, as config.json's apiBaseUrl names it): lib/http, the query cache and the screens over a real network.
test.use({ serviceWorkers: 'block' });
const mockBackend = mockBackendForTests();
test.beforeEach(async ({ page }) => {
  await routeLiveConfig(page, mockBackend().apiBaseUrl);
});

test('the overview shows the figures the backend sends, and no mock code is loaded', async ({ page }) => {
  const scripts: string[] = [];
  page.on('request', (r) => {
    if (r.resourceType() === 'script') scripts.push(r.url());
  });
  await page.goto('/dashboard');
  await expect(page.getByRole('heading', { level: 1, name: 'Dashboard' })).toBeVisible();
  await expect(page.getByText('1,247')).toBeVisible();
  await expect(page.getByText('2.4M')).toBeVisible();
  expect(mockBackend().requests.some((r) => r.method === 'GET' && r.path === '/api/dashboard/overview')).toBe(true);
  expect(scripts.filter((u) => /mock-network/.test(u))).toEqual([]);
});

test('a browser that last ran the demo may fetch the mock chunk early, but a live config.json still decides: the backend answers', async ({
  page,
}) => {
  // The hint lives in Cache Storage beside the last live setting; localStorage keeps only the theme (SPEC §3).
  const lastMode = () =>
    page.evaluate(async () => {
      const hit = await (await caches.open('newsdesk-deployment')).match('/newsdesk/last-mode');
      return hit ? hit.text() : null;
    });
  await page.goto('/favicon.svg');
  await page.evaluate(async () =>
    (await caches.open('newsdesk-deployment')).put('/newsdesk/last-mode', new Response('mock')),
  );
  await page.goto('/dashboard');
  await expect(page.getByRole('heading', { level: 1, name: 'Dashboard' })).toBeVisible();
  await expect(page.getByText('1,247')).toBeVisible();
  expect(mockBackend().requests.some((r) => r.method === 'GET' && r.path === '/api/dashboard/overview')).toBe(true);
  await expect(page.getByText('Demo-Modus')).toHaveCount(0);
  // The hint is now the mode that ran: the next start loads no mock code.
  await expect.poll(lastMode).toBe('live');
  expect(await page.evaluate(() => Object.keys(localStorage))).not.toContain('newsdesk-last-mode');
  const scripts: string[] = [];
  page.on('request', (r) => {
    if (r.resourceType() === 'script') scripts.push(r.url());
  });
  await page.reload();
  await expect(page.getByText('1,247')).toBeVisible();
  expect(scripts.filter((u) => /mock-network/.test(u))).toEqual([]);
});

test('a new tab of a desk signed in by cookie asks who is signed in at start, not after the shell has loaded', async ({
  browser,
  baseURL,
}) => {
  // A tab without a token (sessionStorage is per tab): only the server's session answer lets its data calls go.
  const page = await browser.newPage({ serviceWorkers: 'block' });
  await page.route('**/config.json', (route) =>
    route.fulfill({
      status: 200,
      contentType: 'application/json',
      body: JSON.stringify({ apiMode: 'live', apiBaseUrl: mockBackend().apiBaseUrl }),
    }),
  );
  const sessions: string[] = [];
  page.on('request', (r) => {
    if (new URL(r.url()).pathname === '/api/session') sessions.push(r.method());
  });
  // The shell's sign-in code (loaded once the page is first idle) never arrives: the screen must not need it.
  let held = false;
  await page.route(/\/assets\/live-desk-[\w-]+\.js$/, () => {
    held = true;
  });
  await page.goto(`${baseURL}/dashboard`);
  await expect(page.getByText('1,247')).toBeVisible();
  await expect.poll(() => held).toBe(true);
  // Asked once: the shell, once loaded, takes this answer instead of asking again.
  expect(sessions.filter((m) => m === 'GET')).toHaveLength(1);
  await page.unrouteAll({ behavior: 'ignoreErrors' });
  await page.close();
});

test("a deep link's first data call does not wait for the contract's files one after another", async ({ page }) => {
  // The first entity file is held: before, the next file was asked for only once it had run.
  let release: () => void = () => undefined;
  const held = new Promise<void>((resolve) => (release = resolve));
  await page.route(/\/assets\/entities-content-[\w-]+\.js$/, async (route) => {
    await held;
    await route.continue();
  });
  const asked: string[] = [];
  page.on('request', (r) => asked.push(new URL(r.url()).pathname));
  await page.goto('/dashboard/posts');
  await expect(page.getByRole('heading', { level: 1, name: 'Post Management' })).toBeVisible();
  const listed = (await page.locator('meta[name="newsdesk-contract"]').getAttribute('content'))?.split(' ') ?? [];
  expect(listed.some((f) => /\/assets\/entities-production-[\w-]+\.js$/.test(f))).toBe(true);
  expect(listed.some((f) => /\/assets\/contract-[\w-]+\.js$/.test(f))).toBe(true);
  await expect.poll(() => listed.filter((f) => !asked.includes(f))).toEqual([]);
  release();
  await expect(page.getByText(/^\d+ von \d+ Posts$/)).toBeVisible();
});

test('a deep link asks for config.json beside its scripts, once, not after they have run', async ({ page }) => {
  // The entry script is held: before, config.json was asked for only once it had run.
  let release: () => void = () => undefined;
  const held = new Promise<void>((resolve) => (release = resolve));
  await page.route(/\/assets\/index-[\w-]+\.js$/, async (route) => {
    await held;
    await route.continue();
  });
  const asked: string[] = [];
  page.on('request', (r) => asked.push(new URL(r.url()).pathname));
  await page.goto('/dashboard/posts', { waitUntil: 'commit' });
  await expect.poll(() => asked.filter((p) => p === '/config.json')).toHaveLength(1);
  release();
  await expect(page.getByText(/^\d+ von \d+ Posts$/)).toBeVisible();
  // The app's own fetch took the preloaded answer: no second request before its first call to the backend.
  const beforeApi = asked.slice(
    0,
    asked.findIndex((p) => p.startsWith('/api/')),
  );
  expect(beforeApi.filter((p) => p === '/config.json')).toHaveLength(1);
});

test('a post created in the browser is stored by the backend and still listed after a reload', async ({ page }) => {
  const title = `Live-Backend ${Date.now()}`;
  await page.goto('/dashboard/posts');
  await expect(page.getByRole('heading', { level: 1, name: 'Post Management' })).toBeVisible();
  // The counters show once the backend's list has arrived.
  await expect(page.getByText(/^\d+ von \d+ Posts$/)).toBeVisible();
  const total = Number(await page.getByTestId('counter-Total Posts').textContent());
  expect(total).toBeGreaterThan(0);
  await createPost(page, title);
  const created = mockBackend().requests.find((r) => r.method === 'POST' && r.path === '/api/posts');
  expect(created?.headers['content-type']).toMatch(/application\/json/);

  await page.reload();
  await expect(page.getByTestId('counter-Total Posts')).toHaveText(String(total + 1));
  await page.getByLabel('Posts durchsuchen').fill(title);
  await expect(page.getByRole('row').filter({ hasText: title })).toBeVisible();
});

test('a backend that answers one wrong field: the Posts screen shows the German error naming the call, and the error log has it', async ({
  page,
}) => {
  // Every post's `views` comes back as text: the contract says number.
  const drifting = await startMockBackend(0, {
    patchJson: (method, path, json) =>
      method === 'GET' && path === '/api/posts' && Array.isArray(json)
        ? json.map((p: Record<string, unknown>) => ({ ...p, views: String(p.views) }))
        : json,
  });
  try {
    await routeLiveConfig(page, drifting.apiBaseUrl);
    await page.goto('/dashboard/posts');
    await expect(page.getByRole('heading', { level: 1, name: 'Post Management' })).toBeVisible();
    await expect(
      page.getByText('Unerwartete Antwort von GET /posts: [0].views: erwartet Zahl', { exact: false }),
    ).toBeVisible();
    await expect(page.getByRole('row').filter({ hasText: 'KI' })).toHaveCount(0);
    // Not retried: one request for the list.
    expect(drifting.requests.filter((r) => r.method === 'GET' && r.path.startsWith('/api/posts')).length).toBe(1);

    await page.goto('/dashboard/admin/settings');
    await page.getByRole('tab', { name: 'Error Logs' }).click();
    const entry = page.getByTestId('error-entry').filter({ hasText: 'Unerwartete Antwort von GET /posts' });
    await expect(entry).toHaveCount(1);
    await expect(entry).toContainText('[0].views: erwartet Zahl');
  } finally {
    await drifting.close();
  }
});

/** Records, on the page's thread, every JSON.parse of a large text and every body of /api/posts read there. */
const watchMainThreadParsing = (page: import('@playwright/test').Page) =>
  page.addInitScript(() => {
    const seen: string[] = [];
    (window as unknown as { __mainThreadParsing: string[] }).__mainThreadParsing = seen;
    const parse = JSON.parse;
    JSON.parse = function (text: string, reviver?: Parameters<typeof JSON.parse>[1]) {
      if (typeof text === 'string' && text.length > 100_000) seen.push(`JSON.parse ${text.length}`);
      else if (typeof text === 'string' && text.includes('KI-Durchbruch in der Medizin')) seen.push('JSON.parse posts');
      return parse.call(JSON, text, reviver) as unknown;
    };
    for (const name of ['text', 'json', 'arrayBuffer', 'blob'] as const) {
      const read = Response.prototype[name] as (this: Response) => Promise<unknown>;
      Object.defineProperty(Response.prototype, name, {
        value(this: Response) {
          if (new URL(this.url).pathname === '/api/posts') seen.push(`${name} /api/posts`);
          return read.call(this);
        },
      });
    }
  });
const mainThreadParsing = (page: import('@playwright/test').Page) =>
  page.evaluate(() => (window as unknown as { __mainThreadParsing: string[] }).__mainThreadParsing);

test('10,000 posts are decoded and parsed off the page thread, and the screen shows them all', async ({ page }) => {
  const full = await startMockBackend(0);
  try {
    const seeded = await fetch(`${full.apiBaseUrl}/__mock/posts/seed`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ count: 10_000 }),
    });
    expect(seeded.status).toBe(204);
    await routeLiveConfig(page, full.apiBaseUrl);
    await watchMainThreadParsing(page);
    await page.goto('/dashboard/posts');
    await expect(page.getByText('10000 von 10000 Posts')).toBeVisible();
    await expect(page.getByTestId('counter-Total Posts')).toHaveText('10000');
    // A keystroke still searches the whole list in the page.
    await page.getByLabel('Posts durchsuchen').fill('Medizin');
    await expect(page.getByText(/^\d+ von 10000 Posts$/)).toBeVisible();
    await expect(page.getByText('10000 von 10000 Posts')).toHaveCount(0);
    // The page takes the body as a Blob only: no bytes, no text, no JSON of the list on its thread.
    expect(await mainThreadParsing(page)).toEqual(['blob /api/posts']);
    expect(full.requests.filter((r) => r.method === 'GET' && r.path.startsWith('/api/posts'))).toHaveLength(1);
  } finally {
    await full.close();
  }
});

test('where no worker may start, the page reads the list itself', async ({ page }) => {
  await page.addInitScript(() => Object.defineProperty(window, 'Worker', { value: undefined }));
  await watchMainThreadParsing(page);
  await page.goto('/dashboard/posts');
  await expect(page.getByText(/^\d+ von \d+ Posts$/)).toBeVisible();
  await expect(page.getByRole('row').filter({ hasText: 'KI-Durchbruch in der Medizin' })).toBeVisible();
  expect(await mainThreadParsing(page)).toEqual(['blob /api/posts', 'JSON.parse posts']);
});

test("an error answer of a list is the same German error, its short body read on the page's thread", async ({
  page,
}) => {
  await page.route(`${mockBackend().apiBaseUrl}/posts`, (route) =>
    route.request().method() === 'GET'
      ? route.fulfill({ status: 404, contentType: 'text/plain', body: 'Nicht gefunden' })
      : route.fallback(),
  );
  await watchMainThreadParsing(page);
  await page.goto('/dashboard/posts');
  await expect(page.getByText('Posts konnten nicht geladen werden.')).toBeVisible();
  await expect(page.getByText('API request failed with status 404: Nicht gefunden')).toBeVisible();
  expect((await mainThreadParsing(page)).filter((read) => read.startsWith('JSON.parse'))).toEqual([]);
});

test("the list reader starts with the page, not in front of the screen's first list", async ({ page }) => {
  let started!: () => void;
  const readerStarted = new Promise<void>((resolve) => (started = resolve));
  page.on('worker', () => started());
  // The overview's code arrives only once the reader has started: a reader started by the screen's first call would
  // never be.
  await page.route(/\/assets\/overview-[\w-]+\.js$/, async (route) => {
    await readerStarted;
    await route.fallback();
  });
  await page.goto('/dashboard');
  await expect(page.getByRole('heading', { level: 1, name: 'Dashboard' })).toBeVisible();
  await expect(page.getByText('1,247')).toBeVisible();
});

/**
 * Holds the scripts matching `held` until a GET of `path` has gone out, so a request sent by that code would never
 * be; returns every GET of `path` the page sends.
 */
async function holdCodeUntilAsked(page: Page, path: string, held: RegExp): Promise<string[]> {
  const sent: string[] = [];
  let asked!: () => void;
  const wasAsked = new Promise<void>((resolve) => (asked = resolve));
  page.on('request', (r) => {
    if (new URL(r.url()).pathname === path && r.method() === 'GET') {
      sent.push(r.url());
      asked();
    }
  });
  await page.route(held, async (route) => {
    await wasAsked;
    await route.fallback();
  });
  return sent;
}

test("a deep link's first list goes out beside the screen's code, not after its first render, and only once", async ({
  page,
}) => {
  const lists = await holdCodeUntilAsked(page, '/api/media', /\/assets\/media-[\w-]+\.js$/);
  await page.goto('/dashboard/media');
  await expect(page.getByTestId('media-card').first()).toBeVisible();
  await expect(page.getByRole('heading', { level: 1, name: 'Media Library' })).toBeVisible();
  expect(lists).toHaveLength(1);
});

test("a deep link's first list goes out as the operator is known, before the app's code for it or the contract", async ({
  page,
}) => {
  // The code that gives the query cache its first list, and the contract, are held.
  const lists = await holdCodeUntilAsked(page, '/api/posts', /\/assets\/(first-data|contract)-[\w-]+\.js$/);
  await page.goto('/dashboard/posts');
  await expect(page.getByRole('row').filter({ hasText: 'KI-Durchbruch in der Medizin' })).toBeVisible();
  expect(lists).toHaveLength(1);
});

test("who is signed in is asked from the page's first script, before the session's code, and once", async ({
  page,
}) => {
  const sessions = await holdCodeUntilAsked(page, '/api/session', /\/assets\/session-flow-[\w-]+\.js$/);
  await page.goto('/dashboard/posts');
  await expect(page.getByRole('row').filter({ hasText: 'KI-Durchbruch in der Medizin' })).toBeVisible();
  expect(sessions).toHaveLength(1);
});
