import { cleanup, configure, screen, waitFor, within } from '@testing-library/react';
import { setDemoRole } from '@/lib/session';
import { renderWithProviders } from '../../../../tests/render';
import { SourcesTab } from './sources-tab';
import { SystemTab } from './system-tab';
import { UsersTab } from './users-tab';

vi.setConfig({ testTimeout: 30_000 });
configure({ asyncUtilTimeout: 5000 });
afterEach(() => {
  // Unmounted first: the role's change would re-render a screen that the test has left.
  cleanup();
  setDemoRole('Admin');
  localStorage.clear();
});

const ADMIN_ONLY = 'Nur für Admin – Sie sind als Editor angemeldet.';
const EDITORS = 'Nur für die Rollen Editor und Admin – Sie sind als Viewer angemeldet.';

test("an Editor's System switches and the disclosure's Speichern are disabled and say why", async () => {
  setDemoRole('Editor');
  renderWithProviders(<SystemTab />);
  const review = await screen.findByRole('switch', { name: 'Freigabe vor Veröffentlichung' });
  const fourEyes = screen.getByRole('switch', { name: 'Vier-Augen-Prinzip' });
  // The table of who may do what loads with the first check.
  await waitFor(() => expect(review).toBeDisabled());
  for (const toggle of [review, fourEyes]) {
    expect(toggle).toBeDisabled();
    expect(toggle).toHaveAttribute('title', ADMIN_ONLY);
    expect(toggle).toHaveAccessibleDescription(expect.stringContaining(ADMIN_ONLY));
  }
  const card = screen.getByText('Freigabe und KI-Hinweis').closest('[data-slot="card"]') as HTMLElement;
  const save = within(card).getByRole('button', { name: 'Speichern' });
  expect(save).toBeDisabled();
  expect(save).toHaveAccessibleDescription(ADMIN_ONLY);
  expect(within(card).getByLabelText('KI-Hinweis nach Prüfung')).toHaveAttribute('readonly');
  // The browser's own switches are not the desk's settings: they stay anyone's.
  expect(screen.getByRole('switch', { name: 'Dark mode' })).toBeEnabled();
});

test("an Admin's System switches are enabled", async () => {
  setDemoRole('Admin');
  renderWithProviders(<SystemTab />);
  const review = await screen.findByRole('switch', { name: 'Freigabe vor Veröffentlichung' });
  expect(review).toBeEnabled();
  expect(review).not.toHaveAttribute('title');
  expect(screen.getByRole('switch', { name: 'Vier-Augen-Prinzip' })).toBeEnabled();
  expect(screen.queryByText(ADMIN_ONLY)).not.toBeInTheDocument();
});

test("an Editor's Add user and a user's changes are disabled and say why; API tokens stay usable", async () => {
  setDemoRole('Editor');
  renderWithProviders(<UsersTab />);
  const list = await screen.findByRole('list', { name: 'Users' });
  const add = screen.getByRole('button', { name: 'Add user' });
  await waitFor(() => expect(add).toBeDisabled());
  expect(add).toHaveAccessibleDescription(ADMIN_ONLY);
  const row = within(list).getAllByRole('listitem')[0] as HTMLElement;
  for (const button of within(row).getAllByRole('button')) {
    expect(button).toBeDisabled();
    expect(button).toHaveAccessibleDescription(ADMIN_ONLY);
  }
  expect(within(row).getByRole('combobox')).toBeDisabled();
  for (const button of screen.getAllByRole('button').filter((b) => !add.isSameNode(b) && !row.contains(b)))
    expect(button).not.toHaveAttribute('title', ADMIN_ONLY);
});

test("an Admin's Add user is enabled", async () => {
  renderWithProviders(<UsersTab />);
  await screen.findByRole('list', { name: 'Users' });
  expect(screen.getByRole('button', { name: 'Add user' })).toBeEnabled();
});

test("a Viewer's Quellen: fetching, editing, deleting and adding are disabled and say why", async () => {
  setDemoRole('Viewer');
  renderWithProviders(<SourcesTab />);
  const list = await screen.findByRole('list', { name: 'Quellen' });
  const fetchAll = screen.getByRole('button', { name: 'Alle jetzt abrufen' });
  await waitFor(() => expect(fetchAll).toBeDisabled());
  expect(fetchAll).toHaveAccessibleDescription(EDITORS);
  const row = within(list).getAllByRole('listitem')[0] as HTMLElement;
  for (const control of [...within(row).getAllByRole('button'), within(row).getByRole('switch')]) {
    expect(control).toBeDisabled();
    expect(control).toHaveAccessibleDescription(EDITORS);
  }
  const add = screen.getByRole('button', { name: 'Quelle hinzufügen' });
  expect(add).toBeDisabled();
  expect(add).toHaveAccessibleDescription(EDITORS);
});

test("an Editor's Quellen are enabled", async () => {
  setDemoRole('Editor');
  renderWithProviders(<SourcesTab />);
  await screen.findByRole('list', { name: 'Quellen' });
  expect(screen.getByRole('button', { name: 'Alle jetzt abrufen' })).toBeEnabled();
  expect(screen.getByRole('button', { name: 'Quelle hinzufügen' })).toBeEnabled();
});
