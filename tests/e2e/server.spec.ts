import { mkdtemp, readFile, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { expect, test, type Page } from '@playwright/test';
import { postgresUnavailable, startPostgres, type PostgresCluster } from '../../server/data/postgres-harness';
import { DESK_TOKEN, freePort, startDesk, type Desk } from './desk';
import { createPost } from './live-desk';

// The real desk: the Newsdesk server (npm start's server) serving the built PWA and /api on one origin, started here
// on a free port with a temp data folder and a known token.
async function signIn(page: Page, url: string, route = '/dashboard/posts') {
  await page.goto(`${url}${route}`);
  const dialog = page.getByRole('dialog', { name: 'Zugang zum Newsdesk' });
  // The first load of the build from a freshly started desk is slow on a loaded machine.
  await expect(dialog).toBeVisible({ timeout: 30_000 });
  await dialog.getByRole('button', { name: 'Mit API-Token anmelden' }).click();
  await dialog.getByLabel('Zugangs-Token').fill('falsches-token-0000000000');
  await dialog.getByRole('button', { name: 'Anmelden' }).click();
  await expect(dialog.getByRole('alert')).toHaveText('Token ungültig – bitte erneut eingeben.');
  await dialog.getByLabel('Zugangs-Token').fill(DESK_TOKEN);
  await dialog.getByRole('button', { name: 'Anmelden' }).click();
  await expect(dialog).toBeHidden();
}

const row = (page: Page, title: string) => page.getByRole('row').filter({ hasText: title });

test.use({ serviceWorkers: 'block' });
test.describe.configure({ mode: 'serial', timeout: 180_000 });

let dataDir: string;
test.beforeAll(async () => {
  dataDir = await mkdtemp(path.join(os.tmpdir(), 'newsdesk-e2e-'));
});
test.afterAll(async () => {
  await rm(dataDir, { recursive: true, force: true });
});

test('first contact: no /api call before the token, reloads never lock the operator out, the right token gets in', async ({
  page,
}) => {
  const desk = await startDesk({
    PORT: String(await freePort()),
    NEWSDESK_DATA_DIR: await mkdtemp(path.join(dataDir, 'first-')),
  });
  try {
    const api: string[] = [];
    page.on('request', (request) => {
      const address = new URL(request.url());
      // The event stream is opened with a one-time ticket in its address (an EventSource sends no header), never the token.
      const credential = request.headers().authorization
        ? 'mit Token'
        : address.pathname === '/api/events' && address.searchParams.get('ticket')
          ? 'mit Ticket'
          : 'ohne Token';
      if (address.pathname.startsWith('/api/')) api.push(`${request.method()} ${address.pathname} ${credential}`);
    });
    const dialog = page.getByRole('dialog', { name: 'Zugang zum Newsdesk' });
    // A fresh tab, reloaded as an impatient operator does: the console asks, and sends nothing that could count — only
    // its one question per start whether a session cookie is there (a 401 without credentials counts as no attempt).
    for (const route of ['/dashboard', '/dashboard/posts', '/dashboard/social', '/dashboard']) {
      await page.goto(`${desk.url}${route}`);
      await expect(dialog).toBeVisible({ timeout: 30_000 });
    }
    await page.waitForTimeout(2000);
    expect(api).toEqual(Array<string>(4).fill('GET /api/session ohne Token'));
    const beforeSignIn = api.length;

    // Wrong tokens do count: ten from this address, then the dialog's next wrong one is throttled …
    for (let i = 0; i < 10; i += 1)
      expect(
        (
          await page.request.post(`${desk.url}/api/events/ticket`, {
            headers: { Authorization: `Bearer falsches-token-${i}-000000000` },
          })
        ).status(),
      ).toBe(401);
    await dialog.getByRole('button', { name: 'Mit API-Token anmelden' }).click();
    await dialog.getByLabel('Zugangs-Token').fill('noch-ein-falsches-token-000');
    await dialog.getByRole('button', { name: 'Anmelden' }).click();
    await expect(dialog.getByRole('alert')).toHaveText('Zu viele Fehlversuche – bitte später erneut versuchen.');
    // … and still the right one is accepted at once.
    await dialog.getByLabel('Zugangs-Token').fill(DESK_TOKEN);
    await dialog.getByRole('button', { name: 'Anmelden' }).click();
    await expect(dialog).toBeHidden({ timeout: 30_000 });
    await expect(page.getByRole('heading', { level: 1, name: 'Dashboard' })).toBeVisible();
    // Every call after sign-in carries the token.
    await expect.poll(() => api.filter((call) => call.endsWith('mit Token')).length).toBeGreaterThan(1);
    expect(api.slice(beforeSignIn).filter((call) => call.endsWith('ohne Token'))).toEqual([]);
  } finally {
    await desk.stop();
  }
});

test('enter the token, create a post, restart the server: the post is still there; upload a video and seek in it', async ({
  page,
}) => {
  const port = String(await freePort());
  let desk = await startDesk({ PORT: port, NEWSDESK_DATA_DIR: dataDir });
  try {
    await signIn(page, desk.url);
    const title = `Echter Post ${Date.now()}`;
    await createPost(page, title);
    await expect(row(page, title)).toBeVisible();

    await desk.stop();
    desk = await startDesk({ PORT: port, NEWSDESK_DATA_DIR: dataDir });
    await page.reload();
    await expect(row(page, title)).toBeVisible();
    // The token stays for the tab: no dialog after the restart.
    await expect(page.getByRole('dialog', { name: 'Zugang zum Newsdesk' })).toHaveCount(0);

    await page.goto(`${desk.url}/dashboard/media`);
    await page.getByRole('button', { name: 'Upload Media' }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByLabel('Datei').setInputFiles({
      name: 'studio.webm',
      mimeType: 'video/webm',
      buffer: await readFile('public/samples/demo-video.webm'),
    });
    await dialog.getByLabel('Titel').fill('Studio-Film');
    await dialog.getByRole('button', { name: 'Upload' }).click();
    await expect(page.getByText('Media hochgeladen', { exact: true })).toBeVisible();

    const ranges: { range: string; status: number }[] = [];
    page.on('response', (response) => {
      const range = response.request().headers().range;
      if (response.url().includes('/api/media/') && range) ranges.push({ range, status: response.status() });
    });
    await page.reload();
    await page.getByRole('button', { name: 'Studio-Film abspielen' }).click();
    const video = page.getByRole('dialog').locator('video');
    await expect.poll(() => video.evaluate((el: HTMLVideoElement) => Math.round(el.duration))).toBe(4);
    expect(await video.evaluate((el: HTMLVideoElement) => new URL(el.currentSrc).pathname)).toMatch(
      /^\/api\/media\/media-[\w-]+\/file$/,
    );
    const seeked = await video.evaluate(
      (el: HTMLVideoElement) =>
        new Promise<number>((resolve) => {
          el.addEventListener('seeked', () => resolve(el.currentTime), { once: true });
          el.currentTime = 3;
        }),
    );
    expect(seeked).toBeCloseTo(3, 0);
    expect(await video.evaluate((el: HTMLVideoElement) => el.seekable.end(0))).toBeGreaterThan(3);
    expect(ranges.some((r) => r.status === 206)).toBe(true);
  } finally {
    await desk.stop();
  }
});

test('two consoles see each other’s new post within 2 s without reload', async ({ browser }) => {
  const desk = await startDesk({ PORT: '0', NEWSDESK_DATA_DIR: dataDir });
  const [a, b] = await Promise.all([
    browser.newContext({ serviceWorkers: 'block' }),
    browser.newContext({ serviceWorkers: 'block' }),
  ]);
  try {
    const [pageA, pageB] = await Promise.all([a.newPage(), b.newPage()]);
    await signIn(pageA, desk.url);
    await signIn(pageB, desk.url);
    await expect(pageB.getByText(/^\d+ von \d+ Posts$/)).toBeVisible();
    const title = `Von Konsole A ${Date.now()}`;
    await createPost(pageA, title);
    await expect(row(pageB, title)).toBeVisible({ timeout: 2000 });
  } finally {
    await a.close();
    await b.close();
    await desk.stop();
  }
});

test('two server instances on one PostgreSQL: a post created through one appears in a console of the other', async ({
  browser,
}) => {
  // Skipped only on a developer machine without Debian's postgresql; in CI (.ci/run installs it) a missing server fails.
  const reason = process.env.CI ? undefined : postgresUnavailable();
  test.skip(reason !== undefined, reason);
  let cluster: PostgresCluster | undefined;
  const desks: Desk[] = [];
  const contexts = await Promise.all([
    browser.newContext({ serviceWorkers: 'block' }),
    browser.newContext({ serviceWorkers: 'block' }),
  ]);
  try {
    cluster = await startPostgres();
    const dirs = await Promise.all([
      mkdtemp(path.join(os.tmpdir(), 'newsdesk-e2e-a-')),
      mkdtemp(path.join(os.tmpdir(), 'newsdesk-e2e-b-')),
    ]);
    for (const dir of dirs)
      desks.push(await startDesk({ PORT: '0', NEWSDESK_DATA_DIR: dir, DATABASE_URL: cluster.url }));
    const [pageA, pageB] = await Promise.all(contexts.map((c) => c.newPage()));
    await signIn(pageA, desks[0].url);
    await signIn(pageB, desks[1].url);
    await expect(pageB.getByText(/^\d+ von \d+ Posts$/)).toBeVisible();
    const title = `Über Instanz A ${Date.now()}`;
    await createPost(pageA, title);
    await expect(row(pageB, title)).toBeVisible({ timeout: 2000 });
    await Promise.all(dirs.map((dir) => rm(dir, { recursive: true, force: true })));
  } finally {
    await Promise.all(contexts.map((c) => c.close()));
    await Promise.all(desks.map((d) => d.stop()));
    await cluster?.stop();
  }
});
