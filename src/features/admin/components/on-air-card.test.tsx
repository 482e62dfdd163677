import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { toast } from 'sonner';
import { callApi } from '@/lib/api/client';
import { server } from '@/mocks/node';
import { renderWithProviders } from '../../../../tests/render';
import { ObsWebSocketTab } from './obs-websocket-tab';
import { OnAirCard } from './on-air-card';

/** Every PATCH /settings body the card sends. */
function patches(): unknown[] {
  const bodies: unknown[] = [];
  server.events.on('request:start', async ({ request }) => {
    if (request.method === 'PATCH' && new URL(request.url).pathname === '/api/settings')
      bodies.push(await request.clone().json());
  });
  return bodies;
}
afterEach(async () => {
  server.events.removeAllListeners();
  // sonner replays still-active toasts to the next test's Toaster; dismissed ones are not replayed, and once gone none animates.
  toast.dismiss();
  await waitFor(() => expect(document.querySelector('[data-sonner-toast]')).toBeNull());
});

test('Admin → OBS WebSocket shows „Schlagzeile auf Sendung“, off by default, and an empty media source', async () => {
  renderWithProviders(<ObsWebSocketTab />);
  const toggle = await screen.findByRole('switch', { name: 'Schlagzeile auf Sendung' });
  expect(toggle).not.toBeChecked();
  expect(toggle).toHaveAccessibleDescription(
    'Wird eine Meldung veröffentlicht, setzt der Server ihre Schlagzeile in die Quick-Text-Quelle von OBS und ihr Video in die Medienquelle.',
  );
  expect(screen.getByLabelText('Medienquelle für das Video')).toHaveValue('');
});

test('the switch stores onAir.enabled on the desk at once', async () => {
  const bodies = patches();
  const user = userEvent.setup();
  renderWithProviders(<OnAirCard />);
  await user.click(await screen.findByRole('switch', { name: 'Schlagzeile auf Sendung' }));
  expect(await screen.findByText('Veröffentlichte Meldungen gehen auf Sendung.')).toBeInTheDocument();
  expect(bodies).toEqual([{ onAir: { enabled: true } }]);
  await waitFor(() => expect(screen.getByRole('switch', { name: 'Schlagzeile auf Sendung' })).toBeChecked());
  expect((await callApi('settings.get')).onAir).toEqual({ enabled: true, mediaSource: '' });
});

test('Speichern stores the media source, trimmed; the switch keeps its position', async () => {
  const bodies = patches();
  const user = userEvent.setup();
  renderWithProviders(<OnAirCard />);
  const field = await screen.findByLabelText('Medienquelle für das Video');
  await user.type(field, '  AI News Video  ');
  await user.click(screen.getByRole('button', { name: 'Speichern' }));
  expect(await screen.findByText('Das Video einer Meldung läuft in „AI News Video“.')).toBeInTheDocument();
  expect(bodies).toEqual([{ onAir: { mediaSource: 'AI News Video' } }]);
  expect(field).toHaveValue('AI News Video');
  expect((await callApi('settings.get')).onAir).toEqual({ enabled: false, mediaSource: 'AI News Video' });
});

test('a refused save says so in German and puts the switch back', async () => {
  server.use(
    http.patch('*/api/settings', () =>
      HttpResponse.json({ message: 'Keine Berechtigung für diese Einstellung.' }, { status: 403 }),
    ),
  );
  const user = userEvent.setup();
  renderWithProviders(<OnAirCard />);
  await user.click(await screen.findByRole('switch', { name: 'Schlagzeile auf Sendung' }));
  expect(await screen.findByText('Einstellung konnte nicht gespeichert werden')).toBeInTheDocument();
  expect(await screen.findByText('Keine Berechtigung für diese Einstellung.')).toBeInTheDocument();
  await waitFor(() => expect(screen.getByRole('switch', { name: 'Schlagzeile auf Sendung' })).not.toBeChecked());
});
