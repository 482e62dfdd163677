// The Live screen's rundown: today's published stories with „Auf Sendung“, directly to the demo OBS and through the server.
import { configure, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { toast } from 'sonner';
import { callApi } from '@/lib/api/client';
import { resetObsConnection } from '@/lib/obs';
import { server } from '@/mocks/node';
import { newsStore } from '@/mocks/store/news';
import { obsSim } from '@/mocks/store/obs';
import { lazyPanelsLoaded, renderWithProviders } from '../../../../tests/render';
import { LivePage } from './live-page';

configure({ asyncUtilTimeout: 10_000 });
vi.setConfig({ testTimeout: 30_000 });

const TODAY = 'Notenbank senkt überraschend die Zinsen';
const VIDEO = 'https://desk.example/news/2026-11-23-notenbank-senkt-ueberraschend-die-zinsen-3/video';

async function seen(text: string | RegExp): Promise<void> {
  await waitFor(() => expect(screen.getAllByText(text).length).toBeGreaterThan(0));
}

afterEach(async () => {
  toast.dismiss();
  vi.restoreAllMocks();
  await resetObsConnection();
});

async function renderLive() {
  const user = userEvent.setup();
  renderWithProviders(<LivePage />);
  await lazyPanelsLoaded();
  return user;
}

async function connectDirect(user: ReturnType<typeof userEvent.setup>) {
  const field = await screen.findByLabelText('Password');
  await user.clear(field);
  await user.paste('newsdesk-obs');
  await user.click(screen.getByRole('button', { name: 'Connect' }));
  await waitFor(() => expect(screen.getByTestId('obs-status')).toHaveTextContent('Connected'));
}

const rundownRow = (title: string) =>
  screen.getAllByTestId('rundown-story').find((row) => row.textContent?.includes(title));

test('the rundown lists only the stories published today, each with „Auf Sendung“ (inactive until OBS is connected)', async () => {
  await callApi('news.publish', { params: { id: 'news-3' } });
  await renderLive();
  await waitFor(() => expect(screen.getAllByTestId('rundown-story')).toHaveLength(1));
  const row = rundownRow(TODAY) as HTMLElement;
  expect(row).toBeDefined();
  // news-1 is published too, but not today.
  expect(newsStore.get('news-1')?.status).toBe('published');
  expect(screen.queryByText('Neuer KI-Chip halbiert den Stromverbrauch')).toBeNull();
  expect(within(row).getByRole('button', { name: /^Auf Sendung/ })).toBeDisabled();
});

test('the rundown asks the server only for the stories published since the operator’s midnight', async () => {
  const asked: URL[] = [];
  const record = ({ request }: { request: Request }) => {
    const url = new URL(request.url);
    if (url.pathname.endsWith('/api/news')) asked.push(url);
  };
  server.events.on('request:start', record);
  try {
    await callApi('news.publish', { params: { id: 'news-3' } });
    await renderLive();
    await waitFor(() => expect(screen.getAllByTestId('rundown-story')).toHaveLength(1));
  } finally {
    server.events.removeListener('request:start', record);
  }
  const midnight = new Date();
  midnight.setHours(0, 0, 0, 0);
  expect(asked.map((url) => url.searchParams.get('publishedSince'))).toEqual([midnight.toISOString()]);
});

test('no story published today: the rundown says so', async () => {
  await renderLive();
  expect(await screen.findByText('Heute wurde noch keine Meldung veröffentlicht.')).toBeInTheDocument();
});

test('directly from the browser: „Auf Sendung“ puts the headline into the text source and shows the success toast', async () => {
  await callApi('news.publish', { params: { id: 'news-3' } });
  const user = await renderLive();
  await connectDirect(user);
  await user.click(within(rundownRow(TODAY) as HTMLElement).getByRole('button', { name: /^Auf Sendung/ }));
  await seen('„Notenbank senkt überraschend die Zinsen“ steht jetzt in „AI News Content“.');
  expect(obsSim.input('AI News Content')?.settings.text).toBe(TODAY);
  // No media source named: the demo OBS's media source is left as it was.
  expect(obsSim.input('AI News Video')?.settings).toEqual({ is_local_file: true, local_file: '' });
});

test('directly, with a media source and a story video: the ffmpeg_source gets the public video address', async () => {
  await callApi('news.publish', { params: { id: 'news-3' } });
  await callApi('settings.update', { body: { onAir: { enabled: true, mediaSource: 'AI News Video' } } });
  const details = newsStore.get('news-3');
  server.use(
    http.get('*/api/news/news-3', () =>
      HttpResponse.json({ ...details, publicUrl: VIDEO.replace(/\/video$/, ''), videoUrl: VIDEO }),
    ),
  );
  const user = await renderLive();
  await connectDirect(user);
  await user.click(within(rundownRow(TODAY) as HTMLElement).getByRole('button', { name: /^Auf Sendung/ }));
  await seen('Das Video läuft in „AI News Video“.');
  expect(obsSim.input('AI News Content')?.settings.text).toBe(TODAY);
  expect(obsSim.input('AI News Video')?.settings).toEqual({
    local_file: '',
    is_local_file: false,
    input: VIDEO,
    input_format: '',
    looping: false,
    restart_on_activate: true,
    clear_on_media_end: true,
  });
});

test('directly, a media source OBS does not have: the failure toast names it', async () => {
  await callApi('news.publish', { params: { id: 'news-3' } });
  await callApi('settings.update', { body: { onAir: { mediaSource: 'Gibt es nicht' } } });
  const details = newsStore.get('news-3');
  server.use(http.get('*/api/news/news-3', () => HttpResponse.json({ ...details, videoUrl: VIDEO })));
  const user = await renderLive();
  await connectDirect(user);
  await user.click(within(rundownRow(TODAY) as HTMLElement).getByRole('button', { name: /^Auf Sendung/ }));
  await seen('Auf Sendung fehlgeschlagen');
  await seen('Meldung konnte nicht auf Sendung gehen.');
  await seen('Die Quelle „Gibt es nicht“ gibt es in OBS nicht. Prüfen Sie den Quellnamen unter Admin → OBS WebSocket.');
});

test('through the server: „Auf Sendung“ is POST /live/on-air with the story, and the server’s answer is the toast', async () => {
  await callApi('news.publish', { params: { id: 'news-3' } });
  const bodies: unknown[] = [];
  server.events.on('request:start', async ({ request }) => {
    if (request.method === 'POST' && new URL(request.url).pathname === '/api/live/on-air')
      bodies.push(await request.clone().json());
  });
  const user = await renderLive();
  await user.click(await screen.findByRole('radio', { name: 'Über den Server' }));
  await user.click(await screen.findByRole('button', { name: 'Connect' }));
  await waitFor(() => expect(screen.getByTestId('obs-status')).toHaveTextContent('Connected'));
  await user.click(within(rundownRow(TODAY) as HTMLElement).getByRole('button', { name: /^Auf Sendung/ }));
  await seen('„Notenbank senkt überraschend die Zinsen“ steht jetzt in „AI News Content“.');
  expect(bodies).toEqual([{ newsId: 'news-3' }]);
  expect(obsSim.input('AI News Content')?.settings.text).toBe(TODAY);
  server.events.removeAllListeners();
});

test('through the server, a refusal is the server’s German sentence', async () => {
  await callApi('news.publish', { params: { id: 'news-3' } });
  server.use(
    http.post('*/api/live/on-air', () =>
      HttpResponse.json(
        { message: 'Medienquelle "AI News Video" nicht gefunden.', code: 'not_found' },
        { status: 404 },
      ),
    ),
  );
  const user = await renderLive();
  await user.click(await screen.findByRole('radio', { name: 'Über den Server' }));
  await user.click(await screen.findByRole('button', { name: 'Connect' }));
  await waitFor(() => expect(screen.getByTestId('obs-status')).toHaveTextContent('Connected'));
  await user.click(within(rundownRow(TODAY) as HTMLElement).getByRole('button', { name: /^Auf Sendung/ }));
  await seen('Meldung konnte nicht auf Sendung gehen.');
  await seen('Medienquelle "AI News Video" nicht gefunden.');
});
