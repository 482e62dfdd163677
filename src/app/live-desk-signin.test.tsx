import { screen } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { apiRequest } from '@/lib/api/client';
import { server } from '@/mocks/node';
import { cleanUpLiveDesk, goLive } from '../../tests/live-desk';
import { renderWithProviders } from '../../tests/render';
import { LiveDesk } from './live-desk';

// The start's one `GET /session` answers 401: the sign-in with e-mail and password is shown, and nothing else is sent.
cleanUpLiveDesk();

test('nobody signed in at start: the dialog asks for e-mail and password, the waiting call is not sent', async () => {
  goLive();
  const sent: string[] = [];
  server.use(
    http.get('*/api/session', () => HttpResponse.json({ message: 'Nicht angemeldet.' }, { status: 401 })),
    http.get('*/api/users', ({ request }) => {
      sent.push(request.url);
      return HttpResponse.json([]);
    }),
  );
  const controller = new AbortController();
  const waiting = apiRequest('/users', { retries: false, signal: controller.signal }).catch(() => 'abgebrochen');
  renderWithProviders(<LiveDesk />);
  const dialog = await screen.findByRole('dialog', { name: 'Zugang zum Newsdesk' });
  expect(dialog).toHaveTextContent('Melden Sie sich mit Ihrer E-Mail-Adresse und Ihrem Passwort an.');
  expect(screen.getByLabelText('E-Mail-Adresse')).toBeVisible();
  expect(screen.getByLabelText('Passwort')).toBeVisible();
  expect(screen.getByRole('button', { name: 'Mit API-Token anmelden' })).toBeVisible();
  expect(sent).toEqual([]);
  controller.abort();
  await expect(waiting).resolves.toBe('abgebrochen');
});
