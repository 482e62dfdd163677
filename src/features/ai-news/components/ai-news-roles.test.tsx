import { cleanup, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { callApi } from '@/lib/api/client';
import { setDemoRole } from '@/lib/session';
import { renderWithProviders } from '../../../../tests/render';
import { AiNewsPage } from './ai-news-page';

vi.setConfig({ testTimeout: 30_000 });
beforeEach(() => {
  vi.spyOn(HTMLElement.prototype, 'clientHeight', 'get').mockReturnValue(800);
  vi.spyOn(HTMLElement.prototype, 'clientWidth', 'get').mockReturnValue(1200);
});
afterEach(() => {
  // Unmounted first: the role's change would re-render a screen that the test has left.
  cleanup();
  setDemoRole('Admin');
  localStorage.clear();
  vi.restoreAllMocks();
});

const DRAFT = 'Notenbank senkt überraschend die Zinsen';
const rowOf = (title: string) =>
  screen.getByText(title, { selector: '[role="cell"]' }).closest('[role="row"]') as HTMLElement;

async function publishItem(title: string) {
  const user = userEvent.setup();
  renderWithProviders(<AiNewsPage />);
  await screen.findAllByTestId('news-row');
  await user.click(within(rowOf(title)).getByRole('button', { name: `Aktionen für ${title}` }));
  const menu = await screen.findByRole('menu');
  return within(menu).getByRole('menuitem', { name: /Publish/ });
}

test("a Viewer's Publish is disabled and says why", async () => {
  setDemoRole('Viewer');
  const publish = await publishItem(DRAFT);
  expect(publish).toHaveAttribute('aria-disabled', 'true');
  expect(publish).toHaveAccessibleDescription('Nur für die Rollen Editor und Admin – Sie sind als Viewer angemeldet.');
  expect(screen.getByText('Nur für die Rollen Editor und Admin – Sie sind als Viewer angemeldet.')).toBeVisible();
});

test("an Editor's Publish is enabled", async () => {
  setDemoRole('Editor');
  const publish = await publishItem(DRAFT);
  expect(publish).not.toHaveAttribute('aria-disabled');
  expect(publish).not.toHaveAttribute('title');
});

test("the demo's backend refuses a Viewer's publish with 403 and says why; an Editor's goes through", async () => {
  const draft = (await callApi('news.list')).find((item) => item.status === 'draft');
  if (!draft) throw new Error('kein Entwurf in den Beispieldaten');
  setDemoRole('Viewer');
  await expect(
    callApi('news.publish', { params: { id: draft.id }, retries: false, record: false }),
  ).rejects.toMatchObject({
    status: 403,
    body: expect.stringContaining('Nur für die Rollen Editor und Admin – Sie sind als Viewer angemeldet.'),
  });
  // Reading stays a Viewer's.
  await expect(callApi('news.list')).resolves.toBeDefined();
  setDemoRole('Editor');
  await expect(callApi('news.publish', { params: { id: draft.id } })).resolves.toMatchObject({ status: 'published' });
});
