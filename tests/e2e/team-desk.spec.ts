import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { expect, test, type Browser, type Page } from '@playwright/test';
import { DESK_TOKEN, freePort, startDesk, type Desk } from './desk';

// The team desk on the real desk (`npm start`, PGlite, the demo's sample data): the administrator sets a password from
// the one-time link and signs in, invites an editor and a viewer; the viewer cannot publish (the button says why, the
// API answers 403), the editor publishes, the audit trail says who did it, and a disabled user's open console is signed
// out on its next call; a tab opened while the desk is out of reach is signed in by its cookie once it answers.
test.use({ serviceWorkers: 'block' });
test.describe.configure({ mode: 'serial', timeout: 240_000 });

const PASSWORD = 'ein langes Redaktionspasswort';
let dataDir: string;
let desk: Desk;

test.beforeAll(async () => {
  test.setTimeout(150_000);
  dataDir = await mkdtemp(path.join(os.tmpdir(), 'newsdesk-e2e-team-'));
  desk = await startDesk({ PORT: String(await freePort()), NEWSDESK_DATA_DIR: dataDir, NEWSDESK_SEED: 'demo' });
});
test.afterAll(async () => {
  await desk?.stop();
  await rm(dataDir, { recursive: true, force: true });
});

/** Opens a one-time link, sets the password and signs in with it: the dialog closes on the screen. */
async function acceptLink(page: Page, link: string, email: string): Promise<void> {
  await page.goto(link);
  const dialog = page.getByRole('dialog', { name: 'Zugang zum Newsdesk' });
  await expect(dialog.getByText('Legen Sie Ihr Passwort fest (mindestens 12 Zeichen).')).toBeVisible({
    timeout: 30_000,
  });
  await dialog.getByLabel('Neues Passwort').fill(PASSWORD);
  await dialog.getByLabel('Passwort wiederholen').fill(PASSWORD);
  await dialog.getByRole('button', { name: 'Passwort speichern' }).click();
  await expect(dialog.getByText('Passwort gespeichert. Bitte melden Sie sich an.')).toBeVisible();
  // The link is used up and leaves the address bar.
  expect(new URL(page.url()).hash).toBe('');
  await dialog.getByLabel('E-Mail-Adresse').fill(email);
  await dialog.getByLabel('Passwort', { exact: true }).fill(PASSWORD);
  await dialog.getByRole('button', { name: 'Anmelden', exact: true }).click();
  await expect(page.getByRole('dialog', { name: 'Zugang zum Newsdesk' })).toBeHidden({ timeout: 30_000 });
}

/** Admin → Users → Add user: answers the invitation link the dialog shows once. */
async function invite(page: Page, name: string, email: string, role: string): Promise<string> {
  await page.getByRole('button', { name: 'Add user' }).click();
  const form = page.getByRole('dialog', { name: 'Add user' });
  await form.getByLabel('Name').fill(name);
  await form.getByLabel('E-mail').fill(email);
  await form.getByLabel('Role').selectOption(role);
  await form.getByRole('button', { name: 'Add' }).click();
  const shown = page.getByRole('dialog', { name: 'Einladungslink' });
  await expect(shown.getByText('Diesen Link einmalig an die Person weitergeben. Er gilt 24 Stunden.')).toBeVisible();
  const link = await shown.getByRole('textbox').inputValue();
  expect(link).toMatch(/\/dashboard#passwort=[\w-]+$/);
  await shown.getByRole('button', { name: 'Fertig' }).click();
  return link;
}

async function newPage(browser: Browser): Promise<Page> {
  const context = await browser.newContext({ serviceWorkers: 'block' });
  return context.newPage();
}

test('an administrator invites an editor and a viewer; roles hold in the console and the API; the audit trail says who', async ({
  page,
  browser,
}) => {
  // The link `npm start` prints while no administrator has a password (the operator token may make one as well).
  const made = await page.request.post(`${desk.url}/api/users/user-admin/password-link`, {
    headers: { Authorization: `Bearer ${DESK_TOKEN}` },
  });
  expect(made.status()).toBe(201);
  const adminLink = ((await made.json()) as { url: string }).url;
  await acceptLink(page, adminLink, 'admin@newsdesk.local');

  await page.goto(`${desk.url}/dashboard/admin/settings?tab=users`);
  await expect(page.getByText('Vollzugriff')).toBeVisible({ timeout: 30_000 });
  const editorLink = await invite(page, 'Erika Redakteurin', 'erika@example.org', 'Editor');
  const viewerLink = await invite(page, 'Victor Leser', 'victor@example.org', 'Viewer');

  // The viewer: Publish is off and says why; the API refuses it with 403 as well.
  const viewer = await newPage(browser);
  await acceptLink(viewer, viewerLink, 'victor@example.org');
  await viewer.goto(`${desk.url}/dashboard/ai-news`);
  const draft = viewer.getByTestId('news-row').filter({ hasText: 'Inflation sinkt auf 2,1 Prozent' });
  await draft.getByRole('button', { name: /Aktionen für/ }).click();
  const publish = viewer.getByRole('menuitem', { name: 'Publish' });
  await expect(publish).toBeDisabled();
  await expect(viewer.getByRole('menu')).toContainText('Sie sind als Viewer angemeldet');
  await viewer.keyboard.press('Escape');
  const session = (await (await viewer.request.get(`${desk.url}/api/session`)).json()) as { csrf: string };
  const refused = await viewer.request.post(`${desk.url}/api/news/news-8/publish`, {
    headers: { 'X-Newsdesk-Csrf': session.csrf, 'Idempotency-Key': 'e2e-viewer-publish' },
  });
  expect(refused.status()).toBe(403);
  expect(((await refused.json()) as { message: string }).message).toBe(
    'Keine Berechtigung: Ihre Rolle „Viewer“ darf das nicht – dafür ist die Rolle „Editor“ nötig.',
  );

  // The editor publishes a draft.
  const editor = await newPage(browser);
  await acceptLink(editor, editorLink, 'erika@example.org');
  await editor.goto(`${desk.url}/dashboard/ai-news`);
  const story = editor.getByTestId('news-row').filter({ hasText: 'Notenbank senkt überraschend die Zinsen' });
  await story.getByRole('button', { name: /Aktionen für/ }).click();
  await editor.getByRole('menuitem', { name: 'Publish' }).click();
  await expect(editor.getByText('„Notenbank senkt überraschend die Zinsen“ ist jetzt veröffentlicht.')).toBeVisible();

  // The administrator reads who did what.
  await page.goto(`${desk.url}/dashboard/admin/settings?tab=audit`);
  const rows = page.getByRole('row');
  await expect(rows.filter({ hasText: 'Erika Redakteurin' }).filter({ hasText: 'news.publish' })).toBeVisible({
    timeout: 30_000,
  });
  await expect(
    rows.filter({ hasText: 'Victor Leser' }).filter({ hasText: 'news.publish' }).filter({ hasText: 'Abgelehnt' }),
  ).toBeVisible();

  // Disabled: the viewer's open console is signed out without a click of theirs (its event stream ends, and the
  // reconnect gets no ticket).
  await page.goto(`${desk.url}/dashboard/admin/settings?tab=users`);
  const actions = page.getByRole('group', { name: 'Aktionen für Victor Leser' });
  await actions.getByRole('button', { name: 'Deaktivieren' }).click();
  await expect(actions.getByRole('button', { name: 'Aktivieren' })).toBeVisible();
  await expect(viewer.getByRole('dialog', { name: 'Zugang zum Newsdesk' })).toBeVisible({ timeout: 30_000 });
});

test('a tab opened while the desk cannot be reached shows the sign-in, and its valid cookie closes it once reachable', async ({
  browser,
}) => {
  const context = await browser.newContext({ serviceWorkers: 'block' });
  const first = await context.newPage();
  await first.goto(`${desk.url}/dashboard`);
  const signIn = first.getByRole('dialog', { name: 'Zugang zum Newsdesk' });
  await signIn.getByLabel('E-Mail-Adresse').fill('erika@example.org');
  await signIn.getByLabel('Passwort', { exact: true }).fill(PASSWORD);
  await signIn.getByRole('button', { name: 'Anmelden', exact: true }).click();
  await expect(signIn).toBeHidden({ timeout: 30_000 });

  // A second tab of the same browser (the cookie is there), whose first question who is signed in gets no answer.
  const tab = await context.newPage();
  await tab.route('**/api/session', (route) => route.abort('internetdisconnected'));
  await tab.goto(`${desk.url}/dashboard/posts`);
  const dialog = tab.getByRole('dialog', { name: 'Zugang zum Newsdesk' });
  await expect(dialog).toBeVisible({ timeout: 30_000 });
  await tab.unroute('**/api/session');
  await tab.evaluate(() => window.dispatchEvent(new Event('online')));
  await expect(dialog).toBeHidden({ timeout: 30_000 });
  await expect(tab.getByRole('button', { name: 'Benutzermenü: Erika Redakteurin (Editor)' })).toBeVisible();
  await expect(tab.getByText(/\d+ von \d+ Posts/)).toBeVisible({ timeout: 30_000 });
  await context.close();
});
