import { configure, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { toast } from 'sonner';
import type { SocialPublication } from '@/contract';
import { apiKey } from '@/lib/api/query';
import { server } from '@/mocks/node';
import { createTestQueryClient, renderWithProviders } from '../../../../tests/render';
import { SocialPage } from './social-page';

// Post Now is accepted (202) and published by the server's job queue: the composer says „Wird veröffentlicht …“ for
// each platform until the result arrives, then the success or the platform's German reason, and meanwhile offers no
// second send of the same text to that platform.
vi.setConfig({ testTimeout: 30_000 });
configure({ asyncUtilTimeout: 8000 });
beforeEach(() => {
  toast.dismiss();
});

/** A backend whose Telegram post stays 'publishing' until the test ends it. */
function slowTelegram() {
  const posts: Array<{ key: string | null; content: string }> = [];
  let row: SocialPublication | undefined;
  server.use(
    http.post('*/api/social/post/telegram', async ({ request }) => {
      const body = (await request.json()) as { content: string; title?: string; postId?: string };
      posts.push({ key: request.headers.get('Idempotency-Key'), content: body.content });
      row = {
        id: 'sp-langsam',
        postId: body.postId ?? 'sp-langsam',
        platform: 'telegram',
        status: 'publishing',
        content: body.content,
        createdAt: '2026-11-27T09:00:00.000Z',
      };
      return HttpResponse.json({ id: row.id, platform: 'telegram', status: 'pending' }, { status: 202 });
    }),
    http.get('*/api/social/publications', () => HttpResponse.json(row ? [row] : [])),
  );
  return {
    posts,
    end(outcome: Pick<SocialPublication, 'status' | 'error'>) {
      if (row) row = { ...row, ...outcome };
    },
  };
}

async function postNow(text: string) {
  const user = userEvent.setup();
  renderWithProviders(<SocialPage />, { route: '/dashboard/social' });
  await screen.findByTestId('platform-facebook');
  await user.click(screen.getByRole('checkbox', { name: 'Telegram' }));
  await user.click(screen.getByLabelText('Inhalt'));
  await user.paste(text);
  await user.click(screen.getByRole('button', { name: 'Post Now' }));
  return user;
}

test('„Wird veröffentlicht …“ until the platform has it, no second Post Now of the same text meanwhile, then the success', async () => {
  const backend = slowTelegram();
  const user = await postNow('Eilmeldung: Der Bahnhof ist wieder offen');
  expect(await screen.findByTestId('publishing-telegram')).toHaveTextContent('Telegram: Wird veröffentlicht …');
  // Not reported as published while the platform has not answered.
  expect(screen.queryByText('Post veröffentlicht')).not.toBeInTheDocument();

  // The same text again for the same platform: Post Now is off, and says why.
  await user.click(screen.getByLabelText('Inhalt'));
  await user.paste('Eilmeldung: Der Bahnhof ist wieder offen');
  const postNowButton = screen.getByRole('button', { name: 'Post Now' });
  await waitFor(() => expect(postNowButton).toBeDisabled());
  expect(postNowButton).toHaveAccessibleDescription(
    'Derselbe Text wird für Telegram noch veröffentlicht: Post Now erst nach dem Ergebnis.',
  );
  expect(backend.posts).toHaveLength(1);

  backend.end({ status: 'published' });
  expect(await screen.findByText('Post veröffentlicht')).toBeInTheDocument();
  expect(screen.getByText('Gesendet an: Telegram.')).toBeInTheDocument();
  await waitFor(() => expect(screen.queryByTestId('publishing-telegram')).not.toBeInTheDocument());
  expect(screen.getByRole('button', { name: 'Post Now' })).toBeEnabled();
  expect(backend.posts).toHaveLength(1);
});

test('a platform that refuses the accepted post: its German reason, and Post Now is free again', async () => {
  const backend = slowTelegram();
  await postNow('Wird abgelehnt');
  expect(await screen.findByTestId('publishing-telegram')).toHaveTextContent('Telegram: Wird veröffentlicht …');
  backend.end({ status: 'failed', error: 'Telegram hat den Post abgelehnt (HTTP 400): Bad Request: chat not found' });
  expect(
    await screen.findByText('Telegram: Telegram hat den Post abgelehnt (HTTP 400): Bad Request: chat not found'),
  ).toBeInTheDocument();
  expect(screen.queryByText('Post veröffentlicht')).not.toBeInTheDocument();
  await waitFor(() => expect(screen.queryByTestId('publishing-telegram')).not.toBeInTheDocument());
});

test('platforms faster than the answer: the list says published before Post Now returns, and the success still shows', async () => {
  const queryClient = createTestQueryClient();
  const posts: string[] = [];
  let rows: SocialPublication[] = [];
  const publish = (platform: 'telegram' | 'facebook', postId: string, content: string) => {
    posts.push(platform);
    // The job queue has published it before the composer hears of the acceptance.
    rows = [
      { id: `sp-${platform}`, postId, platform, status: 'published', content, createdAt: '2026-11-27T09:00:00.000Z' },
      ...rows,
    ];
    return HttpResponse.json({ id: `sp-${platform}`, platform, status: 'pending' }, { status: 202 });
  };
  server.use(
    http.post('*/api/social/post/telegram', async ({ request }) => {
      const body = (await request.json()) as { content: string; postId: string };
      return publish('telegram', body.postId, body.content);
    }),
    http.post('*/api/social/post/facebook', async ({ request }) => {
      const body = (await request.json()) as { content: string; postId: string };
      const answer = publish('facebook', body.postId, body.content);
      // The event stream refetches the list, and the screen shows it, while Post Now has not returned yet.
      await queryClient.invalidateQueries({ queryKey: apiKey('social.publications') });
      await new Promise((resolve) => setTimeout(resolve, 50));
      return answer;
    }),
    http.get('*/api/social/publications', () => HttpResponse.json(rows)),
  );
  const user = userEvent.setup();
  renderWithProviders(<SocialPage />, { route: '/dashboard/social', queryClient });
  await screen.findByTestId('platform-facebook');
  await user.click(screen.getByRole('checkbox', { name: 'Telegram' }));
  await user.click(screen.getByRole('checkbox', { name: 'Facebook' }));
  await user.click(screen.getByLabelText('Inhalt'));
  await user.paste('Eilmeldung: Die Brücke ist gesperrt');
  await user.click(screen.getByRole('button', { name: 'Post Now' }));
  expect(await screen.findByText('Post veröffentlicht')).toBeInTheDocument();
  expect(screen.getByText('Gesendet an: Telegram, Facebook.')).toBeInTheDocument();
  expect(posts).toEqual(['telegram', 'facebook']);
});

test('platforms that end in different refetches: one report of the Post Now with all of them, once the last has ended', async () => {
  const queryClient = createTestQueryClient();
  let rows: SocialPublication[] = [];
  const accept = (platform: 'telegram' | 'facebook', postId: string, content: string) => {
    rows = [
      { id: `sp-${platform}`, postId, platform, status: 'publishing', content, createdAt: '2026-11-27T09:00:00.000Z' },
      ...rows,
    ];
    return HttpResponse.json({ id: `sp-${platform}`, platform, status: 'pending' }, { status: 202 });
  };
  const end = async (platform: 'telegram' | 'facebook') => {
    rows = rows.map((r) => (r.platform === platform ? { ...r, status: 'published' } : r));
    await queryClient.invalidateQueries({ queryKey: apiKey('social.publications') });
  };
  server.use(
    http.post('*/api/social/post/:platform', async ({ request, params }) => {
      const body = (await request.json()) as { content: string; postId: string };
      return accept(params.platform as 'telegram' | 'facebook', body.postId, body.content);
    }),
    http.get('*/api/social/publications', () => HttpResponse.json(rows)),
  );
  const user = userEvent.setup();
  renderWithProviders(<SocialPage />, { route: '/dashboard/social', queryClient });
  await screen.findByTestId('platform-facebook');
  await user.click(screen.getByRole('checkbox', { name: 'Telegram' }));
  await user.click(screen.getByRole('checkbox', { name: 'Facebook' }));
  await user.click(screen.getByLabelText('Inhalt'));
  await user.paste('Eilmeldung: Der Flughafen ist wieder offen');
  await user.click(screen.getByRole('button', { name: 'Post Now' }));
  expect(await screen.findByTestId('publishing-facebook')).toHaveTextContent('Facebook: Wird veröffentlicht …');

  await end('telegram');
  await waitFor(() => expect(screen.queryByTestId('publishing-telegram')).not.toBeInTheDocument());
  // Telegram alone is no report of this post: Facebook is still on its way.
  expect(screen.queryByText('Post veröffentlicht')).not.toBeInTheDocument();

  await end('facebook');
  expect(await screen.findByText('Gesendet an: Telegram, Facebook.')).toBeInTheDocument();
  expect(screen.getAllByText('Post veröffentlicht')).toHaveLength(1);
});

test('a server that took the post but answers in a shape this console does not know: said so, and nothing is kept to resend', async () => {
  const keys: Array<string | null> = [];
  server.use(
    http.post('*/api/social/post/telegram', ({ request }) => {
      keys.push(request.headers.get('Idempotency-Key'));
      // A server newer than this console: its accepted answer in another shape.
      return HttpResponse.json({ postId: 'p-neu', state: 'angenommen' }, { status: 202 });
    }),
  );
  await postNow('Neue Serverversion');
  expect(
    await screen.findByText(
      'Vom Server angenommen, aber mit einer unerwarteten Antwort bestätigt – bitte unter Posts prüfen, nicht noch einmal senden.',
    ),
  ).toBeInTheDocument();
  // Not offered for a resend: the form is cleared and no platform stays picked for one.
  expect(screen.queryByText('Nur fehlgeschlagene Plattformen bleiben ausgewählt')).not.toBeInTheDocument();
  await waitFor(() => expect(screen.getByLabelText('Inhalt')).toHaveValue(''));
  expect(keys).toHaveLength(1);
});
