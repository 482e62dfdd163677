import { expect, test, type Page } from '@playwright/test';
import { startMockBackend } from '../../scripts/test/mock-backend';
import { HEADINGS, SCREENS } from '../../src/lib/screens';

// What several journeys share: SPEC §2's screens, a live deployment against a backend on another origin, a new post.

const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
/** SPEC §2: every screen's route and the heading it shows (src/lib/screens). */
export const SPEC_SCREENS: ReadonlyArray<[string, RegExp]> = SCREENS.map(({ id, path }) => [
  path,
  new RegExp(`^${escape(HEADINGS[id])}$`),
]);

export type MockBackend = Awaited<ReturnType<typeof startMockBackend>>;

/** scripts/test/mock-backend.ts on a free port for the tests of this file or describe block; call it at that level. */
export function mockBackendForTests(): () => MockBackend {
  let backend: MockBackend | undefined;
  test.beforeAll(async () => {
    backend = await startMockBackend(0);
  });
  test.afterAll(async () => {
    await backend?.close();
  });
  return () => {
    if (!backend) throw new Error('mock backend not started');
    return backend;
  };
}

/**
 * The tab holds an operator token, as after sign-in: a live console sends no call without one. For backends that take
 * any token (the mock backend) or none is reachable; the real desk's journeys sign in through the dialog instead.
 */
export async function withOperatorToken(page: Page): Promise<void> {
  await page.addInitScript(() => {
    if (!sessionStorage.getItem('newsdesk-operator-token'))
      sessionStorage.setItem('newsdesk-operator-token', 'token-fuer-die-tests-0123');
  });
}

/** This page's config.json says live mode against apiBaseUrl, and the tab is signed in. */
export async function routeLiveConfig(page: Page, apiBaseUrl: string): Promise<void> {
  await withOperatorToken(page);
  await page.route('**/config.json', (route) =>
    route.fulfill({
      status: 200,
      contentType: 'application/json',
      body: JSON.stringify({ apiMode: 'live', apiBaseUrl }),
    }),
  );
}

/** Creates a post through the Posts screen's dialog and waits for 'Post erstellt'. */
export async function createPost(page: Page, title: string): Promise<void> {
  await page.getByRole('button', { name: 'Create Post' }).click();
  const dialog = page.getByRole('dialog');
  await dialog.getByLabel('Titel').fill(title);
  await dialog.getByLabel('Kategorie').fill('Technik');
  await dialog.getByRole('button', { name: 'Create Post' }).click();
  await expect(page.getByText('Post erstellt', { exact: true })).toBeVisible();
}
