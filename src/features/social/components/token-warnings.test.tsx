import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { server } from '@/mocks/node';
import { renderWithProviders } from '../../../../tests/render';
import { SocialPage } from './social-page';

vi.setConfig({ testTimeout: 30_000 });

test('tokens about to expire or revoked show on the Social screen in German, before a post fails', async () => {
  server.use(
    http.get('*/api/social/tokens', () =>
      HttpResponse.json([
        { platform: 'tiktok', state: 'revoked' },
        { platform: 'youtube', state: 'expiring', expiresAt: '2026-11-25T09:30:00.000Z' },
        { platform: 'instagram', state: 'ok', expiresAt: '2027-01-01T00:00:00.000Z' },
      ]),
    ),
  );
  renderWithProviders(<SocialPage />, { route: '/dashboard/social' });
  const warnings = await screen.findByTestId('token-warnings');
  expect(warnings).toHaveTextContent('TikTok: Die Anmeldung wurde widerrufen – bitte neu verbinden.');
  expect(warnings).toHaveTextContent(
    /YouTube: Die Anmeldung läuft am .*2026.* ab – bitte neu verbinden, bevor ein Post fehlschlägt\./,
  );
  expect(warnings).not.toHaveTextContent('Instagram');
});

test('no warning when every token is fine; a scheduled post carries the operator time zone', async () => {
  const bodies: Record<string, unknown>[] = [];
  server.events.on('request:start', ({ request }) => {
    if (request.method === 'POST' && request.url.includes('/api/social/post/'))
      void request
        .clone()
        .json()
        .then((b) => bodies.push(b as Record<string, unknown>));
  });
  const user = userEvent.setup();
  renderWithProviders(<SocialPage />, { route: '/dashboard/social' });
  await screen.findByTestId('platform-facebook');
  expect(screen.queryByTestId('token-warnings')).toBeNull();
  await user.click(screen.getByRole('checkbox', { name: 'YouTube' }));
  await user.type(screen.getByLabelText('Inhalt'), 'Zeitzonen-Test');
  await user.clear(screen.getByLabelText('Datum'));
  await user.type(screen.getByLabelText('Datum'), '2030-05-01');
  await user.clear(screen.getByLabelText('Uhrzeit'));
  await user.type(screen.getByLabelText('Uhrzeit'), '20:00');
  const zone = Intl.DateTimeFormat().resolvedOptions().timeZone;
  expect(screen.getByText(`Zeitzone: ${zone}`)).toBeInTheDocument();
  await user.click(screen.getByRole('button', { name: 'Schedule' }));
  expect(await screen.findByText('Post geplant')).toBeInTheDocument();
  expect(bodies).toEqual([
    expect.objectContaining({ content: 'Zeitzonen-Test', scheduledAt: '2030-05-01T20:00', timeZone: zone }),
  ]);
  server.events.removeAllListeners();
});
