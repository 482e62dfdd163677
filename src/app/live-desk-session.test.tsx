import { screen, waitFor } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { apiRequest } from '@/lib/api/client';
import { getOperatorToken } from '@/lib/operator-token';
import { getSession } from '@/lib/session';
import { server } from '@/mocks/node';
import { cleanUpLiveDesk, goLive } from '../../tests/live-desk';
import { renderWithProviders } from '../../tests/render';
import { LiveDesk } from './live-desk';

// The start's one `GET /session` finds the session cookie: nobody is asked, and the calls that waited go.
cleanUpLiveDesk();

test('a cookie session found at start needs no dialog: the waiting calls go with its csrf, one question only', async () => {
  goLive();
  const asked: string[] = [];
  server.use(
    http.get('*/api/session', ({ request }) => {
      asked.push(request.headers.get('Authorization') ?? 'ohne Token');
      return HttpResponse.json({
        user: { id: 'user-viewer', name: 'Jonas Weber', email: 'jonas@desk.example', role: 'Viewer', access: 'Viewer' },
        via: 'session',
        csrf: 'csrf-start',
      });
    }),
    http.post('*/api/events/ticket', ({ request }) =>
      HttpResponse.json({ ticket: request.headers.get('X-Newsdesk-Csrf'), expiresInMs: 60_000 }, { status: 201 }),
    ),
    http.post('*/api/probe', ({ request }) => HttpResponse.json({ csrf: request.headers.get('X-Newsdesk-Csrf') })),
  );
  const waiting = apiRequest('/probe', { method: 'POST', json: {}, retries: false });
  renderWithProviders(<LiveDesk />);
  await expect(waiting).resolves.toEqual({ csrf: 'csrf-start' });
  expect(getSession()).toMatchObject({ user: { name: 'Jonas Weber', role: 'Viewer' }, via: 'session' });
  expect(getOperatorToken()).toBeUndefined();
  await new Promise((resolve) => setTimeout(resolve, 100));
  expect(screen.queryByRole('dialog', { name: 'Zugang zum Newsdesk' })).toBeNull();
  await waitFor(() => expect(asked).toEqual(['ohne Token']));
});
