import { expect, test, type Page } from '@playwright/test';

async function waitForOfflineReady(page: Page) {
  await page.evaluate(async () => {
    await navigator.serviceWorker.ready;
    if (!navigator.serviceWorker.controller) {
      await new Promise<void>((resolve) =>
        navigator.serviceWorker.addEventListener('controllerchange', () => resolve(), { once: true }),
      );
    }
  });
  // The mock chunk is cached at run time once the worker controls the page (needed to reload offline in mock mode).
  await expect
    .poll(async () => page.evaluate(async () => (await (await caches.open('newsdesk-mocks')).keys()).length), {
      timeout: 15_000,
    })
    .toBeGreaterThan(0);
}

async function sentPosts(page: Page) {
  return page.evaluate(
    async () =>
      (await (await fetch('http://localhost:3000/api/social/sent')).json()) as {
        count: number;
        posts: Array<{ content: string; idempotencyKey: string | null }>;
      },
  );
}

const badge = (page: Page) => page.getByTestId('outbox-badge').filter({ visible: true });

test('a post composed offline survives a reload and is sent exactly once when the network returns', async ({
  page,
  context,
}) => {
  await page.goto('/dashboard/social');
  await expect(page.getByTestId('platform-facebook')).toBeVisible();
  await waitForOfflineReady(page);

  await context.setOffline(true);
  await expect(
    page.getByText('Sie sind offline. Posts werden im Postausgang gespeichert und später gesendet.'),
  ).toBeVisible();
  await page.getByRole('checkbox', { name: 'Facebook' }).click();
  await page.getByLabel('Inhalt').fill('Offline verfasst – bitte genau einmal senden');
  await page.getByRole('button', { name: 'Post Now' }).click();
  await expect(page.getByText('Im Postausgang', { exact: true })).toBeVisible();
  await expect(badge(page)).toHaveAttribute('aria-label', '1 Post im Postausgang');

  await page.reload();
  await expect(page.getByTestId('platform-facebook')).toBeVisible();
  await expect(badge(page)).toHaveAttribute('aria-label', '1 Post im Postausgang');
  await page.getByRole('tab', { name: 'Outbox' }).click();
  const entry = page.getByTestId('outbox-entry');
  await expect(entry).toContainText('In Warteschlange');
  await expect(entry).toContainText('Offline verfasst – bitte genau einmal senden');
  expect((await sentPosts(page)).count).toBe(0);

  await context.setOffline(false);
  await expect(entry).toContainText('Gesendet');
  await expect(page.getByText('1 Post aus der Warteschlange gesendet')).toBeVisible();
  await expect(badge(page)).toHaveCount(0);
  const sent = await sentPosts(page);
  expect(sent.count).toBe(1);
  expect(sent.posts[0].content).toBe('Offline verfasst – bitte genau einmal senden');
  expect(sent.posts[0].idempotencyKey).toBeTruthy();

  // Draining again (another check, another tab) sends nothing twice.
  await page.getByRole('button', { name: 'Jetzt senden' }).click();
  await page.evaluate(async () => {
    window.dispatchEvent(new Event('online'));
    // Both drains asked for the outbox's Web Lock synchronously; wait until every holder has let it go.
    const { held = [], pending = [] } = await navigator.locks.query();
    const names = new Set(
      [...held, ...pending].map((lock) => lock.name ?? '').filter((name) => name.endsWith('outbox')),
    );
    for (const name of names) await navigator.locks.request(name, () => undefined);
  });
  await expect(page.getByRole('button', { name: 'Jetzt senden' })).toBeEnabled();
  expect((await sentPosts(page)).count).toBe(1);
});

test('two tabs: only one sends the queue, each post once', async ({ page, context }) => {
  await page.goto('/dashboard/social');
  await expect(page.getByTestId('platform-facebook')).toBeVisible();
  await waitForOfflineReady(page);
  await context.setOffline(true);
  for (const [queued, text] of [
    ['1 Post im Postausgang', 'Erster Post'],
    ['2 Posts im Postausgang', 'Zweiter Post'],
  ]) {
    await page.getByRole('checkbox', { name: 'Facebook' }).check();
    await page.getByLabel('Inhalt').fill(text);
    await page.getByRole('button', { name: 'Post Now' }).click();
    // The composer empties once the post is queued: the next one is written only then, or the reset would take it.
    await expect(badge(page)).toHaveAttribute('aria-label', queued);
    await expect(page.getByLabel('Inhalt')).toHaveValue('');
  }
  const second = await context.newPage();
  await second.goto('/dashboard/social?tab=outbox');
  await expect(second.getByTestId('outbox-entry')).toHaveCount(2);
  // The platform holds each post until the test lets it through, so the moment a post is on its way can be looked at.
  // (After the wait the handler returns nothing, and msw goes on to the mock platform that records the post.)
  for (const tab of [page, second]) {
    await tab.evaluate(() => {
      const mocks = window.__newsdeskMocks;
      if (!mocks) throw new Error('mock hooks missing');
      const held = window as Window & { releasePosts?: boolean };
      mocks.use(
        mocks.http.post('*/api/social/post/:platform', async () => {
          while (!held.releasePosts) await mocks.delay(50);
        }),
      );
    });
  }
  // Each tab has its own in-page mock; the leader's mock receives the posts. Together they count each post once.
  await context.setOffline(false);
  await page.getByRole('tab', { name: 'Outbox' }).click();
  // The state badge, word for word: a substring match (hasText ignores case) would also take 'Wird gesendet' and the
  // queued entry's reason 'Offline – wird gesendet, …' for sent, and read the count before the posts went out.
  const withState = (tab: Page, state: string) =>
    tab.getByTestId('outbox-entry').filter({ has: tab.getByText(state, { exact: true }) });
  for (const tab of [page, second]) {
    await expect(withState(tab, 'Wird gesendet')).toHaveCount(1);
    await expect(withState(tab, 'In Warteschlange')).toHaveCount(1);
    await expect(withState(tab, 'Gesendet')).toHaveCount(0);
  }
  for (const tab of [page, second])
    await tab.evaluate(() => ((window as Window & { releasePosts?: boolean }).releasePosts = true));
  await expect(withState(page, 'Gesendet')).toHaveCount(2);
  await expect(withState(second, 'Gesendet')).toHaveCount(2);
  const total = (await sentPosts(page)).count + (await sentPosts(second)).count;
  expect(total).toBe(2);
  // Whichever tab led sent the queue in order.
  for (const tab of [page, second]) {
    const contents = (await sentPosts(tab)).posts.map((p) => p.content);
    if (contents.length === 2) expect(contents).toEqual(['Erster Post', 'Zweiter Post']);
  }
});
