import { configure, fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { toast } from 'sonner';
import { server } from '@/mocks/node';
import { renderWithProviders } from '../../../../tests/render';
import { MediaPage } from './media-page';

vi.setConfig({ testTimeout: 30_000 });
// The shared test machine is slow; give async queries room.
configure({ asyncUtilTimeout: 5000 });
beforeEach(() => {
  toast.dismiss();
});
afterEach(() => {
  vi.restoreAllMocks();
});

const cards = () => screen.getAllByTestId('media-card');
// Real file headers: the upload checks a file's type by its bytes.
const PNG_HEAD = Uint8Array.from([
  0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 0x0d, 0x49, 0x48, 0x44, 0x52,
]);
const WAV_HEAD = Uint8Array.from(
  [...'RIFF']
    .map((c) => c.charCodeAt(0))
    .concat(
      [0x24, 0x08, 0, 0],
      [...'WAVEfmt '].map((c) => c.charCodeAt(0)),
    ),
);
const pngBytes = (size: number) => {
  const bytes = new Uint8Array(size);
  bytes.set(PNG_HEAD);
  return bytes;
};
const cardOf = (title: string) =>
  screen.getByRole('heading', { name: title }).closest('[data-testid="media-card"]') as HTMLElement;

async function setup() {
  const user = userEvent.setup();
  renderWithProviders(<MediaPage />);
  await screen.findAllByTestId('media-card');
  return user;
}

async function choose(user: ReturnType<typeof userEvent.setup>, title: string, action: string) {
  await user.click(within(cardOf(title)).getByRole('button', { name: `Aktionen für ${title}` }));
  await user.click(await screen.findByRole('menuitem', { name: action }));
}

test('tabs All / Videos / Audio / Images with per-type counters filter the cards', async () => {
  const user = await setup();
  expect(screen.getByTestId('count-all')).toHaveTextContent('9');
  expect(screen.getByTestId('count-video')).toHaveTextContent('3');
  expect(screen.getByTestId('count-audio')).toHaveTextContent('3');
  expect(screen.getByTestId('count-image')).toHaveTextContent('3');
  expect(cards()).toHaveLength(9);
  await user.click(screen.getByRole('tab', { name: /Videos/ }));
  expect(cards()).toHaveLength(3);
  for (const c of cards()) expect(c).toHaveTextContent('Video');
  await user.click(screen.getByRole('tab', { name: /Images/ }));
  for (const c of cards()) expect(c).toHaveTextContent('Bild');
  await user.click(screen.getByRole('tab', { name: /Audio/ }));
  for (const c of cards()) expect(c).toHaveTextContent('Audio');
});

test('a card shows thumbnail, type, size, duration (none for images), date, views; videos have a play overlay', async () => {
  await setup();
  const video = cardOf('Breaking News Intro');
  expect(video.querySelector('img')?.getAttribute('src')).toMatch(/^data:image\/svg\+xml/);
  expect(video).toHaveTextContent('24.5 MB');
  expect(within(video).getByTestId('media-duration')).toHaveTextContent('0:45');
  expect(video).toHaveTextContent('15.01.2024');
  expect(video).toHaveTextContent('1.250 Aufrufe');
  expect(within(video).getByRole('button', { name: 'Breaking News Intro abspielen' })).toBeInTheDocument();
  const image = cardOf('Studio Hintergrund');
  expect(within(image).queryByTestId('media-duration')).not.toBeInTheDocument();
  expect(within(image).queryByRole('button', { name: /abspielen/ })).not.toBeInTheDocument();
  expect(within(cardOf('Jingle Nachrichten')).queryByRole('button', { name: /abspielen/ })).not.toBeInTheDocument();
});

test('search by title or by date', async () => {
  const user = await setup();
  const box = screen.getByLabelText('Medien nach Titel oder Datum durchsuchen');
  await user.type(box, 'podcast');
  expect(cards()).toHaveLength(1);
  expect(cards()[0]).toHaveTextContent('Podcast Wissenschaft');
  await user.clear(box);
  await user.type(box, '14.01.2024');
  expect(cards().map((c) => c.querySelector('h2')?.textContent)).toEqual([
    'Wetterbericht Januar',
    'Moderation Morgenausgabe',
  ]);
  await user.clear(box);
  await user.type(box, '2024-01-11');
  expect(cards()).toHaveLength(2);
  await user.clear(box);
  await user.type(box, 'nichts davon');
  expect(screen.getByText('Keine Medien gefunden.')).toBeInTheDocument();
});

test('Filter sorts and limits by views; Date limits by day', async () => {
  const user = await setup();
  await user.click(screen.getByRole('button', { name: 'Filter' }));
  await user.selectOptions(screen.getByLabelText('Sortierung'), 'views');
  expect(cards()[0]).toHaveTextContent('Interview Klimaforscherin');
  await user.clear(screen.getByLabelText('Mindestens Aufrufe'));
  await user.type(screen.getByLabelText('Mindestens Aufrufe'), '2000');
  expect(cards()).toHaveLength(3);
  await user.clear(screen.getByLabelText('Mindestens Aufrufe'));
  await user.click(screen.getByRole('button', { name: 'Date' }));
  await user.type(screen.getByLabelText('Von'), '2024-01-13');
  await user.type(screen.getByLabelText('Bis'), '2024-01-14');
  expect(cards()).toHaveLength(3);
});

test('Preview plays video and audio in a real player and shows images', async () => {
  const user = await setup();
  await choose(user, 'Moderation Morgenausgabe', 'Preview');
  const audio = (await screen.findByRole('dialog')).querySelector('audio');
  expect(audio).toHaveAttribute('controls');
  expect(audio?.getAttribute('src')).toMatch(/^data:audio\/wav;base64,/);
  await user.keyboard('{Escape}');
  await user.click(screen.getByRole('button', { name: 'Breaking News Intro abspielen' }));
  const video = (await screen.findByRole('dialog')).querySelector('video') as HTMLVideoElement;
  expect(video).toHaveAttribute('controls');
  expect(video).toHaveAttribute('src', '/samples/demo-video.webm');
  fireEvent.error(video);
  expect(
    await screen.findByText(
      'Diese Datei kann im Browser nicht abgespielt werden. Laden Sie sie herunter, um sie anzusehen.',
    ),
  ).toBeInTheDocument();
  await user.keyboard('{Escape}');
  await choose(user, 'Logo Newsdesk', 'Preview');
  expect(within(await screen.findByRole('dialog')).getByRole('img', { name: 'Logo Newsdesk' })).toBeInTheDocument();
});

test('Download saves the file under its title', async () => {
  const clicks: HTMLAnchorElement[] = [];
  vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
    clicks.push(this);
  });
  const user = await setup();
  await choose(user, 'Jingle Nachrichten', 'Download');
  expect(clicks).toHaveLength(1);
  expect(clicks[0].download).toBe('Jingle Nachrichten');
  expect(clicks[0].href).toMatch(/^data:audio\/wav/);
});

test('Delete asks first, then removes the file and updates the counters', async () => {
  const user = await setup();
  await choose(user, 'Logo Newsdesk', 'Delete');
  const dialog = await screen.findByRole('alertdialog');
  expect(dialog).toHaveTextContent('Datei löschen?');
  await user.click(within(dialog).getByRole('button', { name: 'Delete' }));
  expect(await screen.findByText('Datei gelöscht')).toBeInTheDocument();
  await waitFor(() => expect(screen.getByTestId('count-image')).toHaveTextContent('2'));
  expect(screen.getByTestId('count-all')).toHaveTextContent('8');
});

test('upload checks the type and the size with German messages', async () => {
  const user = userEvent.setup({ applyAccept: false });
  renderWithProviders(<MediaPage />);
  await screen.findAllByTestId('media-card');
  await user.click(screen.getByRole('button', { name: 'Upload Media' }));
  const dialog = await screen.findByRole('dialog');
  await user.click(within(dialog).getByRole('button', { name: 'Upload' }));
  expect(within(dialog).getByRole('alert')).toHaveTextContent('Bitte wählen Sie eine Datei aus.');
  await user.upload(
    within(dialog).getByLabelText('Datei'),
    new File(['%PDF'], 'bericht.pdf', { type: 'application/pdf' }),
  );
  expect(
    await within(dialog).findByText('Dateityp wird nicht unterstützt. Erlaubt sind Video-, Audio- und Bilddateien.'),
  ).toHaveAttribute('role', 'alert');
  const big = new File(['x'], 'riesig.mp4', { type: 'video/mp4' });
  Object.defineProperty(big, 'size', { value: 501 * 1024 * 1024 });
  await user.upload(within(dialog).getByLabelText('Datei'), big);
  expect(within(dialog).getByRole('alert')).toHaveTextContent('Die Datei ist zu groß. Erlaubt sind höchstens 500 MB.');
  expect(screen.getByTestId('count-all')).toHaveTextContent('9');
});

test('upload sends multipart media + metadata, shows progress, and the new item appears', async () => {
  let fields: { media: unknown; metadata: unknown } | undefined;
  server.events.on('request:start', async ({ request }) => {
    if (request.url.endsWith('/media/upload')) {
      const form = await request.clone().formData();
      fields = { media: form.get('media'), metadata: JSON.parse(String(form.get('metadata'))) };
    }
  });
  const user = await setup();
  await user.click(screen.getByRole('button', { name: 'Upload Media' }));
  const dialog = await screen.findByRole('dialog');
  await user.upload(
    within(dialog).getByLabelText('Datei'),
    new File([pngBytes(2048)], 'foto.png', { type: 'image/png' }),
  );
  expect(within(dialog).getByLabelText('Titel')).toHaveValue('foto');
  await user.clear(within(dialog).getByLabelText('Titel'));
  await user.type(within(dialog).getByLabelText('Titel'), 'Pressefoto');
  await user.click(within(dialog).getByRole('button', { name: 'Upload' }));
  expect(await within(dialog).findByRole('progressbar', { name: 'Upload-Fortschritt' })).toBeInTheDocument();
  expect(await screen.findByText('Media hochgeladen')).toBeInTheDocument();
  expect(await screen.findByRole('heading', { name: 'Pressefoto' })).toBeInTheDocument();
  expect(screen.getByTestId('count-image')).toHaveTextContent('4');
  // jsdom's XHR re-serialises the part (name and bytes differ); the part and its type arrive.
  expect(fields?.media).toMatchObject({ type: 'image/png' });
  expect(fields?.metadata).toMatchObject({ title: 'Pressefoto', type: 'image', size: 2048 });
  server.events.removeAllListeners();
});

test('a failed upload says "Upload Fehler" with the status and keeps the file selected', async () => {
  server.use(http.post('*/api/media/upload', () => new HttpResponse('kaputt', { status: 500 })));
  const user = await setup();
  await user.click(screen.getByRole('button', { name: 'Upload Media' }));
  const dialog = await screen.findByRole('dialog');
  await user.upload(within(dialog).getByLabelText('Datei'), new File([WAV_HEAD], 'ton.wav', { type: 'audio/wav' }));
  await user.click(within(dialog).getByRole('button', { name: 'Upload' }));
  expect(await screen.findByText('Upload Fehler', {}, { timeout: 10_000 })).toBeInTheDocument();
  expect(within(dialog).getByRole('alert')).toHaveTextContent('Media Upload failed: 500');
  expect(within(dialog).getByLabelText('Titel')).toHaveValue('ton');
});

test('the type is checked by content: text named .mp4 is refused, a PNG named .bin is uploaded as an image', async () => {
  let part: unknown;
  server.events.on('request:start', async ({ request }) => {
    if (request.url.endsWith('/media/upload')) part = (await request.clone().formData()).get('media');
  });
  const user = await setup();
  await user.click(screen.getByRole('button', { name: 'Upload Media' }));
  const dialog = await screen.findByRole('dialog');
  const input = within(dialog).getByLabelText('Datei');
  await user.upload(input, new File(['kein Film'], 'kaputt.mp4', { type: 'video/mp4' }));
  expect(await within(dialog).findByRole('alert')).toHaveTextContent(
    'Dateityp wird nicht unterstützt. Erlaubt sind Video-, Audio- und Bilddateien.',
  );
  expect(within(dialog).getByRole('button', { name: 'Upload' })).toBeDisabled();
  expect(screen.getByTestId('count-all')).toHaveTextContent('9');

  fireEvent.change(input, {
    target: { files: [new File([pngBytes(512)], 'scan.bin', { type: 'application/octet-stream' })] },
  });
  await waitFor(() => expect(within(dialog).queryByRole('alert')).not.toBeInTheDocument());
  await user.click(within(dialog).getByRole('button', { name: 'Upload' }));
  expect(await screen.findByText('Media hochgeladen')).toBeInTheDocument();
  // The library is drawn anew in a transition, just after the answer.
  await waitFor(() => expect(screen.getByTestId('count-image')).toHaveTextContent('4'));
  expect(part).toMatchObject({ type: 'image/png' });
  server.events.removeAllListeners();
});

test('10,000 files: 24 cards at first, more on request, and the search and counters cover all of them', async () => {
  const many = Array.from({ length: 10_000 }, (_, i) => ({
    id: `bulk-${i}`,
    title: i % 2500 === 3 ? `Sondersendung ${i}` : `Clip ${i}`,
    type: (['video', 'audio', 'image'] as const)[i % 3],
    size: '1.0 MB',
    duration: i % 3 === 2 ? null : '0:10',
    date: '2024-01-15',
    thumbnail: '/icons/icon-192.png',
    url: '/samples/demo-video.webm',
    views: i,
  }));
  server.use(http.get('*/api/media', () => HttpResponse.json(many)));
  const user = await setup();
  expect(screen.getByTestId('count-all')).toHaveTextContent('10000');
  expect(screen.getByTestId('count-image')).toHaveTextContent('3333');
  expect(cards()).toHaveLength(24);
  expect(screen.getByTestId('media-shown')).toHaveTextContent('24 von 10000 Dateien angezeigt');
  await user.click(screen.getByRole('button', { name: '24 weitere laden' }));
  expect(cards()).toHaveLength(48);
  await user.type(screen.getByLabelText('Medien nach Titel oder Datum durchsuchen'), 'Sondersendung');
  await waitFor(() => expect(cards()).toHaveLength(4));
  expect(screen.queryByTestId('media-shown')).not.toBeInTheDocument();
});

test('the first row of thumbnails loads with the page, the rest when scrolled near', async () => {
  await setup();
  const thumbnails = cards().map((card) => card.querySelector('img'));
  expect(thumbnails).toHaveLength(9);
  for (const img of thumbnails.slice(0, 4)) {
    expect(img).toHaveAttribute('loading', 'eager');
    expect(img).toHaveAttribute('fetchpriority', 'high');
  }
  for (const img of thumbnails.slice(4)) {
    expect(img).toHaveAttribute('loading', 'lazy');
    expect(img).toHaveAttribute('fetchpriority', 'auto');
  }
});
