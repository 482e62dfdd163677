import { configure, fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { toast } from 'sonner';
import { delay, http, HttpResponse } from 'msw';
import { server } from '@/mocks/node';
import { renderWithProviders } from '../../../../tests/render';
import { VideosPage } from './videos-page';

// Error paths write the error log (a lazy import plus IndexedDB) before the UI reacts; a loaded CI box needs more than 1 s.
configure({ asyncUtilTimeout: 5000 });

// sonner keeps its toasts in a module-level store and replays them to the next Toaster.
afterEach(() => toast.dismiss());

async function openProjects() {
  const user = userEvent.setup();
  renderWithProviders(<VideosPage />);
  await user.click(screen.getByRole('tab', { name: 'My Projects' }));
  const list = await screen.findByRole('list', { name: 'My Projects' });
  return { user, list };
}
const row = (list: HTMLElement, title: string) => within(list).getByText(title).closest('li') as HTMLElement;

describe('Video Studio – My Projects', () => {
  test('lists the projects of GET /video/projects with their statuses', async () => {
    const { list } = await openProjects();
    expect(within(row(list, 'Breaking News: KI-Gipfel in Berlin')).getByText('Completed')).toBeInTheDocument();
    expect(within(row(list, 'Tech-Trends der Woche')).getByText('Processing')).toBeInTheDocument();
    expect(within(row(list, 'Wetterbericht Wochenende')).getByText('Draft')).toBeInTheDocument();
    expect(within(row(list, 'Börsen-Update am Abend')).getByText('Failed')).toBeInTheDocument();
  });

  test('the pending project shows its progress bar at 67% until its provider reports more', async () => {
    server.use(http.get('*/api/video/:provider/status/:id', () => delay('infinite')));
    const { list } = await openProjects();
    const processing = row(list, 'Tech-Trends der Woche');
    const bar = within(processing).getByRole('progressbar', { name: 'Fortschritt Tech-Trends der Woche' });
    expect(bar).toHaveAttribute('aria-valuenow', '67');
    expect(within(processing).getByText('67%')).toBeInTheDocument();
    expect(within(list).getAllByRole('progressbar')).toHaveLength(1);
  });

  test('Retry only on failed, Play and Download only on completed with a url', async () => {
    const { list } = await openProjects();
    const buttons = (title: string) =>
      within(row(list, title))
        .queryAllByRole('button')
        .map((b) => b.textContent);
    expect(buttons('Börsen-Update am Abend')).toEqual(['Retry']);
    expect(buttons('Breaking News: KI-Gipfel in Berlin')).toEqual(['Play', 'Download']);
    expect(buttons('Wetterbericht Wochenende')).toEqual([]);
    expect(buttons('Tech-Trends der Woche')).toEqual(['Check status']);
  });

  test('a completed project without a url offers neither Play nor Download', async () => {
    server.use(
      http.get('*/api/video/projects', () =>
        HttpResponse.json([
          {
            id: 'x',
            title: 'Ohne Datei',
            status: 'completed',
            progress: 100,
            avatar: 'avatar-anna',
            platform: 'tavus',
            duration: '1:00',
            createdAt: '2024-01-15T10:30:00Z',
            url: null,
          },
        ]),
      ),
    );
    const { list } = await openProjects();
    expect(within(row(list, 'Ohne Datei')).queryAllByRole('button')).toEqual([]);
  });

  test("Retry really retries through the provider's create route of SPEC §7 (POST /video/modelslab/generate): the failed project is processing again", async () => {
    const posted: Array<{ path: string; body: unknown }> = [];
    server.events.on('request:start', async ({ request }) => {
      if (request.method === 'POST')
        posted.push({ path: new URL(request.url).pathname, body: await request.clone().json() });
    });
    onTestFinished(() => server.events.removeAllListeners());
    const { user, list } = await openProjects();
    await user.click(
      within(row(list, 'Börsen-Update am Abend')).getByRole('button', { name: 'Retry: Börsen-Update am Abend' }),
    );
    expect(await screen.findByText('Video wird erneut generiert')).toBeInTheDocument();
    await waitFor(() =>
      expect(within(row(list, 'Börsen-Update am Abend')).getByText('Processing')).toBeInTheDocument(),
    );
    // Processing again from 0 %, and its provider is asked at once (the mock advances 25 points per poll).
    await waitFor(() =>
      expect(within(row(list, 'Börsen-Update am Abend')).getByRole('progressbar')).toHaveAttribute(
        'aria-valuenow',
        '25',
      ),
    );
    expect(posted).toEqual([{ path: '/api/video/modelslab/generate', body: { project: 'vp-4' } }]);
  });

  test('a failed retry says so in German and the project stays failed', async () => {
    server.use(
      http.post('*/api/video/modelslab/generate', () => HttpResponse.json({ message: 'nein' }, { status: 409 })),
    );
    const { user, list } = await openProjects();
    await user.click(within(row(list, 'Börsen-Update am Abend')).getByRole('button', { name: /Retry/ }));
    expect(await screen.findByText('Erneuter Versuch fehlgeschlagen.')).toBeInTheDocument();
    expect(within(row(list, 'Börsen-Update am Abend')).getByText('Failed')).toBeInTheDocument();
  });

  test('Check status asks the provider at once and shows the new progress', async () => {
    let polls = 0;
    server.use(
      http.get('*/api/video/:provider/status/:id', () => {
        polls += 1;
        return HttpResponse.json({ id: 'vp-2', status: 'processing', progress: 70 + polls });
      }),
    );
    const { user, list } = await openProjects();
    const bar = () => within(row(list, 'Tech-Trends der Woche')).getByRole('progressbar');
    await waitFor(() => expect(bar()).toHaveAttribute('aria-valuenow', '71'));
    await user.click(within(row(list, 'Tech-Trends der Woche')).getByRole('button', { name: /Check status/ }));
    await waitFor(() => expect(bar()).toHaveAttribute('aria-valuenow', '72'));
    expect(polls).toBe(2);
  });

  test('Play opens a video player with the project url', async () => {
    const { user, list } = await openProjects();
    await user.click(within(row(list, 'Breaking News: KI-Gipfel in Berlin')).getByRole('button', { name: /Play/ }));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByRole('heading', { name: 'Breaking News: KI-Gipfel in Berlin' })).toBeInTheDocument();
    const video = dialog.querySelector('video');
    expect(video).toHaveAttribute('src', '/samples/demo-video.webm');
    expect(video).toHaveAttribute('controls');
  });

  test('a processing project polls GET /video/{provider}/status/{id} and shows Completed with Download when the provider is done', async () => {
    const polled: string[] = [];
    server.events.on('request:start', ({ request }) => {
      if (request.url.includes('/status/')) polled.push(new URL(request.url).pathname);
    });
    try {
      const { list } = await openProjects();
      // The mock provider advances 25 points per poll: 67 → 92 at once, 100 (completed) at the next poll 5 s later.
      await waitFor(() => expect(within(row(list, 'Tech-Trends der Woche')).getByText('92%')).toBeInTheDocument());
      await waitFor(
        () => expect(within(row(list, 'Tech-Trends der Woche')).getByText('Completed')).toBeInTheDocument(),
        { timeout: 10_000 },
      );
      expect(within(row(list, 'Tech-Trends der Woche')).getByRole('button', { name: /Download/ })).toBeInTheDocument();
      expect(new Set(polled)).toEqual(new Set(['/api/video/heygen/status/vp-2']));
      expect(polled.length).toBeGreaterThanOrEqual(2);
    } finally {
      server.events.removeAllListeners();
    }
  }, 20_000);

  test('a video that cannot be played says so in German', async () => {
    const { user, list } = await openProjects();
    await user.click(within(row(list, 'Breaking News: KI-Gipfel in Berlin')).getByRole('button', { name: /Play/ }));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).queryByText('Video konnte nicht abgespielt werden.')).not.toBeInTheDocument();
    fireEvent.error(dialog.querySelector('video') as HTMLVideoElement);
    expect(await within(dialog).findByText('Video konnte nicht abgespielt werden.')).toBeInTheDocument();
  });

  test('a failed status check says so in German', async () => {
    server.use(
      http.get('*/api/video/:provider/status/:id', () => HttpResponse.json({ message: 'weg' }, { status: 404 })),
    );
    const { user, list } = await openProjects();
    await user.click(within(row(list, 'Tech-Trends der Woche')).getByRole('button', { name: /Check status/ }));
    expect(await screen.findByText('Status konnte nicht abgefragt werden.')).toBeInTheDocument();
    expect(within(row(list, 'Tech-Trends der Woche')).getByRole('progressbar')).toHaveAttribute('aria-valuenow', '67');
  });

  test('Download fetches GET /video/{provider}/download/{id} as a blob and saves it as a file', async () => {
    const requested: string[] = [];
    server.events.on('request:start', ({ request }) => requested.push(new URL(request.url).pathname));
    const created: Blob[] = [];
    const createObjectURL = vi.fn((blob: Blob) => {
      created.push(blob);
      return 'blob:video';
    });
    Object.defineProperty(URL, 'createObjectURL', { value: createObjectURL, configurable: true });
    Object.defineProperty(URL, 'revokeObjectURL', { value: vi.fn(), configurable: true });
    const clicks: Array<{ href: string; download: string }> = [];
    const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      clicks.push({ href: this.href, download: this.download });
    });
    try {
      const { user, list } = await openProjects();
      await user.click(
        within(row(list, 'Breaking News: KI-Gipfel in Berlin')).getByRole('button', { name: /Download/ }),
      );
      await waitFor(() => expect(clicks).toEqual([{ href: 'blob:video', download: 'vp-1.mp4' }]));
      expect(requested).toContain('/api/video/tavus/download/vp-1');
      expect(created[0].size).toBeGreaterThan(0);
    } finally {
      click.mockRestore();
      server.events.removeAllListeners();
    }
  });

  test('a failed download shows the German error', async () => {
    server.use(
      http.get('*/api/video/:provider/download/:id', () => HttpResponse.json({ message: 'weg' }, { status: 404 })),
    );
    const { user, list } = await openProjects();
    await user.click(within(row(list, 'Breaking News: KI-Gipfel in Berlin')).getByRole('button', { name: /Download/ }));
    expect(await screen.findByText('Download fehlgeschlagen.')).toBeInTheDocument();
  });

  test('local projects: no provider is asked for their status, the list itself is reloaded; a failed one says why; no avatar is named', async () => {
    const LOCAL = {
      avatar: '',
      platform: 'local',
      duration: '0:00',
      createdAt: '2024-01-15T10:30:00Z',
      url: null,
    } as const;
    let listed = 0;
    const statusCalls: string[] = [];
    server.use(
      http.get('*/api/video/projects', () => {
        listed += 1;
        return HttpResponse.json([
          { ...LOCAL, id: 'vl-1', title: 'Lokal im Bau', status: 'processing', progress: 40 },
          {
            ...LOCAL,
            id: 'vl-2',
            title: 'Lokal gescheitert',
            status: 'failed',
            progress: 10,
            error: 'Das Video konnte nicht gerendert werden: FFmpeg meldet: kaputt',
          },
        ]);
      }),
      http.get('*/api/video/:provider/status/:id', ({ request }) => {
        statusCalls.push(new URL(request.url).pathname);
        return HttpResponse.json({ message: 'Unbekannte Video-Plattform' }, { status: 400 });
      }),
    );
    const { user, list } = await openProjects();
    const building = row(list, 'Lokal im Bau');
    expect(within(building).getByText('40%')).toBeInTheDocument();
    expect(building).toHaveTextContent('Lokal (ohne Anbieter) · 0:00 ·');
    const before = listed;
    await user.click(within(building).getByRole('button', { name: 'Check status: Lokal im Bau' }));
    await waitFor(() => expect(listed).toBeGreaterThan(before));
    expect(
      within(row(list, 'Lokal gescheitert')).getByText(
        'Das Video konnte nicht gerendert werden: FFmpeg meldet: kaputt',
      ),
    ).toBeInTheDocument();
    expect(
      within(row(list, 'Lokal gescheitert')).getByRole('button', { name: 'Retry: Lokal gescheitert' }),
    ).toBeInTheDocument();
    expect(statusCalls).toEqual([]);
  });

  test('empty list', async () => {
    server.use(http.get('*/api/video/projects', () => HttpResponse.json([])));
    const user = userEvent.setup();
    renderWithProviders(<VideosPage />);
    await user.click(screen.getByRole('tab', { name: 'My Projects' }));
    expect(await screen.findByText('Noch keine Video-Projekte.')).toBeInTheDocument();
  });
});
