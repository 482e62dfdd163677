import { screen } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { server } from '@/mocks/node';
import { cleanUpLiveDesk, goLive } from '../../tests/live-desk';
import { renderWithProviders } from '../../tests/render';
import { LiveDesk } from './live-desk';

// A one-time link opened while the server is out of reach: the cookie found valid later does not close the dialog
// that sets the password, which is what the page was opened for.
cleanUpLiveDesk();
afterEach(() => {
  history.replaceState(null, '', '/');
});

test('a password link keeps its dialog when the server answers again with a valid cookie', async () => {
  goLive();
  history.replaceState(null, '', '/dashboard#passwort=einmalig-123');
  let reachable = false;
  let asked = 0;
  server.use(
    http.get('*/api/session', () => {
      asked += 1;
      if (!reachable) return HttpResponse.error();
      return HttpResponse.json({
        user: { id: 'user-admin', name: 'Administrator', email: 'admin@desk.example', role: 'Admin', access: 'Admin' },
        via: 'session',
        csrf: 'csrf-alt',
      });
    }),
    http.post('*/api/events/ticket', () => HttpResponse.json({ ticket: 't', expiresInMs: 60_000 }, { status: 201 })),
  );
  renderWithProviders(<LiveDesk />);
  const dialog = await screen.findByRole('dialog', { name: 'Zugang zum Newsdesk' });
  expect(dialog).toHaveTextContent('Legen Sie Ihr Passwort fest (mindestens 12 Zeichen).');
  reachable = true;
  window.dispatchEvent(new Event('online'));
  await vi.waitFor(() => expect(asked).toBe(2));
  await new Promise((resolve) => setTimeout(resolve, 200));
  expect(screen.getByRole('dialog', { name: 'Zugang zum Newsdesk' })).toHaveTextContent(
    'Legen Sie Ihr Passwort fest (mindestens 12 Zeichen).',
  );
});
