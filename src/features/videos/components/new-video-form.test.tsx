import { configure, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { toast } from 'sonner';
import { http, HttpResponse } from 'msw';
import { putSetting } from '@/db/settings';
import { server } from '@/mocks/node';
import { renderWithProviders } from '../../../../tests/render';
import { VideosPage } from './videos-page';

// Error paths write the error log (a lazy import plus IndexedDB) before the UI reacts; a loaded CI box needs more than 1 s.
configure({ asyncUtilTimeout: 5000 });

// sonner keeps its toasts in a module-level store and replays them to the next Toaster.
afterEach(() => toast.dismiss());

const setup = () => {
  const user = userEvent.setup();
  renderWithProviders(<VideosPage />);
  return user;
};
const generateButton = () => screen.getByRole('button', { name: 'Generate video' });
const script = () => screen.getByLabelText('Script');

describe('Video Studio – New Video', () => {
  test('shows the four tabs', () => {
    setup();
    for (const name of ['New Video', 'My Projects', 'Workflow Integration', 'Settings'])
      expect(screen.getByRole('tab', { name })).toBeInTheDocument();
  });

  test('lists the five platforms from GET /video/platforms, tavus first and chosen', async () => {
    setup();
    const radios = await screen.findAllByRole('radio', { name: /^(Tavus|VidAU|ModelsLab|HeyGen|D-ID)/ });
    expect(radios).toHaveLength(5);
    expect(screen.getByRole('radio', { name: /^Tavus/ })).toBeChecked();
  });

  test('tavus lists all avatars; another platform only its own', async () => {
    const user = setup();
    for (const name of ['Anna', 'Markus', 'Sophie', 'David'])
      expect(await screen.findByRole('radio', { name: new RegExp(`^${name}`) })).toBeInTheDocument();
    await user.click(screen.getByRole('radio', { name: /^HeyGen/ }));
    expect(screen.getByRole('radio', { name: /^Markus/ })).toBeInTheDocument();
    expect(screen.queryByRole('radio', { name: /^Anna/ })).not.toBeInTheDocument();
    expect(screen.queryByRole('radio', { name: /^Sophie/ })).not.toBeInTheDocument();
    await user.click(screen.getByRole('radio', { name: /^VidAU/ }));
    expect(screen.getByText('Für diese Plattform sind keine Avatare verfügbar.')).toBeInTheDocument();
  });

  test('generate is disabled without avatar or script and says why', async () => {
    const user = setup();
    await screen.findByRole('radio', { name: /^Anna/ });
    expect(generateButton()).toBeDisabled();
    expect(screen.getByText('Bitte Avatar und Script auswählen.')).toBeInTheDocument();

    await user.click(screen.getByRole('radio', { name: /^Anna/ }));
    expect(generateButton()).toBeDisabled();
    await user.type(script(), '   ');
    expect(generateButton()).toBeDisabled();

    await user.type(script(), 'Guten Abend.');
    expect(generateButton()).toBeEnabled();
    expect(screen.queryByText('Bitte Avatar und Script auswählen.')).not.toBeInTheDocument();

    await user.clear(script());
    expect(generateButton()).toBeDisabled();
  });

  test('script without an avatar keeps generate disabled; an avatar of another platform no longer counts', async () => {
    const user = setup();
    await user.click(await screen.findByRole('radio', { name: /^Anna/ }));
    await user.type(script(), 'Nachrichten');
    expect(generateButton()).toBeEnabled();
    await user.click(screen.getByRole('radio', { name: /^HeyGen/ }));
    expect(generateButton()).toBeDisabled();
    expect(screen.getByText('Bitte Avatar und Script auswählen.')).toBeInTheDocument();
  });

  test('offers the spec quality and voice options with defaults 1080p and german-female-1', async () => {
    setup();
    const quality = screen.getByLabelText('Quality');
    const voice = screen.getByLabelText('Voice');
    await waitFor(() => expect(quality).toHaveValue('1080p'));
    expect(voice).toHaveValue('german-female-1');
    expect(
      within(quality)
        .getAllByRole('option')
        .map((o) => o.getAttribute('value')),
    ).toEqual(['720p', '1080p', '4k']);
    expect(
      within(voice)
        .getAllByRole('option')
        .map((o) => o.getAttribute('value')),
    ).toEqual(['german-female-1', 'german-male-1', 'english-female-1', 'english-male-1']);
  });

  test('uses the stored defaults of the Settings tab', async () => {
    await putSetting('videoDefaults', { quality: '4k', voice: 'english-male-1' });
    setup();
    await waitFor(() => expect(screen.getByLabelText('Quality')).toHaveValue('4k'));
    expect(screen.getByLabelText('Voice')).toHaveValue('english-male-1');
  });

  test('generate posts {platform, avatar, script, background, voice} to POST /video/generate, is busy meanwhile, and the project appears in My Projects', async () => {
    let release!: () => void;
    const gate = new Promise<void>((resolve) => {
      release = resolve;
    });
    const bodies: unknown[] = [];
    server.use(
      http.post('*/api/video/generate', async ({ request }) => {
        bodies.push(await request.clone().json());
        await gate;
        return undefined; // fall through to the stateful happy-path handler
      }),
    );
    const user = setup();
    await user.click(await screen.findByRole('radio', { name: /^HeyGen/ }));
    await user.click(screen.getByRole('radio', { name: /^Markus/ }));
    await user.type(script(), 'Eilmeldung aus Berlin');
    await user.selectOptions(screen.getByLabelText('Background'), 'newsroom');
    await user.selectOptions(screen.getByLabelText('Voice'), 'german-male-1');
    await user.click(generateButton());

    const busy = await screen.findByRole('button', { name: 'Generating…' });
    expect(busy).toBeDisabled();
    release();
    expect(await screen.findByText('Video generiert')).toBeInTheDocument();
    expect(bodies).toEqual([
      {
        platform: 'heygen',
        avatar: 'avatar-markus',
        script: 'Eilmeldung aus Berlin',
        background: 'newsroom',
        voice: 'german-male-1',
      },
    ]);
    expect(generateButton()).toBeEnabled();

    await user.click(screen.getByRole('tab', { name: 'My Projects' }));
    const list = await screen.findByRole('list', { name: 'My Projects' });
    expect(within(list).getAllByRole('listitem')[0]).toHaveTextContent('Eilmeldung aus Berlin');
    expect(within(list).getAllByRole('listitem')).toHaveLength(5);
  });

  test('Generate makes the one call of SPEC §7 for Video Studio, POST /video/generate with the platform, and no provider route', async () => {
    const posted: Array<{ path: string; key: string | null; body: unknown }> = [];
    server.events.on('request:start', async ({ request }) => {
      if (request.method === 'POST')
        posted.push({
          path: new URL(request.url).pathname,
          key: request.headers.get('Idempotency-Key'),
          body: await request.clone().json(),
        });
    });
    try {
      const user = setup();
      await user.click(await screen.findByRole('radio', { name: /^Anna/ }));
      await user.type(script(), 'Eine Route');
      await user.click(generateButton());
      expect(await screen.findByText('Video generiert')).toBeInTheDocument();
      expect(posted.map((p) => p.path)).toEqual(['/api/video/generate']);
      expect(posted[0]?.body).toMatchObject({ platform: 'tavus', avatar: 'avatar-anna', script: 'Eine Route' });
      expect(posted[0]?.key).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/);
    } finally {
      server.events.removeAllListeners();
    }
  });

  test('heygen lists its avatars through GET /video/heygen/avatars, tavus through GET /video/tavus/avatars and all others', async () => {
    const got: string[] = [];
    server.events.on('request:start', ({ request }) => {
      if (request.url.includes('avatars')) got.push(new URL(request.url).pathname);
    });
    try {
      const user = setup();
      expect(await screen.findByRole('radio', { name: /^Anna/ })).toBeInTheDocument();
      expect(got).toEqual(expect.arrayContaining(['/api/video/tavus/avatars', '/api/video/avatars']));
      await user.click(screen.getByRole('radio', { name: /^HeyGen/ }));
      expect(await screen.findByRole('radio', { name: /^Markus/ })).toBeInTheDocument();
      expect(got).toContain('/api/video/heygen/avatars');
    } finally {
      server.events.removeAllListeners();
    }
  });

  test('a failed generation shows the German error and keeps the input', async () => {
    server.use(http.post('*/api/video/generate', () => HttpResponse.json({ message: 'quota' }, { status: 402 })));
    const user = setup();
    await user.click(await screen.findByRole('radio', { name: /^Anna/ }));
    await user.type(script(), 'Mein Script');
    await user.click(generateButton());
    expect(await screen.findByText('Video-Generierung fehlgeschlagen.')).toBeInTheDocument();
    expect(script()).toHaveValue('Mein Script');
    expect(generateButton()).toBeEnabled();
  });

  test('a key the server echoes back in its error never shows in the toast', async () => {
    const KEY = 'tvs-key-9f8e7d6c5b4a';
    await putSetting('apiKeys', { tavus: KEY });
    server.use(http.post('*/api/video/*', () => HttpResponse.text(`invalid api key ${KEY}`, { status: 401 })));
    const user = setup();
    await user.click(await screen.findByRole('radio', { name: /^Anna/ }));
    await user.type(script(), 'Mein Script');
    await user.click(generateButton());
    expect(await screen.findByText('Video-Generierung fehlgeschlagen.')).toBeInTheDocument();
    expect(await screen.findByText(/invalid api key/)).toHaveTextContent('invalid api key [REDACTED]');
    expect(document.body.textContent).not.toContain(KEY);
  });

  test('Lokal (ohne Anbieter) needs no avatar: a script alone enables Generate, which posts {platform, script, background, voice, quality} to POST /video/generate', async () => {
    const bodies: unknown[] = [];
    const paths: string[] = [];
    server.events.on('request:start', ({ request }) => {
      if (request.method === 'POST') paths.push(new URL(request.url).pathname);
    });
    server.use(
      http.post('*/api/video/generate', async ({ request }) => {
        bodies.push(await request.clone().json());
        return undefined; // the stateful happy-path handler answers
      }),
    );
    try {
      const user = setup();
      await user.click(await screen.findByRole('radio', { name: /^Lokal \(ohne Anbieter\)/ }));
      expect(
        screen.getByText(
          'Kein Avatar nötig: Der Server spricht das Script mit der gewählten Stimme und rendert es mit Untertiteln.',
        ),
      ).toBeInTheDocument();
      expect(screen.queryByRole('radio', { name: /^(Anna|Markus|Sophie|David)/ })).not.toBeInTheDocument();
      // Without a script: disabled, and it says a script is what is missing (no avatar asked for).
      expect(generateButton()).toBeDisabled();
      expect(screen.getByText('Bitte Script eingeben.')).toBeInTheDocument();
      expect(screen.queryByText('Bitte Avatar und Script auswählen.')).not.toBeInTheDocument();
      await user.type(script(), '   ');
      expect(generateButton()).toBeDisabled();

      await user.type(script(), 'Guten Abend aus dem Studio.');
      expect(generateButton()).toBeEnabled();
      await user.selectOptions(screen.getByLabelText('Quality'), '4k');
      await user.selectOptions(screen.getByLabelText('Voice'), 'english-male-1');
      await user.click(generateButton());
      expect(await screen.findByText('Video generiert')).toBeInTheDocument();
      expect(paths).toEqual(['/api/video/generate']);
      expect(bodies).toEqual([
        {
          platform: 'local',
          script: '   Guten Abend aus dem Studio.',
          background: 'news-studio',
          voice: 'english-male-1',
          quality: '4k',
        },
      ]);

      await user.click(screen.getByRole('tab', { name: 'My Projects' }));
      const list = await screen.findByRole('list', { name: 'My Projects' });
      expect(within(list).getAllByRole('listitem')[0]).toHaveTextContent('Guten Abend aus dem Studio. (simuliert)');
      expect(within(list).getAllByRole('listitem')[0]).toHaveTextContent('Lokal (ohne Anbieter)');
    } finally {
      server.events.removeAllListeners();
    }
  });

  test('the provider platforms still need an avatar after Lokal', async () => {
    const user = setup();
    await user.click(await screen.findByRole('radio', { name: /^Lokal \(ohne Anbieter\)/ }));
    await user.type(script(), 'Nachrichten');
    expect(generateButton()).toBeEnabled();
    for (const platform of ['Tavus', 'VidAU', 'ModelsLab', 'HeyGen', 'D-ID']) {
      await user.click(screen.getByRole('radio', { name: new RegExp(`^${platform}`) }));
      expect(generateButton()).toBeDisabled();
      expect(screen.getByText('Bitte Avatar und Script auswählen.')).toBeInTheDocument();
    }
    // D-ID's own avatar makes it complete again.
    await user.click(await screen.findByRole('radio', { name: /^Sophie/ }));
    expect(generateButton()).toBeEnabled();
  });

  test('Lokal offers the Media Library images as background and sends the chosen one; a provider gets its scene back', async () => {
    const bodies: Array<Record<string, unknown>> = [];
    server.use(
      http.post('*/api/video/generate', async ({ request }) => {
        bodies.push((await request.clone().json()) as Record<string, unknown>);
        return undefined;
      }),
    );
    const user = setup();
    await user.click(await screen.findByRole('radio', { name: /^Lokal \(ohne Anbieter\)/ }));
    const background = screen.getByLabelText('Background');
    const library = await within(background).findByRole('group', { name: 'Media Library' });
    expect(
      within(library)
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual(['Studio Hintergrund', 'Thumbnail Börse', 'Logo Newsdesk']);
    expect(
      screen.getByText('Ein Bild aus der Mediathek liegt hinter dem Text; sonst der schlichte Newsdesk-Hintergrund.'),
    ).toBeInTheDocument();
    const studio = within(library).getByRole('option', { name: 'Studio Hintergrund' }).getAttribute('value') ?? '';
    await user.selectOptions(background, studio);
    await user.type(script(), 'Mit Bild');
    await user.click(generateButton());
    expect(await screen.findByText('Video generiert')).toBeInTheDocument();
    expect(bodies[0]).toMatchObject({ platform: 'local', background: studio });

    await user.click(screen.getByRole('radio', { name: /^HeyGen/ }));
    expect(within(screen.getByLabelText('Background')).queryByRole('group')).not.toBeInTheDocument();
    expect(screen.getByLabelText('Background')).toHaveValue('news-studio');
  });

  test('the draft survives a tab switch', async () => {
    const user = setup();
    await user.type(script(), 'Bleibt erhalten');
    await user.click(screen.getByRole('tab', { name: 'Settings' }));
    await user.click(screen.getByRole('tab', { name: 'New Video' }));
    expect(script()).toHaveValue('Bleibt erhalten');
  });

  test('a platform list failure is reported in German and Reload tries again', async () => {
    let fail = true;
    server.use(
      http.get('*/api/video/platforms', () =>
        fail ? HttpResponse.json({ message: 'nope' }, { status: 404 }) : undefined,
      ),
    );
    const user = setup();
    expect(await screen.findByText('Daten konnten nicht geladen werden.')).toBeInTheDocument();
    fail = false;
    await user.click(screen.getByRole('button', { name: 'Reload' }));
    expect(await screen.findByRole('radio', { name: /^Tavus/ })).toBeInTheDocument();
    expect(screen.queryByText('Daten konnten nicht geladen werden.')).not.toBeInTheDocument();
  });
});
