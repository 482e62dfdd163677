import { screen, waitFor } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { apiRequest } from '@/lib/api/client';
import { getSession } from '@/lib/session';
import { server } from '@/mocks/node';
import { cleanUpLiveDesk, goLive } from '../../tests/live-desk';
import { renderWithProviders } from '../../tests/render';
import { LiveDesk } from './live-desk';

// A window opened while the server is out of reach (offline, a restart) shows the sign-in; once the server answers,
// its valid session cookie signs it in by itself, the sign-in closes and the calls that waited go.
cleanUpLiveDesk();

test('the server out of reach at start: asked again, and once it answers, the valid cookie closes the sign-in', async () => {
  vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'], shouldAdvanceTime: true });
  goLive();
  let reachable = false;
  const asked: boolean[] = [];
  server.use(
    http.get('*/api/session', () => {
      asked.push(reachable);
      if (!reachable) return HttpResponse.error();
      return HttpResponse.json({
        user: { id: 'user-editor', name: 'Mara Schulz', email: 'mara@desk.example', role: 'Editor', access: 'Editor' },
        via: 'session',
        csrf: 'csrf-wieder-da',
      });
    }),
    http.post('*/api/events/ticket', () => HttpResponse.json({ ticket: 't', expiresInMs: 60_000 }, { status: 201 })),
    http.post('*/api/probe', ({ request }) => HttpResponse.json({ csrf: request.headers.get('X-Newsdesk-Csrf') })),
  );
  const waiting = apiRequest('/probe', { method: 'POST', json: {}, retries: false });
  renderWithProviders(<LiveDesk />);
  expect(await screen.findByRole('dialog', { name: 'Zugang zum Newsdesk' })).toBeVisible();
  expect(asked).toEqual([false]);
  // Asked again on its own after 5 s; still out of reach, the sign-in stays.
  await vi.advanceTimersByTimeAsync(5_000);
  await waitFor(() => expect(asked).toEqual([false, false]));
  expect(screen.getByRole('dialog', { name: 'Zugang zum Newsdesk' })).toBeVisible();

  reachable = true;
  window.dispatchEvent(new Event('online'));
  await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Zugang zum Newsdesk' })).toBeNull());
  expect(asked).toEqual([false, false, true]);
  expect(getSession()).toMatchObject({ user: { name: 'Mara Schulz', role: 'Editor' }, via: 'session' });
  await expect(waiting).resolves.toEqual({ csrf: 'csrf-wieder-da' });
});
