import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { callApi } from '@/lib/api/client';
import { server } from '@/mocks/node';
import { renderWithProviders } from '../../../../tests/render';
import { ReviewCard } from './review-card';
import { SystemTab } from './system-tab';

const REVIEWED =
  'Dieser Beitrag wurde mit Hilfe von KI aus den genannten Quellen erstellt und von der Redaktion geprüft.';

/** Every PATCH /settings body the card sends. */
function patches(): unknown[] {
  const bodies: unknown[] = [];
  server.events.on('request:start', async ({ request }) => {
    if (request.method === 'PATCH' && new URL(request.url).pathname === '/api/settings')
      bodies.push(await request.clone().json());
  });
  return bodies;
}
afterEach(() => server.events.removeAllListeners());

test('System shows the card „Freigabe und KI-Hinweis“ with review on and the desk’s two disclosure lines', async () => {
  renderWithProviders(<SystemTab />);
  expect(await screen.findByText('Freigabe und KI-Hinweis')).toBeInTheDocument();
  const toggle = await screen.findByRole('switch', { name: 'Freigabe vor Veröffentlichung' });
  expect(toggle).toBeChecked();
  expect(toggle).toHaveAccessibleDescription(
    'Neue Meldungen warten in AI News auf Publish oder Reject, bevor der Run sie veröffentlicht.',
  );
  expect(screen.getByLabelText('KI-Hinweis nach Prüfung')).toHaveValue(REVIEWED);
  expect(screen.getByLabelText('KI-Hinweis ohne Prüfung')).toHaveValue(
    'Dieser Beitrag wurde automatisch mit Hilfe von KI aus den genannten Quellen erstellt und ohne redaktionelle Prüfung veröffentlicht.',
  );
});

test('the switch saves review=false at once', async () => {
  const bodies = patches();
  const user = userEvent.setup();
  renderWithProviders(<ReviewCard />);
  await user.click(await screen.findByRole('switch', { name: 'Freigabe vor Veröffentlichung' }));
  expect(await screen.findByText('Einstellungen gespeichert')).toBeInTheDocument();
  expect(bodies).toEqual([{ review: false }]);
  await waitFor(() => expect(screen.getByRole('switch', { name: 'Freigabe vor Veröffentlichung' })).not.toBeChecked());
  expect((await callApi('settings.get')).review).toBe(false);
});

test('„Vier-Augen-Prinzip“ is off by default and its switch saves fourEyes=true', async () => {
  const bodies = patches();
  const user = userEvent.setup();
  renderWithProviders(<ReviewCard />);
  const toggle = await screen.findByRole('switch', { name: 'Vier-Augen-Prinzip' });
  expect(toggle).not.toBeChecked();
  expect(toggle).toHaveAccessibleDescription(
    'Eine Meldung gibt jemand anderes frei als die Person, die ihren Run gestartet hat.',
  );
  await user.click(toggle);
  expect(await screen.findByText('Einstellungen gespeichert')).toBeInTheDocument();
  expect(bodies).toEqual([{ fourEyes: true }]);
  expect((await callApi('settings.get')).fourEyes).toBe(true);
  await callApi('settings.update', { body: { fourEyes: false } });
});

test('Speichern saves both disclosure lines, trimmed', async () => {
  const bodies = patches();
  const user = userEvent.setup();
  renderWithProviders(<ReviewCard />);
  const automatic = await screen.findByLabelText('KI-Hinweis ohne Prüfung');
  await user.clear(automatic);
  await user.type(automatic, '  Automatisch mit KI erstellt.  ');
  await user.click(screen.getByRole('button', { name: 'Speichern' }));
  expect(await screen.findByText('Einstellungen gespeichert')).toBeInTheDocument();
  expect(bodies).toEqual([{ disclosure: { reviewed: REVIEWED, automatic: 'Automatisch mit KI erstellt.' } }]);
  expect((await callApi('settings.get')).disclosure).toEqual({
    reviewed: REVIEWED,
    automatic: 'Automatisch mit KI erstellt.',
  });
  expect(automatic).toHaveValue('Automatisch mit KI erstellt.');
});

test('a blank line or one over 300 characters is refused before anything is sent', async () => {
  const bodies = patches();
  const user = userEvent.setup();
  renderWithProviders(<ReviewCard />);
  const reviewed = await screen.findByLabelText('KI-Hinweis nach Prüfung');
  await user.clear(reviewed);
  await user.type(reviewed, '   ');
  await user.click(screen.getByRole('button', { name: 'Speichern' }));
  expect(await screen.findByRole('alert')).toHaveTextContent('Bitte einen Hinweistext eingeben.');
  expect(reviewed).toHaveAttribute('aria-invalid', 'true');
  const automatic = screen.getByLabelText('KI-Hinweis ohne Prüfung');
  await user.clear(automatic);
  await user.click(automatic);
  await user.paste('x'.repeat(301));
  await user.click(screen.getByRole('button', { name: 'Speichern' }));
  const alerts = await screen.findAllByRole('alert');
  expect(alerts.map((a) => a.textContent)).toEqual(['Bitte einen Hinweistext eingeben.', 'Höchstens 300 Zeichen.']);
  expect(bodies).toEqual([]);
  expect((await callApi('settings.get')).disclosure.reviewed).toBe(REVIEWED);
});

test("a refused save shows the server's message and the switch goes back", async () => {
  server.use(
    http.patch('*/api/settings', () =>
      HttpResponse.json({ message: 'Nur Administratoren dürfen das ändern.' }, { status: 403 }),
    ),
  );
  const user = userEvent.setup();
  renderWithProviders(<ReviewCard />);
  const toggle = await screen.findByRole('switch', { name: 'Freigabe vor Veröffentlichung' });
  await user.click(toggle);
  expect(await screen.findByText('Einstellungen konnten nicht gespeichert werden')).toBeInTheDocument();
  expect(screen.getByText('Nur Administratoren dürfen das ändern.')).toBeInTheDocument();
  await waitFor(() => expect(toggle).toBeChecked());
  const card = screen.getByText('Freigabe und KI-Hinweis').closest('[data-slot="card"]') as HTMLElement;
  expect(within(card).queryByRole('alert')).toBeNull();
});
