import { configure, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { toast } from 'sonner';
import { server } from '@/mocks/node';
import { socialStore } from '@/mocks/store/social';
import { renderWithProviders } from '../../../../tests/render';
import { SocialPage } from './social-page';

// The composer attaches a Media Library file (picked or uploaded) and sends its id with the post; the results list
// offers Retry only for a platform that failed.
vi.setConfig({ testTimeout: 30_000 });
configure({ asyncUtilTimeout: 5000 });
beforeEach(() => {
  toast.dismiss();
});
afterEach(() => {
  server.events.removeAllListeners();
});

async function setup() {
  const user = userEvent.setup();
  renderWithProviders(<SocialPage />, { route: '/dashboard/social' });
  await screen.findByTestId('platform-facebook');
  return user;
}

/** The JSON bodies of the posts the page sent, by path. */
function recordPosts(): Array<{ path: string; body: Record<string, unknown> }> {
  const posts: Array<{ path: string; body: Record<string, unknown> }> = [];
  server.events.on('request:start', ({ request }) => {
    const path = new URL(request.url).pathname;
    if (request.method === 'POST' && /\/social\/(post\/|tiktok\/post|instagram\/post)/.test(path)) {
      void request
        .clone()
        .json()
        .then((body: Record<string, unknown>) => posts.push({ path, body }));
    }
  });
  return posts;
}

test('a video picked from the Media Library goes with the post to every platform, under one post id', async () => {
  const posts = recordPosts();
  const user = await setup();
  await user.click(screen.getByRole('button', { name: 'Connect TikTok' }));
  await waitFor(() => expect(screen.getByRole('checkbox', { name: 'TikTok' })).toBeEnabled());
  await user.click(screen.getByRole('checkbox', { name: 'TikTok' }));
  await user.click(screen.getByRole('checkbox', { name: 'YouTube' }));
  // Without a video both platforms say so in their preview.
  expect(screen.getByRole('region', { name: 'Vorschau TikTok' })).toHaveTextContent(
    'TikTok veröffentlicht nur Videos: Bitte ein Video anhängen.',
  );
  expect(screen.getByRole('region', { name: 'Vorschau YouTube' })).toHaveTextContent(
    'YouTube veröffentlicht nur Videos: Bitte ein Video anhängen.',
  );

  const picker = screen.getByLabelText('Medium');
  // Audio cannot be posted: the picker offers images and videos only.
  await waitFor(() =>
    expect(within(picker).getByRole('option', { name: 'Breaking News Intro (Video)' })).toBeInTheDocument(),
  );
  expect(within(picker).queryByRole('option', { name: /Moderation Morgenausgabe/ })).not.toBeInTheDocument();
  expect(within(picker).getByRole('option', { name: 'Logo Newsdesk (Bild)' })).toBeInTheDocument();
  await user.selectOptions(picker, 'Breaking News Intro (Video)');
  expect(screen.getByRole('region', { name: 'Vorschau TikTok' })).toHaveTextContent(
    'Anhang: Breaking News Intro (Video)',
  );
  expect(screen.getByRole('region', { name: 'Vorschau TikTok' })).not.toHaveTextContent('Bitte ein Video anhängen');

  await user.click(screen.getByLabelText('Inhalt'));
  await user.paste('Neue Folge mit Video');
  await user.click(screen.getByRole('button', { name: 'Post Now' }));
  expect(await screen.findByText('Gesendet an: TikTok, YouTube.')).toBeInTheDocument();
  await waitFor(() => expect(posts).toHaveLength(2));
  expect(posts.map((p) => p.path).sort()).toEqual(['/api/social/post/youtube', '/api/social/tiktok/post']);
  for (const p of posts) expect(p.body).toMatchObject({ content: 'Neue Folge mit Video', mediaId: 'media-1' });
  expect(posts[0].body.postId).toEqual(posts[1].body.postId);
  expect(String(posts[0].body.postId)).toMatch(/^post-/);
  expect(socialStore.sent().map((s) => s.mediaId)).toEqual(['media-1', 'media-1']);
});

test('a file uploaded from the composer lands in the Media Library and is attached', async () => {
  const posts = recordPosts();
  const user = await setup();
  await user.click(screen.getByRole('checkbox', { name: 'Telegram' }));
  await user.upload(
    screen.getByLabelText('Medium hochladen'),
    new File([new Uint8Array([0x89, 0x50, 0x4e, 0x47, 1, 2, 3, 4])], 'studio-foto.png', { type: 'image/png' }),
  );
  expect(await screen.findByText('Medium hochgeladen')).toBeInTheDocument();
  expect(screen.getByText('„studio-foto“ ist angehängt.')).toBeInTheDocument();
  await waitFor(() => expect(screen.getByLabelText('Medium')).toHaveDisplayValue('studio-foto (Bild)'));
  await user.click(screen.getByLabelText('Inhalt'));
  await user.paste('Foto vom Studio');
  await user.click(screen.getByRole('button', { name: 'Post Now' }));
  await waitFor(() => expect(posts).toHaveLength(1));
  const uploadedId = (
    (await (await fetch('http://localhost:3000/api/media')).json()) as Array<{ id: string; title: string }>
  ).find((m) => m.title === 'studio-foto')?.id;
  expect(uploadedId).toBeDefined();
  expect(posts[0].body.mediaId).toBe(uploadedId);
});

test('the results list shows each platform of a post; Retry re-sends only the failed one', async () => {
  const retried: string[] = [];
  server.events.on('request:start', ({ request }) => {
    if (request.method === 'POST' && request.url.includes('/retry')) retried.push(new URL(request.url).pathname);
  });
  socialStore.receive(
    'youtube',
    'k1',
    { content: 'Abendausgabe', title: 'Abendausgabe', postId: 'post-abend' },
    { id: 'media-1', type: 'video' },
  );
  socialStore.recordFailed({
    id: 'sp-tiktok',
    postId: 'post-abend',
    platform: 'tiktok',
    content: 'Abendausgabe',
    title: 'Abendausgabe',
    error: 'TikTok hat den Post abgelehnt (HTTP 400): Too many posts',
  });
  const user = await setup();
  const post = await screen.findByRole('region', { name: 'Post Abendausgabe' });
  const tiktok = within(post).getByTestId('publication-tiktok');
  expect(tiktok).toHaveTextContent('Fehlgeschlagen');
  expect(tiktok).toHaveTextContent('TikTok hat den Post abgelehnt (HTTP 400): Too many posts');
  // The demo platform publishes the accepted YouTube post a moment later.
  await waitFor(() =>
    expect(
      within(screen.getByRole('region', { name: 'Post Abendausgabe' })).getByTestId('publication-youtube'),
    ).toHaveTextContent('Veröffentlicht'),
  );
  const youtube = within(screen.getByRole('region', { name: 'Post Abendausgabe' })).getByTestId('publication-youtube');
  expect(within(youtube).queryByRole('button', { name: /Erneut senden/ })).not.toBeInTheDocument();

  await user.click(within(tiktok).getByRole('button', { name: 'Erneut senden: TikTok' }));
  expect(await screen.findByText('Wird erneut gesendet')).toBeInTheDocument();
  expect(screen.getByText('TikTok: Der Post geht noch einmal an die Plattform.')).toBeInTheDocument();
  await waitFor(() =>
    expect(
      within(screen.getByRole('region', { name: 'Post Abendausgabe' })).getByTestId('publication-tiktok'),
    ).toHaveTextContent('Veröffentlicht'),
  );
  expect(retried).toEqual(['/api/social/publications/sp-tiktok/retry']);
  expect(
    within(screen.getByRole('region', { name: 'Post Abendausgabe' })).queryByRole('button', { name: /Erneut senden/ }),
  ).not.toBeInTheDocument();
});
