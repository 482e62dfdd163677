import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { describe, expect, test } from 'vitest';
import { server } from '@/mocks/node';
import { renderWithProviders } from '../../../../tests/render';
import { UsersTab } from './users-tab';

describe('Users tab', () => {
  test('lists the administrator with "Vollzugriff"', async () => {
    renderWithProviders(<UsersTab />);
    const list = await screen.findByRole('list', { name: 'Users' });
    expect(within(list).getByText('Administrator')).toBeInTheDocument();
    expect(within(list).getByText('Vollzugriff')).toBeInTheDocument();
  });

  test('Add user validates name and e-mail in German and adds nothing', async () => {
    const user = userEvent.setup();
    renderWithProviders(<UsersTab />);
    await screen.findByRole('list', { name: 'Users' });
    await user.click(screen.getByRole('button', { name: 'Add user' }));
    const dialog = await screen.findByRole('dialog');
    await user.type(within(dialog).getByLabelText('E-mail'), 'not-an-address');
    await user.click(within(dialog).getByRole('button', { name: 'Add' }));
    expect(within(dialog).getByText('Bitte geben Sie einen Namen ein.')).toBeInTheDocument();
    expect(within(dialog).getByText('Bitte geben Sie eine gültige E-Mail-Adresse ein.')).toBeInTheDocument();
    expect(screen.getAllByRole('listitem', { hidden: true })).toHaveLength(1);
  });

  test('Add user stores the user through the /api and lists it', async () => {
    const user = userEvent.setup();
    renderWithProviders(<UsersTab />);
    await screen.findByRole('list', { name: 'Users' });
    await user.click(screen.getByRole('button', { name: 'Add user' }));
    const dialog = await screen.findByRole('dialog');
    await user.type(within(dialog).getByLabelText('Name'), 'Erika Muster');
    await user.type(within(dialog).getByLabelText('E-mail'), 'erika@newsdesk.demo');
    await user.selectOptions(within(dialog).getByLabelText('Role'), 'Viewer');
    await user.click(within(dialog).getByRole('button', { name: 'Add' }));
    expect(await screen.findByText('Benutzer hinzugefügt')).toBeInTheDocument();
    // The invitation link is shown in a dialog of its own; closed, the list is back.
    const linkDialog = await screen.findByRole('dialog', { name: 'Einladungslink' });
    await user.click(within(linkDialog).getByRole('button', { name: 'Fertig' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    const list = screen.getByRole('list', { name: 'Users' });
    await waitFor(() => expect(within(list).getByText('Erika Muster')).toBeInTheDocument());
    expect(within(list).getByText('erika@newsdesk.demo')).toBeInTheDocument();
    expect(within(list).getByText('Nur lesen')).toBeInTheDocument();
    expect(within(list).getByText('Eingeladen')).toBeInTheDocument();
  });

  test("a link to this machine says it opens only here; a link to the desk's LAN address does not", async () => {
    const user = userEvent.setup();
    let origin = 'http://127.0.0.1:3080';
    server.use(
      http.post('*/api/users', async ({ request }) => {
        const body = (await request.json()) as { name: string; email: string; role: string };
        return HttpResponse.json(
          {
            user: { id: `user-${body.email}`, ...body, access: 'Nur lesen', status: 'invited', lastSignInAt: null },
            link: { url: `${origin}/dashboard#passwort=einmalig`, expiresAt: '2026-12-01T10:00:00.000Z' },
          },
          { status: 201 },
        );
      }),
    );
    renderWithProviders(<UsersTab />);
    await screen.findByRole('list', { name: 'Users' });
    const invite = async (name: string, email: string) => {
      await user.click(screen.getByRole('button', { name: 'Add user' }));
      const dialog = await screen.findByRole('dialog');
      await user.type(within(dialog).getByLabelText('Name'), name);
      await user.type(within(dialog).getByLabelText('E-mail'), email);
      await user.click(within(dialog).getByRole('button', { name: 'Add' }));
      return screen.findByRole('dialog', { name: 'Einladungslink' });
    };
    const local = await invite('Lena Lokal', 'lena@newsdesk.demo');
    expect(within(local).getByRole('alert')).toHaveTextContent(
      'Achtung: Dieser Link führt zu 127.0.0.1 und öffnet sich nur auf diesem Rechner. Für andere Geräte die Konsole über ihre Adresse im LAN öffnen (oder NEWSDESK_PUBLIC_URL setzen) und den Link neu erstellen.',
    );
    await user.click(within(local).getByRole('button', { name: 'Fertig' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    origin = 'https://desk.studio.lan:3000';
    const lan = await invite('Lars LAN', 'lars@newsdesk.demo');
    expect(lan).toHaveTextContent('Diesen Link einmalig an die Person weitergeben. Er gilt 24 Stunden.');
    expect(within(lan).queryByRole('alert')).toBeNull();
  });

  test('a taken address is refused by the /api and reported', async () => {
    const user = userEvent.setup();
    renderWithProviders(<UsersTab />);
    await screen.findByRole('list', { name: 'Users' });
    await user.click(screen.getByRole('button', { name: 'Add user' }));
    const dialog = await screen.findByRole('dialog');
    await user.type(within(dialog).getByLabelText('Name'), 'Zweiter Admin');
    await user.type(within(dialog).getByLabelText('E-mail'), 'admin@newsdesk.demo');
    await user.click(within(dialog).getByRole('button', { name: 'Add' }));
    expect(await screen.findByText('Benutzer konnte nicht hinzugefügt werden.')).toBeInTheDocument();
  });
});
