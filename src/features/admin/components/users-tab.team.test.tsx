import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, test } from 'vitest';
import { server } from '@/mocks/node';
import { addUser } from '@/mocks/store/users';
import { renderWithProviders } from '../../../../tests/render';
import { UsersTab } from './users-tab';

type Seen = { method: string; path: string; body: string };
let seen: Seen[] = [];
const listener = ({ request }: { request: Request }) => {
  const copy = request.clone();
  void copy.text().then((body) => seen.push({ method: request.method, path: new URL(request.url).pathname, body }));
};
server.events.on('request:start', listener);
afterEach(() => {
  seen = [];
});

const row = (id: string) => screen.getByTestId(`user-${id}`);

async function renderWithMara() {
  const mara = addUser({ name: 'Mara Schulz', email: 'mara.schulz@newsdesk.local', role: 'Editor' });
  const user = userEvent.setup();
  renderWithProviders(<UsersTab />);
  await screen.findByTestId(`user-${mara.id}`);
  return { user, mara };
}

describe('Users tab: people, roles and links', () => {
  test('each user shows status and last sign-in', async () => {
    await renderWithMara();
    const admin = row('user-admin');
    expect(within(admin).getByText('Aktiv')).toBeInTheDocument();
    expect(within(admin).getByText(/^Zuletzt angemeldet: /)).toBeInTheDocument();
    expect(screen.getByText('Eingeladen')).toBeInTheDocument();
    expect(screen.getByText('Noch nie angemeldet')).toBeInTheDocument();
  });

  test('inviting shows the link once, with copy, and it is gone after closing', async () => {
    const user = userEvent.setup();
    renderWithProviders(<UsersTab />);
    await screen.findByRole('list', { name: 'Users' });
    await user.click(screen.getByRole('button', { name: 'Add user' }));
    const form = await screen.findByRole('dialog');
    await user.type(within(form).getByLabelText('Name'), 'Jonas Weber');
    await user.type(within(form).getByLabelText('E-mail'), 'jonas.weber@newsdesk.local');
    await user.click(within(form).getByRole('button', { name: 'Add' }));
    const dialog = await screen.findByRole('dialog', { name: 'Einladungslink' });
    expect(
      within(dialog).getByText('Diesen Link einmalig an die Person weitergeben. Er gilt 24 Stunden.'),
    ).toBeInTheDocument();
    const field = within(dialog).getByLabelText('Für Jonas Weber');
    const url = (field as HTMLInputElement).value;
    expect(url).toMatch(/\/dashboard#passwort=/);
    await user.click(within(dialog).getByRole('button', { name: 'Kopieren' }));
    expect(await navigator.clipboard.readText()).toBe(url);
    expect(await screen.findByText('In die Zwischenablage kopiert')).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Fertig' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(screen.queryByDisplayValue(url)).toBeNull();
  });

  test('changing the role sends PATCH /users/{id} with the role and shows the new access', async () => {
    const { user, mara } = await renderWithMara();
    await user.selectOptions(screen.getByLabelText('Rolle von Mara Schulz'), 'Viewer');
    await waitFor(() => expect(within(row(mara.id)).getByText('Nur lesen')).toBeInTheDocument());
    expect(seen).toContainEqual({ method: 'PATCH', path: `/api/users/${mara.id}`, body: '{"role":"Viewer"}' });
  });

  test('the last administrator cannot be demoted: the server says why in a toast and the role stays', async () => {
    const { user } = await renderWithMara();
    const select = screen.getByLabelText<HTMLSelectElement>('Rolle von Administrator');
    await user.selectOptions(select, 'Editor');
    expect(await screen.findByText('Benutzer konnte nicht geändert werden')).toBeInTheDocument();
    expect(
      screen.getByText('Der letzte aktive Administrator kann nicht herabgestuft, deaktiviert oder gelöscht werden.'),
    ).toBeInTheDocument();
    await waitFor(() => expect(select.value).toBe('Admin'));
  });

  test('Deaktivieren disables a user, Aktivieren takes it back', async () => {
    const { user, mara } = await renderWithMara();
    await user.click(within(row(mara.id)).getByRole('button', { name: 'Deaktivieren' }));
    await waitFor(() => expect(within(row(mara.id)).getByText('Deaktiviert')).toBeInTheDocument());
    expect(seen).toContainEqual({ method: 'PATCH', path: `/api/users/${mara.id}`, body: '{"disabled":true}' });
    await user.click(within(row(mara.id)).getByRole('button', { name: 'Aktivieren' }));
    await waitFor(() => expect(within(row(mara.id)).getByText('Eingeladen')).toBeInTheDocument());
  });

  test('Löschen asks first: cancel keeps the user, confirm removes them', async () => {
    const { user, mara } = await renderWithMara();
    await user.click(within(row(mara.id)).getByRole('button', { name: 'Löschen' }));
    let confirm = await screen.findByRole('alertdialog', { name: 'Benutzer löschen?' });
    await user.click(within(confirm).getByRole('button', { name: 'Abbrechen' }));
    await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull());
    expect(seen.some((s) => s.method === 'DELETE')).toBe(false);
    await user.click(within(row(mara.id)).getByRole('button', { name: 'Löschen' }));
    confirm = await screen.findByRole('alertdialog', { name: 'Benutzer löschen?' });
    expect(within(confirm).getByText(/Mara Schulz/)).toBeInTheDocument();
    await user.click(within(confirm).getByRole('button', { name: 'Löschen' }));
    await waitFor(() => expect(screen.queryByTestId(`user-${mara.id}`)).toBeNull());
    expect(await screen.findByText('Benutzer gelöscht')).toBeInTheDocument();
    expect(seen).toContainEqual({ method: 'DELETE', path: `/api/users/${mara.id}`, body: '' });
  });

  test('Link zum Zurücksetzen shows a new link once', async () => {
    const { user, mara } = await renderWithMara();
    await user.click(within(row(mara.id)).getByRole('button', { name: 'Link zum Zurücksetzen' }));
    const dialog = await screen.findByRole('dialog', { name: 'Link zum Zurücksetzen' });
    expect(
      within(dialog).getByText('Diesen Link einmalig an die Person weitergeben. Er gilt 24 Stunden.'),
    ).toBeInTheDocument();
    expect((within(dialog).getByLabelText('Für Mara Schulz') as HTMLInputElement).value).toMatch(
      /\/dashboard#passwort=/,
    );
    expect(seen).toContainEqual({ method: 'POST', path: `/api/users/${mara.id}/password-link`, body: '' });
  });
});

describe('API-Tokens', () => {
  test('lists the tokens with prefix and last use; a new one shows its secret once', async () => {
    const user = userEvent.setup();
    renderWithProviders(<UsersTab />);
    const table = await screen.findByRole('table', { name: 'API-Tokens' });
    expect(within(table).getByText('n8n')).toBeInTheDocument();
    expect(within(table).getByText('nd_7Kq2…')).toBeInTheDocument();
    await user.type(screen.getByLabelText('Name'), 'Skript Wetter');
    await user.click(screen.getByRole('button', { name: 'Token erstellen' }));
    const dialog = await screen.findByRole('dialog', { name: 'Neuer API-Token' });
    expect(within(dialog).getByText('Der Token wird nur jetzt angezeigt.')).toBeInTheDocument();
    const secret = (within(dialog).getByLabelText('API-Tokens') as HTMLInputElement).value;
    expect(secret).toMatch(/^nd_[0-9a-f]{48}$/);
    await user.click(within(dialog).getByRole('button', { name: 'Kopieren' }));
    expect(await navigator.clipboard.readText()).toBe(secret);
    await user.click(within(dialog).getByRole('button', { name: 'Fertig' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(screen.queryByDisplayValue(secret)).toBeNull();
    const rowOf = within(screen.getByRole('table', { name: 'API-Tokens' }))
      .getByText('Skript Wetter')
      .closest('tr') as HTMLElement;
    expect(within(rowOf).getByText('nie benutzt')).toBeInTheDocument();
    expect(within(rowOf).getByText(`${secret.slice(0, 7)}…`)).toBeInTheDocument();
  });

  test('a token needs a name', async () => {
    const user = userEvent.setup();
    renderWithProviders(<UsersTab />);
    await screen.findByRole('table', { name: 'API-Tokens' });
    await user.click(screen.getByRole('button', { name: 'Token erstellen' }));
    expect(screen.getByText('Bitte einen Namen eingeben.')).toBeInTheDocument();
    expect(seen.some((s) => s.path === '/api/tokens' && s.method === 'POST')).toBe(false);
  });

  test('revoking asks first, then the token is gone', async () => {
    const user = userEvent.setup();
    renderWithProviders(<UsersTab />);
    await screen.findByRole('table', { name: 'API-Tokens' });
    await user.click(screen.getByRole('button', { name: 'Token n8n widerrufen' }));
    const confirm = await screen.findByRole('alertdialog', { name: 'Token widerrufen?' });
    await user.click(within(confirm).getByRole('button', { name: 'Widerrufen' }));
    expect(await screen.findByText('Noch keine API-Tokens.')).toBeInTheDocument();
    expect(seen).toContainEqual({ method: 'DELETE', path: '/api/tokens/token-n8n', body: '' });
  });
});
