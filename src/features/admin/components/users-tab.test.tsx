import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, test } from 'vitest';
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
