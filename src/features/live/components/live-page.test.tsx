import { act, configure, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { toast } from 'sonner';
import { http, HttpResponse } from 'msw';
import { getSetting, putSetting, DEFAULT_SETTINGS } from '@/db/settings';
import { getObsState, resetObsConnection } from '@/lib/obs';
import { server } from '@/mocks/node';
import { resetStore } from '@/mocks/store';
import { obsSim } from '@/mocks/store/obs';
import { renderWithProviders } from '../../../../tests/render';
import { LivePage } from './live-page';

const PASSWORD = 'newsdesk-obs';

// Connecting runs the v5 handshake (two SHA-256 rounds) over the intercepted socket; give a loaded machine time.
configure({ asyncUtilTimeout: 10_000 });
vi.setConfig({ testTimeout: 30_000 });

/** Waits until a text is on screen and visible (sonner fades toasts in once mounted). */
async function seen(text: string | RegExp): Promise<void> {
  await waitFor(() => expect(screen.getAllByText(text).some((el) => isVisible(el))).toBe(true));
}

function isVisible(el: HTMLElement): boolean {
  for (let node: HTMLElement | null = el; node; node = node.parentElement) {
    const style = getComputedStyle(node);
    if (style.display === 'none' || style.visibility === 'hidden' || style.opacity === '0') return false;
  }
  return true;
}

afterEach(async () => {
  vi.useRealTimers();
  // sonner replays still-active toasts to the next test's Toaster; dismissed ones are not replayed.
  toast.dismiss();
  vi.restoreAllMocks();
  await resetObsConnection();
});

function renderPage() {
  const user = userEvent.setup();
  renderWithProviders(<LivePage />);
  return user;
}

async function connect(user: ReturnType<typeof userEvent.setup>, password = PASSWORD) {
  const field = await screen.findByLabelText('Password');
  await user.clear(field);
  if (password) await user.paste(password);
  await user.click(screen.getByRole('button', { name: 'Connect' }));
}

async function connected(user: ReturnType<typeof userEvent.setup>) {
  await connect(user);
  await waitFor(() => expect(screen.getByTestId('obs-status')).toHaveTextContent('Connected'));
}

test('shows the SPEC §9 defaults and the demo password hint in mock mode', async () => {
  renderPage();
  expect(await screen.findByLabelText('Host')).toHaveValue('localhost');
  expect(screen.getByLabelText('Port')).toHaveValue('4455');
  expect(screen.getByLabelText('Password')).toHaveValue('');
  await seen(/Passwort: newsdesk-obs/);
  expect(screen.getByTestId('obs-status')).toHaveTextContent('Disconnected');
});

test('connecting without host or port says so and opens no connection', async () => {
  const user = renderPage();
  await user.clear(await screen.findByLabelText('Host'));
  await user.click(screen.getByRole('button', { name: 'Connect' }));
  await seen('Bitte Host und Port eingeben.');
  await user.type(screen.getByLabelText('Host'), 'localhost');
  await user.clear(screen.getByLabelText('Port'));
  await user.click(screen.getByRole('button', { name: 'Connect' }));
  await waitFor(() => expect(screen.getAllByText('Bitte Host und Port eingeben.')).toHaveLength(2));
  expect(obsSim.connectionAttempts()).toBe(0);
});

test('connecting stores host, port and password in the shared settings', async () => {
  const user = renderPage();
  await connected(user);
  expect(await getSetting('obs')).toEqual({ ...DEFAULT_SETTINGS.obs, password: PASSWORD });
  await seen('Mit OBS verbunden (localhost:4455).');
});

test('an unreachable OBS gives the SPEC §8 connect failure toast', async () => {
  obsSim.setReachable(false);
  const user = renderPage();
  await connect(user);
  await seen('Konnte nicht mit OBS verbinden. Prüfen Sie die Einstellungen.');
  await seen('Verbindung fehlgeschlagen');
  expect(screen.getByTestId('obs-status')).toHaveTextContent('Disconnected');
});

test('a wrong password (4009) is named as such, shown as a state, logged nowhere and never retried', async () => {
  const logs: string[] = [];
  for (const method of ['log', 'info', 'warn', 'error', 'debug'] as const) {
    vi.spyOn(console, method).mockImplementation((...args: unknown[]) => void logs.push(args.map(String).join(' ')));
  }
  // A fake setTimeout that moves with real time: afterwards the clock jumps past every back-off delay at once.
  vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'], shouldAdvanceTime: true });
  const user = userEvent.setup({ advanceTimers: vi.advanceTimersByTime });
  renderWithProviders(<LivePage />);
  await connect(user, 'falsches-passwort');
  expect(
    (await screen.findAllByText(/Falsches Passwort – OBS hat die Anmeldung abgelehnt \(Code 4009\)/)).length,
  ).toBeGreaterThan(0);
  await seen('Verbindung fehlgeschlagen');
  expect(screen.getByTestId('obs-status')).toHaveTextContent('Wrong password');
  await act(() => vi.advanceTimersByTimeAsync(120_000));
  vi.useRealTimers();
  expect(obsSim.connectionAttempts()).toBe(1);
  expect(screen.getByTestId('obs-status')).toHaveTextContent('Wrong password');
  expect(logs.join('\n')).not.toContain('falsches-passwort');
});

test('scenes come from OBS, a click switches, and a switch in OBS itself is followed', async () => {
  const user = renderPage();
  await connected(user);
  for (const id of ['main-studio', 'intro', 'weather', 'breaking', 'outro'])
    expect(screen.getByRole('button', { name: new RegExp(`^${id}`) })).toBeVisible();
  expect(screen.getByRole('button', { name: /^main-studio/ })).toHaveAttribute('aria-pressed', 'true');
  await user.click(screen.getByRole('button', { name: /^weather/ }));
  await waitFor(() => expect(screen.getByRole('button', { name: /^weather/ })).toHaveAttribute('aria-pressed', 'true'));
  expect(obsSim.currentScene()).toBe('weather');
  obsSim.switchScene('breaking');
  await waitFor(() =>
    expect(screen.getByRole('button', { name: /^breaking/ })).toHaveAttribute('aria-pressed', 'true'),
  );
  expect(screen.getByRole('button', { name: /^weather/ })).toHaveAttribute('aria-pressed', 'false');
  obsSim.setScenes([...obsSim.scenes(), { id: 'sport', name: 'sport', description: 'Sport' }]);
  expect(await screen.findByRole('button', { name: /^sport/ })).toBeVisible();
});

test('a scene click without a connection says "Bitte zuerst mit OBS verbinden." titled "Nicht verbunden"', async () => {
  const user = renderPage();
  await user.click(await screen.findByRole('button', { name: /^AI News/ }));
  await seen('Nicht verbunden');
  await seen('Bitte zuerst mit OBS verbinden.');
  expect(obsSim.connectionAttempts()).toBe(0);
});

test('a refused scene switch says "Szene konnte nicht gewechselt werden."', async () => {
  const user = renderPage();
  await connected(user);
  obsSim.failNextRequest('SetCurrentProgramScene', 600, 'No source was found by the name of `intro`.');
  await user.click(screen.getByRole('button', { name: /^intro/ }));
  await seen('Szene konnte nicht gewechselt werden.');
  expect(screen.getByRole('button', { name: /^main-studio/ })).toHaveAttribute('aria-pressed', 'true');
});

test('stream and Telegram buttons are disabled until connected and streaming', async () => {
  const user = renderPage();
  expect(await screen.findByRole('button', { name: /Start Stream/ })).toBeDisabled();
  expect(screen.getByRole('button', { name: /Telegram Notify/ })).toBeDisabled();
  await connected(user);
  expect(screen.getByRole('button', { name: /Start Stream/ })).toBeEnabled();
  expect(screen.getByRole('button', { name: /Telegram Notify/ })).toBeDisabled();
});

test('start follows StreamStateChanged, shows health, Telegram notifies, stop returns to offline', async () => {
  const sent: string[] = [];
  server.use(
    http.post<never, { message: string }>('*/api/telegram/notify', async ({ request }) => {
      sent.push((await request.json()).message);
      return HttpResponse.json({ ok: true });
    }),
  );
  const user = renderPage();
  await connected(user);
  await user.click(screen.getByRole('button', { name: /Start Stream/ }));
  expect(await screen.findByRole('button', { name: /Stop Stream/ })).toBeEnabled();
  expect(screen.getByTestId('stream-phase')).toHaveTextContent('Live');
  await waitFor(() => expect(screen.getByTestId('health-bitrate')).toHaveTextContent(/^\d+ kb\/s$/), { timeout: 4000 });
  expect(screen.getByTestId('health-fps')).toHaveTextContent('30.0');
  expect(screen.getByTestId('health-congestion')).toHaveTextContent('0 %');
  expect(screen.getByTestId('health-duration')).toHaveTextContent(/^00:00:0\d$/);
  expect(screen.queryByRole('alert')).toBeNull();

  await user.click(screen.getByRole('button', { name: /Telegram Notify/ }));
  await seen('Live-Benachrichtigung wurde gesendet.');
  expect(sent).toHaveLength(1);
  expect(sent[0]).toContain('main-studio');

  await user.click(screen.getByRole('button', { name: /Stop Stream/ }));
  expect(await screen.findByRole('button', { name: /Start Stream/ })).toBeEnabled();
  expect(screen.getByTestId('stream-phase')).toHaveTextContent('Offline');
  expect(screen.queryByTestId('health-bitrate')).toBeNull();
  expect(screen.getByRole('button', { name: /Telegram Notify/ })).toBeDisabled();
});

test('high congestion and a reconnecting output are warned about', async () => {
  const user = renderPage();
  await connected(user);
  obsSim.setOutputTrouble({ congestion: 0.8, reconnecting: true });
  await user.click(screen.getByRole('button', { name: /Start Stream/ }));
  await seen(/Hohe Netzwerkauslastung/);
  await seen(/OBS verbindet neu/);
  expect(screen.getByTestId('health-congestion')).toHaveTextContent('80 %');
});

test('a refused start and stop give the "Stream Fehler" toasts', async () => {
  const user = renderPage();
  await connected(user);
  obsSim.failNextRequest('StartStream', 500, 'The stream output is already running.');
  await user.click(screen.getByRole('button', { name: /Start Stream/ }));
  await seen('Stream konnte nicht gestartet werden.');
  await seen('Stream Fehler');
  expect(screen.getByRole('button', { name: /Start Stream/ })).toBeEnabled();
  await user.click(screen.getByRole('button', { name: /Start Stream/ }));
  await screen.findByRole('button', { name: /Stop Stream/ });
  obsSim.failNextRequest('StopStream', 501, 'The stream output is not running.');
  await user.click(screen.getByRole('button', { name: /Stop Stream/ }));
  await seen('Stream konnte nicht beendet werden.');
  expect(screen.getByRole('button', { name: /Stop Stream/ })).toBeEnabled();
});

test('a failed Telegram notify says "Telegram Benachrichtigung fehlgeschlagen."', async () => {
  server.use(http.post('*/api/telegram/notify', () => HttpResponse.json({ ok: false }, { status: 400 })));
  const user = renderPage();
  await connected(user);
  await user.click(screen.getByRole('button', { name: /Start Stream/ }));
  await waitFor(() => expect(screen.getByRole('button', { name: /Telegram Notify/ })).toBeEnabled());
  await user.click(screen.getByRole('button', { name: /Telegram Notify/ }));
  await seen('Telegram Benachrichtigung fehlgeschlagen.');
});

test('quick text: disabled when blank or disconnected, presets fill, Enter sends to the source', async () => {
  const user = renderPage();
  const input = await screen.findByLabelText('Text');
  const send = screen.getByRole('button', { name: 'Send' });
  expect(send).toBeDisabled();
  await user.type(input, 'Hallo');
  expect(send).toBeDisabled();
  await user.keyboard('{Enter}');
  await seen('Bitte zuerst mit OBS verbinden.');
  await user.clear(input);
  await connected(user);
  expect(send).toBeDisabled();
  await user.type(input, '   ');
  expect(send).toBeDisabled();
  await user.keyboard('{Enter}');
  await seen('Bitte Text eingeben.');
  const presets = screen.getAllByRole('button', { name: /^Preset \d$/ });
  expect(presets).toHaveLength(3);
  await user.click(presets[1]);
  expect(input).toHaveValue('Gleich geht es weiter – bleiben Sie dran!');
  await user.click(input);
  await user.keyboard('{Enter}');
  await waitFor(() =>
    expect(obsSim.input('AI News Content')?.settings.text).toBe('Gleich geht es weiter – bleiben Sie dran!'),
  );
  await seen('Der Text steht jetzt in „AI News Content“.');
});

test('quick text to a source OBS does not have says which', async () => {
  await putSetting('obs', { ...DEFAULT_SETTINGS.obs, password: PASSWORD, sourceName: 'Lauftext' });
  const user = renderPage();
  await waitFor(() => expect(screen.getByLabelText('Password')).toHaveValue(PASSWORD));
  await user.click(screen.getByRole('button', { name: 'Connect' }));
  await waitFor(() => expect(screen.getByTestId('obs-status')).toHaveTextContent('Connected'));
  await user.type(screen.getByLabelText('Text'), 'Eilmeldung');
  await user.click(screen.getByRole('button', { name: 'Send' }));
  await seen('Text konnte nicht gesendet werden.');
  await seen(/Die Quelle „Lauftext“ gibt es in OBS nicht/);
});

test('a dropped connection shows the reconnect and comes back', async () => {
  const user = renderPage();
  await connected(user);
  obsSim.dropConnections(1001, 'Going away');
  await seen('Verbindung zu OBS verloren – Versuch 1, nächster Versuch in 1 s.');
  expect(screen.getByTestId('obs-status')).toHaveTextContent('Reconnecting…');
  await waitFor(() => expect(screen.getByTestId('obs-status')).toHaveTextContent('Connected'), { timeout: 4000 });
  expect(getObsState().status).toBe('connected');
});

test('scheduled broadcasts come from GET /live/schedule', async () => {
  renderPage();
  await seen('Morgen-Update: KI-Nachrichten');
  const item = screen.getByText('Tech-Wochenrückblick').closest('li');
  expect(item).not.toBeNull();
  expect(within(item as HTMLElement).getByText('2024-12-18 · 18:30 · Facebook')).toBeVisible();
});

test('no scheduled broadcasts say so', async () => {
  resetStore('empty');
  renderPage();
  await seen('Keine geplanten Sendungen.');
});

test('scene names from OBS render as text: markup in them shows literally and creates no element', async () => {
  const markup = '<img src=x onerror="window.__xss=1"><script>window.__xss=2</script>';
  obsSim.setScenes([...obsSim.scenes(), { id: 'xss', name: markup, description: markup }]);
  const user = renderPage();
  await connected(user);
  const button = await screen.findByRole('button', {
    name: new RegExp(`^${markup.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}`),
  });
  expect(button).toHaveTextContent(markup);
  await user.click(button);
  await waitFor(() => expect(obsSim.currentScene()).toBe(markup));
  expect(document.querySelector('img[src="x"], [onerror]')).toBeNull();
  expect([...document.querySelectorAll('script')].filter((s) => s.textContent?.includes('__xss'))).toEqual([]);
  expect((window as unknown as { __xss?: unknown }).__xss).toBeUndefined();
});

test('the scene list holds a row for the configured scene while the settings are read', async () => {
  await putSetting('obs', { ...DEFAULT_SETTINGS.obs, sceneName: 'Studio Nachrichten' });
  renderPage();
  const card = screen.getByText('Scenes').closest('[data-slot="card"]') as HTMLElement;
  // First render: nothing read yet, one placeholder row of the scene button's height.
  expect(card.querySelector('[data-slot="skeleton"].h-11')).not.toBeNull();
  expect(within(card).queryByRole('button')).toBeNull();
  const scene = await within(card).findByRole('button', { name: 'Studio Nachrichten' });
  expect(scene).toHaveClass('min-h-11');
  expect(card.querySelector('[data-slot="skeleton"]')).toBeNull();
});
