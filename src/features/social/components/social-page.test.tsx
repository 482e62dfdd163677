import { configure, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { toast } from 'sonner';
import { db } from '@/db/db';
import { server } from '@/mocks/node';
import { lazyPanelsLoaded, renderWithProviders } from '../../../../tests/render';
import { OutboxBadge } from '@/app/outbox-badge';
import { DEFAULT_RETRY_SETTINGS, setRetrySettings } from '@/lib/resilience/retry';
import { SocialPage } from './social-page';

vi.setConfig({ testTimeout: 30_000 });
// The shared test machine is slow; give async queries room.
configure({ asyncUtilTimeout: 5000 });
afterEach(() => {
  vi.restoreAllMocks();
});

// sonner keeps toasts in module state across tests; start each test without old ones.
beforeEach(() => {
  toast.dismiss();
});

type User = ReturnType<typeof userEvent.setup>;

async function sentCount(): Promise<number> {
  const res = await fetch('http://localhost:3000/api/social/sent');
  return ((await res.json()) as { count: number }).count;
}

async function setup(route = '/dashboard/social') {
  const user = userEvent.setup();
  const view = renderWithProviders(
    <>
      <SocialPage />
      <OutboxBadge />
    </>,
    { route },
  );
  await screen.findByTestId('platform-facebook');
  return { user, ...view };
}

async function writeContent(user: User, text: string) {
  const box = screen.getByLabelText('Inhalt');
  await user.clear(box);
  await user.click(box);
  await user.paste(text);
}

test('five platform cards with status, followers, posts; Facebook is "Graph API v23"', async () => {
  await setup();
  const names = ['Facebook Page', 'YouTube Channel', 'Telegram Bot', 'Instagram', 'TikTok'];
  for (const name of names) expect(screen.getByRole('heading', { name })).toBeInTheDocument();
  const fb = screen.getByTestId('platform-facebook');
  expect(fb).toHaveTextContent('Graph API v23');
  expect(fb).toHaveTextContent('Connected');
  expect(fb).toHaveTextContent('12.500');
  expect(fb).toHaveTextContent('342');
  expect(screen.getByTestId('platform-instagram')).toHaveTextContent('Disconnected');
});

test('Connect and Disconnect change the state, and only connected platforms can be picked', async () => {
  const { user } = await setup();
  expect(screen.getByRole('checkbox', { name: 'Instagram' })).toBeDisabled();
  await user.click(screen.getByRole('button', { name: 'Connect Instagram' }));
  await waitFor(() => expect(screen.getByTestId('platform-instagram')).toHaveTextContent('Connected'));
  expect(screen.getByRole('checkbox', { name: 'Instagram' })).toBeEnabled();
  await user.click(screen.getByRole('button', { name: 'Disconnect Facebook Page' }));
  await waitFor(() => expect(screen.getByTestId('platform-facebook')).toHaveTextContent('Disconnected'));
  expect(screen.getByRole('checkbox', { name: 'Facebook' })).toBeDisabled();
});

test('scheduling is on by default; date and time are shown only when it is on', async () => {
  const { user } = await setup();
  const toggle = screen.getByRole('switch', { name: 'Planen' });
  expect(toggle).toBeChecked();
  expect(screen.getByLabelText('Datum')).toBeInTheDocument();
  expect(screen.getByLabelText('Uhrzeit')).toBeInTheDocument();
  await user.click(toggle);
  expect(screen.queryByLabelText('Datum')).not.toBeInTheDocument();
  expect(screen.queryByLabelText('Uhrzeit')).not.toBeInTheDocument();
});

test.each(['Post Now', 'Schedule'])(
  '%s with blank content: error toast "Fehler" with the spec text',
  async (button) => {
    const { user } = await setup();
    await user.click(screen.getByRole('checkbox', { name: 'Facebook' }));
    await writeContent(user, '   ');
    await user.click(screen.getByRole('button', { name: button }));
    expect(await screen.findByText('Bitte geben Sie Inhalt für den Post ein.')).toBeInTheDocument();
    expect(screen.getByText('Fehler')).toBeInTheDocument();
    expect(await sentCount()).toBe(0);
  },
);

test('a template fills {title}, {video_link} and {stream_link} in the preview', async () => {
  const { user } = await setup();
  await user.click(screen.getByRole('checkbox', { name: 'Telegram' }));
  await user.selectOptions(screen.getByLabelText('Vorlage'), 'Tageszusammenfassung');
  await user.type(screen.getByLabelText('Titel'), 'Wahl in Berlin');
  await user.clear(screen.getByLabelText('Video-Link'));
  await user.type(screen.getByLabelText('Video-Link'), 'https://v.test/1');
  await user.clear(screen.getByLabelText('Stream-Link'));
  await user.type(screen.getByLabelText('Stream-Link'), 'https://s.test/live');
  const preview = screen.getByRole('region', { name: 'Vorschau Telegram' });
  expect(preview).toHaveTextContent('Die Nachrichten des Tages: Wahl in Berlin');
  expect(preview).toHaveTextContent('Video: https://v.test/1');
  expect(preview).toHaveTextContent('Live: https://s.test/live');
  expect(preview).not.toHaveTextContent('{');
});

test('each platform preview counts against its own limit and warns past it', async () => {
  const { user } = await setup();
  await user.click(screen.getByRole('button', { name: 'Connect Instagram' }));
  await user.click(screen.getByRole('button', { name: 'Connect TikTok' }));
  await waitFor(() => expect(screen.getByRole('checkbox', { name: 'TikTok' })).toBeEnabled());
  for (const name of ['Facebook', 'YouTube', 'Telegram', 'Instagram', 'TikTok'])
    await user.click(screen.getByRole('checkbox', { name }));
  await writeContent(user, 'x'.repeat(2201));
  const limits: Array<[string, string]> = [
    ['Facebook', '2201 / 63206'],
    ['YouTube', '2201 / 5000'],
    ['Telegram', '2201 / 4096'],
    ['Instagram', '2201 / 2200'],
    ['TikTok', '2201 / 2200'],
  ];
  for (const [name, text] of limits)
    expect(screen.getByRole('region', { name: `Vorschau ${name}` })).toHaveTextContent(text);
  expect(screen.getByText('Zu lang für Instagram: 2201 von 2200 Zeichen.')).toBeInTheDocument();
  expect(screen.getByText('Zu lang für TikTok: 2201 von 2200 Zeichen.')).toBeInTheDocument();
  expect(
    within(screen.getByRole('region', { name: 'Vorschau Telegram' })).queryByRole('alert'),
  ).not.toBeInTheDocument();
  await user.click(screen.getByRole('button', { name: 'Post Now' }));
  expect(await screen.findByText('Der Text ist zu lang für: Instagram, TikTok.')).toBeInTheDocument();
  expect(await sentCount()).toBe(0);
});

test('Post Now sends through POST /social/post/{platform} and /social/tiktok/post', async () => {
  const paths: string[] = [];
  server.events.on('request:start', ({ request }) => {
    if (request.method === 'POST') paths.push(new URL(request.url).pathname);
  });
  const { user } = await setup();
  await user.click(screen.getByRole('button', { name: 'Connect TikTok' }));
  await waitFor(() => expect(screen.getByRole('checkbox', { name: 'TikTok' })).toBeEnabled());
  await user.click(screen.getByRole('checkbox', { name: 'Facebook' }));
  await user.click(screen.getByRole('checkbox', { name: 'TikTok' }));
  await writeContent(user, 'Guten Morgen!');
  await user.click(screen.getByRole('button', { name: 'Post Now' }));
  // Accepted (202): on its way to each platform until the demo platforms have published it.
  expect(await screen.findByTestId('publishing-facebook')).toHaveTextContent('Facebook: Wird veröffentlicht …');
  expect(screen.getByTestId('publishing-tiktok')).toHaveTextContent('TikTok: Wird veröffentlicht …');
  expect(await screen.findByText('Post veröffentlicht')).toBeInTheDocument();
  expect(screen.getByText('Gesendet an: Facebook, TikTok.')).toBeInTheDocument();
  expect(paths).toEqual(expect.arrayContaining(['/api/social/post/facebook', '/api/social/tiktok/post']));
  expect(await sentCount()).toBe(2);
  expect(screen.getByLabelText('Inhalt')).toHaveValue('');
  server.events.removeAllListeners();
});

test('Schedule adds the post to the Schedule tab, where Edit edits it', async () => {
  const { user } = await setup();
  await user.click(screen.getByRole('checkbox', { name: 'YouTube' }));
  await user.type(screen.getByLabelText('Titel'), 'Abendnachrichten');
  await writeContent(user, 'Heute um 20 Uhr: {title}');
  await user.clear(screen.getByLabelText('Datum'));
  await user.type(screen.getByLabelText('Datum'), '2030-05-01');
  await user.clear(screen.getByLabelText('Uhrzeit'));
  await user.type(screen.getByLabelText('Uhrzeit'), '20:00');
  await user.click(screen.getByRole('button', { name: 'Schedule' }));
  expect(await screen.findByText('Post geplant')).toBeInTheDocument();
  await user.click(screen.getByRole('tab', { name: 'Schedule' }));
  await lazyPanelsLoaded();
  const item = (await screen.findByText('Abendnachrichten')).closest('li') as HTMLElement;
  expect(item).toHaveTextContent('YouTube · 2030-05-01 20:00');
  await user.click(screen.getByRole('button', { name: 'Edit Morgen-Briefing' }));
  const dialog = await screen.findByRole('dialog');
  await user.clear(within(dialog).getByLabelText('Titel'));
  await user.type(within(dialog).getByLabelText('Titel'), 'Frühstücks-Briefing');
  await user.click(within(dialog).getByRole('button', { name: 'Save' }));
  expect(await screen.findByText('Frühstücks-Briefing')).toBeInTheDocument();
  expect(screen.queryByText('Morgen-Briefing')).not.toBeInTheDocument();
});

test('Templates: four, Edit saves, Use fills the composer', async () => {
  const { user } = await setup();
  await user.click(screen.getByRole('tab', { name: 'Templates' }));
  await lazyPanelsLoaded();
  expect(await screen.findAllByTestId(/^template-/)).toHaveLength(4);
  await user.click(screen.getByRole('button', { name: 'Edit Breaking News' }));
  const dialog = await screen.findByRole('dialog');
  await user.clear(within(dialog).getByLabelText('Vorlagentext'));
  await user.click(within(dialog).getByLabelText('Vorlagentext'));
  await user.paste('EIL: {title} – {video_link}');
  await user.click(within(dialog).getByRole('button', { name: 'Save' }));
  await waitFor(() => expect(screen.getByTestId('template-breaking')).toHaveTextContent('EIL: {title} – {video_link}'));
  await user.click(screen.getByRole('button', { name: 'Use Breaking News' }));
  expect(await screen.findByLabelText('Inhalt')).toHaveValue('EIL: {title} – {video_link}');
  expect(screen.getByRole('tab', { name: 'Compose' })).toHaveAttribute('aria-selected', 'true');
});

test('Analytics: four stat cards and a chart per platform', async () => {
  const { user } = await setup();
  await user.click(screen.getByRole('tab', { name: 'Analytics' }));
  await lazyPanelsLoaded();
  expect(await screen.findByText('Follower gesamt')).toBeInTheDocument();
  for (const t of ['Posts gesamt', 'Reichweite', 'Geplant']) expect(screen.getByText(t)).toBeInTheDocument();
  expect(screen.getAllByRole('img', { name: /^Reichweite .* der letzten 7 Tage/ })).toHaveLength(5);
});

test('offline: Post Now puts the post into the outbox, shown as queued, and the badge counts it', async () => {
  vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false);
  const { user } = await setup();
  expect(
    screen.getByText('Sie sind offline. Posts werden im Postausgang gespeichert und später gesendet.'),
  ).toBeInTheDocument();
  await user.click(screen.getByRole('checkbox', { name: 'Facebook' }));
  await writeContent(user, 'Offline geschrieben');
  await user.click(screen.getByRole('button', { name: 'Post Now' }));
  expect(await screen.findByText('Im Postausgang')).toBeInTheDocument();
  expect(await screen.findByRole('link', { name: '1 Post im Postausgang' })).toHaveAttribute(
    'href',
    '/dashboard/social?tab=outbox',
  );
  await user.click(screen.getByRole('tab', { name: 'Outbox' }));
  await lazyPanelsLoaded();
  const entry = await screen.findByTestId('outbox-entry');
  expect(entry).toHaveTextContent('In Warteschlange');
  expect(entry).toHaveTextContent('Offline geschrieben');
  expect(await sentCount()).toBe(0);
});

test('a failed outbox post shows the reason; edit and resend, or discard', async () => {
  const { enqueuePost, markFailed } = await import('@/db/outbox');
  const a = await enqueuePost({ platform: 'instagram', payload: { content: 'Für Instagram' } });
  await markFailed(a.id, 'API request failed with status 409: Instagram ist nicht verbunden.');
  const b = await enqueuePost({ platform: 'tiktok', payload: { content: 'Für TikTok' } });
  await markFailed(b.id, 'API request failed with status 409: TikTok ist nicht verbunden.');
  const { user } = await setup('/dashboard/social?tab=outbox');
  expect(await screen.findByRole('link', { name: '2 Posts im Postausgang' })).toBeInTheDocument();
  const entries = await screen.findAllByTestId('outbox-entry');
  const insta = entries.find((e) => e.textContent?.includes('Für Instagram')) as HTMLElement;
  expect(insta).toHaveTextContent('Fehlgeschlagen');
  expect(insta).toHaveTextContent('Grund: API request failed with status 409: Instagram ist nicht verbunden.');
  await user.click(within(insta).getByRole('button', { name: 'Bearbeiten und erneut senden' }));
  await user.clear(within(insta).getByLabelText('Inhalt'));
  await user.type(within(insta).getByLabelText('Inhalt'), 'Neu');
  await user.click(within(insta).getByRole('button', { name: 'Erneut senden' }));
  await waitFor(async () => expect((await db.outbox.get(a.id))?.status).toBe('queued'));
  expect((await db.outbox.get(a.id))?.payload.content).toBe('Neu');
  expect((await db.outbox.get(a.id))?.idempotencyKey).not.toBe(a.idempotencyKey);
  const tiktok = (await screen.findAllByTestId('outbox-entry')).find((e) =>
    e.textContent?.includes('Für TikTok'),
  ) as HTMLElement;
  await user.click(within(tiktok).getByRole('button', { name: 'Verwerfen' }));
  await waitFor(async () => expect(await db.outbox.get(b.id)).toBeUndefined());
});

test('a full storage keeps the draft in the form with a German message', async () => {
  vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false);
  vi.spyOn(db.outbox, 'add').mockRejectedValue(new DOMException('full', 'QuotaExceededError'));
  const { user } = await setup();
  await user.click(screen.getByRole('checkbox', { name: 'Facebook' }));
  await writeContent(user, 'Bitte nicht verlieren');
  await user.click(screen.getByRole('button', { name: 'Post Now' }));
  expect(
    await screen.findByText(
      'Speicher voll: Der Post konnte nicht im Postausgang gespeichert werden. Ihr Entwurf bleibt im Formular erhalten.',
    ),
  ).toBeInTheDocument();
  expect(screen.getByLabelText('Inhalt')).toHaveValue('Bitte nicht verlieren');
});

test('a full storage after one platform took the post keeps only the platforms not reached picked', async () => {
  // Telegram takes it; Facebook's network fails and the outbox, full, cannot keep it.
  server.use(http.post('*/api/social/post/facebook', () => HttpResponse.error()));
  // The send's own retries (2 s, 4 s, 8 s) are not what this test is about.
  setRetrySettings({ ...DEFAULT_RETRY_SETTINGS, retryDelay: 10 });
  vi.spyOn(db.outbox, 'add').mockRejectedValue(new DOMException('full', 'QuotaExceededError'));
  const { user } = await setup();
  await user.click(screen.getByRole('checkbox', { name: 'Telegram' }));
  await user.click(screen.getByRole('checkbox', { name: 'Facebook' }));
  await writeContent(user, 'Nicht doppelt senden');
  const sent = await sentCount();
  await user.click(screen.getByRole('button', { name: 'Post Now' }));
  expect(
    (
      await screen.findAllByText(
        'Speicher voll: Der Post konnte nicht im Postausgang gespeichert werden. Ihr Entwurf bleibt im Formular erhalten.',
        { exact: false },
      )
    ).length,
  ).toBeGreaterThan(0);
  await waitFor(() => expect(screen.getByRole('checkbox', { name: 'Telegram' })).not.toBeChecked());
  expect(screen.getByRole('checkbox', { name: 'Facebook' })).toBeChecked();
  expect(screen.getByLabelText('Inhalt')).toHaveValue('Nicht doppelt senden');
  expect(await sentCount()).toBe(sent + 1);
});

test('a 4xx on Post Now keeps the text and names the reason', async () => {
  // A refusal of the post itself (401 — missing operator credentials — would keep it queued until the token is there).
  server.use(
    http.post('*/api/social/post/facebook', () =>
      HttpResponse.json(
        { message: 'Facebook hat den Post abgelehnt (HTTP 400): Text zu lang', code: 'provider_rejected' },
        { status: 422 },
      ),
    ),
  );
  const { user } = await setup();
  await user.click(screen.getByRole('checkbox', { name: 'Facebook' }));
  await writeContent(user, 'Bleibt stehen');
  await user.click(screen.getByRole('button', { name: 'Post Now' }));
  expect(
    await screen.findByText(
      'Facebook: API request failed with status 422: Facebook hat den Post abgelehnt (HTTP 400): Text zu lang',
    ),
  ).toBeInTheDocument();
  expect(screen.getByLabelText('Inhalt')).toHaveValue('Bleibt stehen');
  expect(await db.outbox.count()).toBe(0);
});

test('Post Now to three platforms with one refused: the resend goes only to the refused one', async () => {
  let refuse = true;
  server.use(
    http.post('*/api/social/post/telegram', () =>
      refuse ? HttpResponse.json({ message: 'Bot gesperrt' }, { status: 403 }) : undefined,
    ),
  );
  const posted: string[] = [];
  server.events.on('request:start', ({ request }) => {
    if (request.method === 'POST') posted.push(new URL(request.url).pathname);
  });
  const { user } = await setup();
  for (const name of ['Facebook', 'YouTube', 'Telegram']) await user.click(screen.getByRole('checkbox', { name }));
  await writeContent(user, 'Einmal pro Plattform');
  await user.click(screen.getByRole('button', { name: 'Post Now' }));
  expect(await screen.findByText('Telegram: API request failed with status 403: Bot gesperrt')).toBeInTheDocument();
  expect(screen.getByText('Erneut senden geht nur an: Telegram.')).toBeInTheDocument();
  expect(await screen.findByText('Gesendet an: Facebook, YouTube.')).toBeInTheDocument();
  expect(screen.getByRole('checkbox', { name: 'Facebook' })).not.toBeChecked();
  expect(screen.getByRole('checkbox', { name: 'YouTube' })).not.toBeChecked();
  expect(screen.getByRole('checkbox', { name: 'Telegram' })).toBeChecked();
  expect(screen.getByLabelText('Inhalt')).toHaveValue('Einmal pro Plattform');

  refuse = false;
  posted.length = 0;
  await user.click(screen.getByRole('button', { name: 'Post Now' }));
  expect(await screen.findByText('Gesendet an: Telegram.')).toBeInTheDocument();
  expect(posted).toEqual(['/api/social/post/telegram']);
  const sent = (await (await fetch('http://localhost:3000/api/social/sent')).json()) as {
    posts: Array<{ platform: string }>;
  };
  expect(sent.posts.map((p) => p.platform).sort()).toEqual(['facebook', 'telegram', 'youtube']);
  server.events.removeAllListeners();
});

test('the outbox shows every state: queued, sending, sent, failed with the reason, expired', async () => {
  const { enqueuePost } = await import('@/db/outbox');
  const states = ['queued', 'sending', 'sent', 'failed', 'expired'] as const;
  for (const status of states) {
    const e = await enqueuePost({ platform: 'telegram', payload: { content: `Post ${status}` } });
    await db.outbox.update(e.id, {
      status,
      error: status === 'failed' ? 'API request failed with status 400: Inhalt fehlt' : undefined,
    });
  }
  await setup('/dashboard/social?tab=outbox');
  const labelOf = async (status: string) =>
    (await screen.findAllByTestId('outbox-entry')).find((e) => e.getAttribute('data-status') === status);
  const expected: Record<string, string> = {
    queued: 'In Warteschlange',
    sending: 'Wird gesendet',
    sent: 'Gesendet',
    failed: 'Fehlgeschlagen',
    expired: 'Abgelaufen',
  };
  for (const status of states) expect(await labelOf(status)).toHaveTextContent(expected[status]);
  expect(await labelOf('failed')).toHaveTextContent('Grund: API request failed with status 400: Inhalt fehlt');
  // queued + sending + failed + expired need something; sent does not.
  expect(await screen.findByRole('link', { name: '4 Posts im Postausgang' })).toBeInTheDocument();
});
