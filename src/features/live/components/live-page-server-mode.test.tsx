// The Live screen's server mode against the mock /obs/* handlers: the same SPEC §5/§8 texts as the direct mode.
import { act, configure, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { toast } from 'sonner';
import { http, HttpResponse } from 'msw';
import { getSetting, patchSetting } from '@/db/settings';
import { getConfig, setConfig } from '@/lib/config';
import { resetObsConnection } from '@/lib/obs';
import { server } from '@/mocks/node';
import { obsSim } from '@/mocks/store/obs';
import { renderWithProviders } from '../../../../tests/render';
import { LivePage } from './live-page';

configure({ asyncUtilTimeout: 10_000 });
vi.setConfig({ testTimeout: 30_000 });
const initialConfig = getConfig();

async function seen(text: string | RegExp): Promise<void> {
  await waitFor(() => expect(screen.getAllByText(text).length).toBeGreaterThan(0));
}

afterEach(async () => {
  vi.useRealTimers();
  toast.dismiss();
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
  setConfig(initialConfig);
  await resetObsConnection();
});

function renderPage() {
  const user = userEvent.setup();
  renderWithProviders(<LivePage />);
  return user;
}

async function viaServer(user: ReturnType<typeof userEvent.setup>) {
  await user.click(await screen.findByRole('radio', { name: 'Über den Server' }));
  await user.click(await screen.findByRole('button', { name: 'Connect' }));
}

test('a whole broadcast through the server: connect, scenes, switch, stream start/stop, quick text, a switch in OBS itself', async () => {
  const user = renderPage();
  await viaServer(user);
  await seen('Mit OBS verbunden (Studio über den Server).');
  await waitFor(() => expect(screen.getByTestId('obs-status')).toHaveTextContent('Connected'));
  expect(screen.getByTestId('obs-via-server')).toHaveTextContent('Studio · Über den Server');
  // No host, port or password in the browser: the server holds them.
  expect(screen.queryByLabelText('Password')).toBeNull();
  expect((await getSetting('obs'))?.mode).toBe('server');

  expect(await screen.findByRole('button', { name: /^weather/ })).toBeVisible();
  await user.click(screen.getByRole('button', { name: /^weather/ }));
  await waitFor(() => expect(screen.getByRole('button', { name: /^weather/ })).toHaveAttribute('aria-pressed', 'true'));
  expect(obsSim.currentScene()).toBe('weather');

  await user.click(screen.getByRole('button', { name: /Start Stream/ }));
  expect(await screen.findByRole('button', { name: /Stop Stream/ })).toBeEnabled();
  expect(obsSim.streaming()).toBe(true);
  await waitFor(() => expect(screen.getByTestId('health-fps')).toHaveTextContent('30.0'), { timeout: 5000 });

  await user.type(screen.getByLabelText('Text'), 'Eilmeldung über den Server{Enter}');
  await waitFor(() => expect(obsSim.input('AI News Content')?.settings.text).toBe('Eilmeldung über den Server'));
  await seen('Der Text steht jetzt in „AI News Content“.');

  // Someone switches in OBS itself: the console follows (the status poll in mock mode, the event stream live).
  obsSim.switchScene('breaking');
  await waitFor(
    () => expect(screen.getByRole('button', { name: /^breaking/ })).toHaveAttribute('aria-pressed', 'true'),
    { timeout: 5000 },
  );

  await user.click(screen.getByRole('button', { name: /Stop Stream/ }));
  expect(await screen.findByRole('button', { name: /Start Stream/ }, { timeout: 5000 })).toBeEnabled();
  expect(obsSim.streaming()).toBe(false);
});

test('server mode keeps the SPEC texts: no connection → "Bitte zuerst mit OBS verbinden.", a refused switch → "Szene konnte nicht gewechselt werden."', async () => {
  const user = renderPage();
  await user.click(await screen.findByRole('radio', { name: 'Über den Server' }));
  await user.click(await screen.findByRole('button', { name: /^AI News/ }));
  await seen('Nicht verbunden');
  await seen('Bitte zuerst mit OBS verbinden.');
  await user.click(screen.getByRole('button', { name: 'Connect' }));
  await waitFor(() => expect(screen.getByTestId('obs-status')).toHaveTextContent('Connected'));
  server.use(
    http.post('*/api/obs/scene', () =>
      HttpResponse.json({ message: 'Szene "weather" nicht gefunden.', code: 'not_found' }, { status: 404 }),
    ),
  );
  await user.click(await screen.findByRole('button', { name: /^weather/ }));
  await seen('Szene konnte nicht gewechselt werden.');
  server.use(
    http.post('*/api/obs/stream/start', () =>
      HttpResponse.json({ message: 'Stream läuft bereits.', code: 'stream_running' }, { status: 409 }),
    ),
  );
  await user.click(screen.getByRole('button', { name: /Start Stream/ }));
  await seen('Stream Fehler');
  await seen(/Stream konnte nicht gestartet werden\./);
});

test("the server's wrong OBS password (4009) is said in German and nothing polls again", async () => {
  obsSim.setIdentifyRefusal({ code: 4009, reason: 'Authentication failed.' });
  let polls = 0;
  server.events.on('request:start', ({ request }) => {
    if (new URL(request.url).pathname.endsWith('/obs/status')) polls++;
  });
  vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'setInterval', 'clearInterval'], shouldAdvanceTime: true });
  const user = userEvent.setup({ advanceTimers: vi.advanceTimersByTime });
  renderWithProviders(<LivePage />);
  await viaServer(user);
  expect(
    (
      await screen.findAllByText(
        /Falsches Passwort – OBS hat die Anmeldung abgelehnt \(Code 4009\)\. Es wird kein neuer Versuch unternommen\./,
      )
    ).length,
  ).toBeGreaterThan(0);
  await seen('Verbindung fehlgeschlagen');
  expect(screen.getByTestId('obs-status')).toHaveTextContent('Wrong password');
  const after = polls;
  await act(() => vi.advanceTimersByTimeAsync(60_000));
  vi.useRealTimers();
  expect(polls).toBe(after);
  server.events.removeAllListeners();
});

test('several OBS on the server: pick one from the list; the calls name it', async () => {
  const asked: string[] = [];
  server.use(
    http.get('*/api/obs/instances', () =>
      HttpResponse.json([
        { name: 'Studio', url: 'ws://studio.local:4455', state: 'connected' },
        { name: 'Regie 2', url: 'ws://10.0.0.7:4455', state: 'connected' },
      ]),
    ),
    http.get('*/api/obs/status', ({ request }) => {
      asked.push(new URL(request.url).searchParams.get('instance') ?? '');
      return HttpResponse.json({
        connected: true,
        streaming: false,
        scene: 'intro',
        instance: 'Regie 2',
        state: 'connected',
        streamPhase: 'stopped',
        health: null,
      });
    }),
  );
  const user = renderPage();
  await user.click(await screen.findByRole('radio', { name: 'Über den Server' }));
  await user.selectOptions(await screen.findByLabelText('OBS-Instanz'), 'Regie 2');
  await user.click(screen.getByRole('button', { name: 'Connect' }));
  await seen('Mit OBS verbunden (Regie 2 über den Server).');
  expect(asked[0]).toBe('Regie 2');
  expect((await getSetting('obs'))?.instance).toBe('Regie 2');
});

test('the instance field holds its place while the list loads, so Connect stays where it was', async () => {
  let release = () => {};
  const listed = new Promise<void>((resolve) => (release = resolve));
  server.use(
    http.get('*/api/obs/instances', async () => {
      await listed;
      return HttpResponse.json([
        { name: 'Studio', url: 'ws://studio.local:4455', connected: true, state: 'connected' },
      ]);
    }),
  );
  const user = renderPage();
  await user.click(await screen.findByRole('radio', { name: 'Über den Server' }));
  const connect = await screen.findByRole('button', { name: 'Connect' });
  const form = connect.closest('form')!;
  const rowsBefore = [...form.children];
  expect(screen.getByText('OBS-Instanz')).toBeInTheDocument();
  act(() => release());
  expect(await screen.findByLabelText('OBS-Instanz')).toHaveTextContent('Studio (ws://studio.local:4455)');
  // The same rows above the buttons, in the same order: nothing was inserted above Connect.
  expect([...form.children].slice(0, rowsBefore.indexOf(connect.parentElement!) + 1)).toEqual(
    rowsBefore.slice(0, rowsBefore.indexOf(connect.parentElement!) + 1),
  );
});

test("a server without OBS: the SPEC connect failure plus the server's reason", async () => {
  server.use(http.get('*/api/obs/instances', () => HttpResponse.json([])));
  const user = renderPage();
  await user.click(await screen.findByRole('radio', { name: 'Über den Server' }));
  // Said before Connect, in the field the instance would stand in.
  expect(await screen.findByLabelText('OBS-Instanz')).toHaveTextContent('OBS ist nicht konfiguriert.');
  await user.click(screen.getByRole('button', { name: 'Connect' }));
  await seen('Konnte nicht mit OBS verbinden. Prüfen Sie die Einstellungen. OBS ist nicht konfiguriert.');
});

test('the deployment default comes from config.json obsMode', async () => {
  setConfig({ ...initialConfig, obsMode: 'server' });
  renderPage();
  expect(await screen.findByRole('radio', { name: 'Über den Server' })).toBeChecked();
  expect(screen.queryByLabelText('Host')).toBeNull();
});

test('live over https with a LAN OBS address: the screen proposes the server mode and says why', async () => {
  setConfig({ ...initialConfig, apiMode: 'live' });
  vi.stubGlobal('location', { ...window.location, protocol: 'https:' });
  const user = renderPage();
  const host = await screen.findByLabelText('Host');
  await user.clear(host);
  await user.type(host, '192.168.1.20');
  await seen(
    'Diese Konsole läuft über https: Der Browser darf OBS unter 192.168.1.20 im Studio-Netz nicht über ws:// erreichen (gemischte Inhalte), und ein Tablet in einem anderen Netz erreicht OBS gar nicht. Verbinden Sie über den Server.',
  );
  await user.clear(host);
  await user.type(host, 'obs.example.org');
  await waitFor(() => expect(screen.queryByText(/gemischte Inhalte/)).toBeNull());
  await user.clear(host);
  await user.type(host, 'studio.local');
  await user.click(await screen.findByRole('button', { name: 'Über den Server verbinden' }));
  expect(screen.getByRole('radio', { name: 'Über den Server' })).toBeChecked();
  expect(screen.queryByRole('button', { name: 'Über den Server verbinden' })).toBeNull();
  await waitFor(async () => expect((await getSetting('obs'))?.mode).toBe('server'));
  // Back to the direct way: the form starts from the stored host again, and the proposal with it.
  await user.click(screen.getByRole('radio', { name: 'Direkt vom Browser' }));
  expect(await screen.findByRole('button', { name: 'Über den Server verbinden' })).toBeVisible();
});

test("live over https with OBS at localhost: the proposal says it is the browser's own device, not mixed content", async () => {
  setConfig({ ...initialConfig, apiMode: 'live' });
  vi.stubGlobal('location', { ...window.location, protocol: 'https:' });
  const user = renderPage();
  await seen(
    'OBS ist unter localhost eingetragen, also auf dem Gerät, auf dem diese Konsole läuft. Auf einem Tablet oder einem anderen Rechner als dem Studio-PC ist OBS dort nicht zu erreichen. Verbinden Sie über den Server.',
  );
  expect(screen.queryByText(/gemischte Inhalte/)).toBeNull();
  const host = await screen.findByLabelText('Host');
  await user.clear(host);
  await user.type(host, '[[::1]:4455'); // '[[' types a '['
  await seen(/^OBS ist unter \[::1\]:4455 eingetragen, also auf dem Gerät/);
  await user.clear(host);
  await user.type(host, '10.0.0.7');
  await seen(/Der Browser darf OBS unter 10\.0\.0\.7 im Studio-Netz nicht über ws:\/\/ erreichen/);
});

test('the server lost OBS: the reconnect notice with its attempt, then connected again', async () => {
  const user = renderPage();
  await viaServer(user);
  await waitFor(() => expect(screen.getByTestId('obs-status')).toHaveTextContent('Connected'));
  server.use(
    http.get('*/api/obs/status', () =>
      HttpResponse.json({
        connected: false,
        streaming: false,
        scene: 'main-studio',
        instance: 'Studio',
        state: 'reconnecting',
        code: 1006,
        message: 'Verbindung zu OBS verloren (1006).',
        reconnect: { attempt: 2, delayMs: 4000 },
        health: null,
      }),
    ),
  );
  await seen('Verbindung zu OBS verloren – Versuch 2, nächster Versuch in 4 s.');
  expect(screen.getByTestId('obs-status')).toHaveTextContent('Reconnecting…');
  server.resetHandlers();
  await waitFor(() => expect(screen.getByTestId('obs-status')).toHaveTextContent('Connected'), { timeout: 5000 });
});

test("quick text through the server goes to the source picked in Admin for that instance, else the server's own", async () => {
  const sent: Array<Record<string, unknown>> = [];
  server.events.on('request:start', ({ request }) => {
    if (new URL(request.url).pathname.endsWith('/obs/control'))
      void request
        .clone()
        .json()
        .then((b: Record<string, unknown>) => sent.push(b));
  });
  onTestFinished(() => server.events.removeAllListeners('request:start'));
  server.use(http.post('*/api/obs/control', () => HttpResponse.json({ success: true })));
  await patchSetting('obs', { serverChoices: { Studio: { sourceName: 'Ticker' } } });
  const user = renderPage();
  await viaServer(user);
  await waitFor(() => expect(screen.getByTestId('obs-status')).toHaveTextContent('Connected'));
  expect(await screen.findByText('Source: Ticker')).toBeVisible();
  await user.type(screen.getByLabelText('Text'), 'An den Ticker{Enter}');
  await waitFor(() => expect(sent).toEqual([{ action: 'setText', text: 'An den Ticker', sourceName: 'Ticker' }]));
  await seen('Der Text steht jetzt in „Ticker“.');

  // No pick for the instance: the server's OBS_TEXT_SOURCE, as GET /obs/instances names it.
  await patchSetting('obs', { serverChoices: {} });
  expect(await screen.findByText('Source: AI News Content')).toBeVisible();
});
