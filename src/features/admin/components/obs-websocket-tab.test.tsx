import { configure, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { toast } from 'sonner';
import { http, HttpResponse } from 'msw';
import { getSetting, patchSetting } from '@/db/settings';
import { connectObs, getObsState, resetObsConnection } from '@/lib/obs';
import { server } from '@/mocks/node';
import { obsSim } from '@/mocks/store/obs';
import { renderWithProviders } from '../../../../tests/render';
import { ObsWebSocketTab } from './obs-websocket-tab';

const PASSWORD = 'newsdesk-obs';
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
  // sonner replays still-active toasts to the next test's Toaster; dismissed ones are not replayed.
  toast.dismiss();
  await resetObsConnection();
});

function renderTab() {
  const user = userEvent.setup();
  renderWithProviders(<ObsWebSocketTab />);
  return user;
}

test('shows the SPEC §9 defaults', async () => {
  renderTab();
  expect(await screen.findByLabelText('Host')).toHaveValue('localhost');
  expect(screen.getByLabelText('Port')).toHaveValue('4455');
  expect(screen.getByLabelText('Password')).toHaveValue('');
  expect(screen.getByLabelText('Scene name')).toHaveValue('AI News');
  expect(screen.getByLabelText('Source name')).toHaveValue('AI News Content');
  expect(screen.getByTestId('admin-obs-status')).toHaveTextContent('Disconnected');
});

test('Test checks address and password on its own connection and reports versions', async () => {
  const user = renderTab();
  await user.type(await screen.findByLabelText('Password'), PASSWORD);
  await user.click(screen.getByRole('button', { name: 'Test' }));
  await seen('OBS Test erfolgreich');
  await seen('OBS 29.0.2 (simuliert), obs-websocket 5.1.0');
  expect(getObsState().status).toBe('disconnected');
});

test('Test with a wrong password names the password', async () => {
  const user = renderTab();
  await user.type(await screen.findByLabelText('Password'), 'nicht-richtig');
  await user.click(screen.getByRole('button', { name: 'Test' }));
  await seen('OBS Test fehlgeschlagen');
  await seen(/Falsches Passwort/);
});

test('Test or Connect without host or port says "Bitte Host und Port eingeben."', async () => {
  const user = renderTab();
  await user.clear(await screen.findByLabelText('Port'));
  await user.click(screen.getByRole('button', { name: 'Test' }));
  await seen('Bitte Host und Port eingeben.');
  expect(obsSim.connectionAttempts()).toBe(0);
});

test('Connect saves all five settings and the status panel shows versions, scene and stream', async () => {
  const user = renderTab();
  await user.type(await screen.findByLabelText('Password'), PASSWORD);
  await user.clear(screen.getByLabelText('Scene name'));
  await user.type(screen.getByLabelText('Scene name'), 'weather');
  await user.click(screen.getByRole('button', { name: 'Connect' }));
  await waitFor(() => expect(screen.getByTestId('admin-obs-status')).toHaveTextContent('Connected'));
  expect(await getSetting('obs')).toEqual({
    host: 'localhost',
    port: 4455,
    password: PASSWORD,
    sceneName: 'weather',
    sourceName: 'AI News Content',
  });
  expect(screen.getByTestId('admin-obs-obs-version')).toHaveTextContent('29.0.2 (simuliert)');
  expect(screen.getByTestId('admin-obs-obs-websocket-version')).toHaveTextContent('5.1.0');
  expect(screen.getByTestId('admin-obs-current-scene')).toHaveTextContent('main-studio');
  expect(screen.getByTestId('admin-obs-stream')).toHaveTextContent('Offline');
  // The configured scene is read back from the saved settings, which may land after the connection.
  await waitFor(() =>
    expect(screen.getByTestId('admin-obs-configured-scene')).toHaveTextContent('weather (found in OBS)'),
  );
  obsSim.switchScene('outro');
  await waitFor(() => expect(screen.getByTestId('admin-obs-current-scene')).toHaveTextContent('outro'));
  obsSim.startStream();
  await waitFor(() => expect(screen.getByTestId('admin-obs-stream')).toHaveTextContent('Live'));
});

test('shows the same connection the Live screen opened', async () => {
  await connectObs({ host: 'localhost', port: 4455, password: PASSWORD });
  renderTab();
  expect(await screen.findByTestId('admin-obs-status')).toHaveTextContent('Connected');
  expect(screen.getByTestId('admin-obs-address')).toHaveTextContent('ws://localhost:4455');
  // The form is the Live screen's too: while linked it offers Reconnect and Disconnect.
  expect(await screen.findByRole('button', { name: 'Reconnect' })).toBeEnabled();
  expect(screen.getByRole('button', { name: 'Disconnect' })).toBeEnabled();
  expect(screen.queryByRole('button', { name: 'Connect' })).toBeNull();
});

test('Connect failure gives the SPEC §8 toast', async () => {
  obsSim.setReachable(false);
  const user = renderTab();
  await user.type(await screen.findByLabelText('Password'), PASSWORD);
  await user.click(screen.getByRole('button', { name: 'Connect' }));
  await seen('Konnte nicht mit OBS verbinden. Prüfen Sie die Einstellungen.');
  await seen('Verbindung fehlgeschlagen');
});

test('storage full: Connect keeps the form, says so in German, and still connects', async () => {
  const { db } = await import('@/db/db');
  const spy = vi.spyOn(db.settings, 'put').mockRejectedValue(new DOMException('full', 'QuotaExceededError'));
  onTestFinished(() => spy.mockRestore());
  const user = renderTab();
  await user.type(await screen.findByLabelText('Password'), PASSWORD);
  await user.clear(screen.getByLabelText('Scene name'));
  await user.type(screen.getByLabelText('Scene name'), 'weather');
  await user.click(screen.getByRole('button', { name: 'Connect' }));
  await seen('Speicher voll – Eingabe wurde nicht gespeichert.');
  expect(screen.getByLabelText('Scene name')).toHaveValue('weather');
  await waitFor(() => expect(getObsState().status).toBe('connected'));
});

test("through the server: the status panel shows the server's OBS, follows a switch in OBS, and names a wrong password", async () => {
  const user = renderTab();
  await user.click(await screen.findByRole('radio', { name: 'Über den Server' }));
  expect(screen.queryByLabelText('Password')).toBeNull();
  expect(
    screen.getByText(
      'Der Newsdesk-Server hält die Verbindung zu OBS; Adresse und Passwort stehen in seinen Einstellungen (OBS_URL, OBS_PASSWORD).',
    ),
  ).toBeVisible();
  await user.click(screen.getByRole('button', { name: 'Connect' }));
  await seen('Mit OBS verbunden (Studio über den Server).');
  await waitFor(() => expect(screen.getByTestId('admin-obs-status')).toHaveTextContent('Connected'));
  expect(screen.getByTestId('admin-obs-address')).toHaveTextContent('ws://studio.local:4455');
  expect(screen.getByTestId('admin-obs-obs-version')).toHaveTextContent('29.0.2 (simuliert)');
  expect(screen.getByTestId('admin-obs-current-scene')).toHaveTextContent('main-studio');
  obsSim.switchScene('intro');
  await waitFor(() => expect(screen.getByTestId('admin-obs-current-scene')).toHaveTextContent('intro'), {
    timeout: 5000,
  });
  expect((await getSetting('obs'))?.mode).toBe('server');

  obsSim.setIdentifyRefusal({ code: 4009, reason: 'Authentication failed.' });
  await waitFor(() => expect(screen.getByTestId('admin-obs-status')).toHaveTextContent('Wrong password'), {
    timeout: 5000,
  });
  expect(screen.getByRole('alert')).toHaveTextContent(
    'Falsches Passwort – OBS hat die Anmeldung abgelehnt (Code 4009). Es wird kein neuer Versuch unternommen.',
  );
});

test("through the server: Scene name and Source name are picked from the server's lists per instance and stored; no address or password", async () => {
  server.use(
    http.get('*/api/obs/instances', () =>
      HttpResponse.json([
        {
          name: 'Studio',
          url: 'ws://studio.local:4455',
          state: 'connected',
          textSource: 'AI News Content',
          scenes: ['main-studio', 'intro', 'weather'],
          currentScene: 'main-studio',
          textSources: ['AI News Content', 'Ticker'],
        },
        {
          name: 'Regie 2',
          url: 'ws://10.0.0.7:4455',
          state: 'auth-failed',
          message:
            'Falsches Passwort – OBS hat die Anmeldung abgelehnt (Code 4009). Es wird kein neuer Versuch unternommen.',
          textSource: 'Bauchbinde',
        },
      ]),
    ),
  );
  const user = renderTab();
  await user.click(await screen.findByRole('radio', { name: 'Über den Server' }));
  const scene = (await screen.findByLabelText('Scene name')) as HTMLSelectElement;
  const source = screen.getByLabelText('Source name') as HTMLSelectElement;
  const options = (select: HTMLSelectElement) => [...select.options].map((o) => o.textContent);
  expect(options(scene)).toEqual(['main-studio (aktuelle Szene)', 'main-studio', 'intro', 'weather']);
  expect(options(source)).toEqual(['AI News Content (Vorgabe des Servers)', 'Ticker']);
  expect(screen.getByTestId('obs-server-source')).toHaveTextContent(
    'Quick Text setzt die Quelle „AI News Content“ (ohne Auswahl die des Servers, OBS_TEXT_SOURCE).',
  );
  expect(screen.queryByLabelText('Password')).toBeNull();
  expect(screen.queryByLabelText('Host')).toBeNull();

  await user.selectOptions(source, 'Ticker');
  await user.selectOptions(scene, 'weather');
  await waitFor(async () =>
    expect((await getSetting('obs'))?.serverChoices).toEqual({
      Studio: { sourceName: 'Ticker', sceneName: 'weather' },
    }),
  );
  expect(screen.getByTestId('obs-server-source')).toHaveTextContent('„Ticker“');

  // The other instance keeps its own: the server's source, and its lists once the server reaches that OBS.
  await user.selectOptions(screen.getByLabelText('OBS-Instanz'), 'Regie 2');
  expect((screen.getByLabelText('Source name') as HTMLSelectElement).value).toBe('');
  expect(options(screen.getByLabelText('Source name') as HTMLSelectElement)).toEqual([
    'Bauchbinde (Vorgabe des Servers)',
  ]);
  expect(
    screen.getByText('Die Szenen und Quellen von OBS stehen zur Auswahl, sobald der Server mit OBS verbunden ist.'),
  ).toBeVisible();
});

test("through the server: the status panel's configured scene is the one picked for the server's instance", async () => {
  await patchSetting('obs', { serverChoices: { Studio: { sceneName: 'weather' } } });
  const user = renderTab();
  await user.click(await screen.findByRole('radio', { name: 'Über den Server' }));
  await user.click(screen.getByRole('button', { name: 'Connect' }));
  await waitFor(() => expect(screen.getByTestId('admin-obs-status')).toHaveTextContent('Connected'));
  await waitFor(() =>
    expect(screen.getByTestId('admin-obs-configured-scene')).toHaveTextContent('weather (found in OBS)'),
  );
});
