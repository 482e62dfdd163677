import { cleanup, configure, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { setDemoRole } from '@/lib/session';
import { renderWithProviders } from '../../../../tests/render';
import { MediaPage } from './media-page';

vi.setConfig({ testTimeout: 30_000 });
configure({ asyncUtilTimeout: 5000 });
afterEach(() => {
  // Unmounted first: the role's change would re-render a screen that the test has left.
  cleanup();
  setDemoRole('Admin');
  localStorage.clear();
});

const VIEWER = 'Nur für die Rollen Editor und Admin – Sie sind als Viewer angemeldet.';
const cardOf = (title: string) =>
  screen.getByRole('heading', { name: title }).closest('[data-testid="media-card"]') as HTMLElement;

/** The header's Upload button, then the Delete item of a card's menu (the open menu hides the rest of the page). */
async function uploadAndDelete(title: string) {
  const user = userEvent.setup();
  renderWithProviders(<MediaPage />);
  await screen.findAllByTestId('media-card');
  const upload = screen.getByRole('button', { name: 'Upload Media' });
  await user.click(within(cardOf(title)).getByRole('button', { name: `Aktionen für ${title}` }));
  return { upload, remove: await screen.findByRole('menuitem', { name: 'Delete' }) };
}

test("a Viewer's Upload and Delete are disabled and say why", async () => {
  setDemoRole('Viewer');
  const { upload, remove } = await uploadAndDelete('Logo Newsdesk');
  // The table of who may do what loads with the first check.
  await waitFor(() => expect(upload).toBeDisabled());
  expect(upload).toHaveAccessibleDescription(VIEWER);
  expect(remove).toHaveAttribute('aria-disabled', 'true');
  expect(remove).toHaveAccessibleDescription(VIEWER);
  expect(within(screen.getByRole('menu')).getByText(VIEWER)).toBeVisible();
});

test("an Editor's Upload and Delete are enabled", async () => {
  setDemoRole('Editor');
  const { upload, remove } = await uploadAndDelete('Logo Newsdesk');
  expect(upload).toBeEnabled();
  expect(upload).not.toHaveAttribute('title');
  expect(remove).not.toHaveAttribute('aria-disabled');
});
