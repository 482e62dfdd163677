import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { afterEach, beforeEach, describe, expect, test, vi } from 'vitest';
import { getSetting, putSetting } from '@/db/settings';
import { getTtsRoles, setTtsRoles } from '@/lib/api/tts';
import { setRetrySettings } from '@/lib/resilience/retry';
import { server } from '@/mocks/node';
import { renderWithProviders } from '../../../../tests/render';
import { ApiKeysTab } from './api-keys-tab';

const row = (id: string) => screen.getByTestId(`service-${id}`);

beforeEach(() => {
  setTtsRoles({ primary: 'elevenlabs', backup: 'azure' });
});
afterEach(() => {
  vi.restoreAllMocks();
  vi.useRealTimers();
});

describe('API Keys tab', () => {
  test('groups the ten services as AI, TTS, Video and Media, each with Test, Save, a key input and a badge', async () => {
    renderWithProviders(<ApiKeysTab />);
    for (const title of ['AI', 'TTS', 'Video', 'Media'])
      expect(await screen.findByRole('heading', { name: title })).toBeInTheDocument();
    const ids = ['openai', 'elevenlabs', 'azure', 'tavus', 'vidau', 'modelslab', 'heygen', 'did', 'pexels', 'unsplash'];
    for (const id of ids) {
      const r = row(id);
      expect(within(r).getByRole('button', { name: /^Test / })).toBeInTheDocument();
      expect(within(r).getByRole('button', { name: /^Save / })).toBeInTheDocument();
      expect(within(r).getByLabelText(/API Key$/)).toHaveAttribute('type', 'password');
      expect(within(r).getByTestId(`status-${id}`)).toBeInTheDocument();
    }
    expect(screen.getAllByRole('listitem').filter((li) => li.dataset.testid?.startsWith('service-'))).toHaveLength(10);
    // Mock mode (the test default): the tab says the keys stay in this browser.
    expect(screen.getByTestId('key-storage')).toHaveTextContent('Demo-Modus: Schlüssel bleiben in diesem Browser.');
  });

  test('draws the AI card with the tab and the Video and Media cards after the first paint, in a render of their own', async () => {
    renderWithProviders(<ApiKeysTab />);
    expect(screen.getByRole('heading', { name: 'AI' })).toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: 'Video' })).not.toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: 'Media' })).not.toBeInTheDocument();
    expect(await screen.findByRole('heading', { name: 'Media' })).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Video' })).toBeInTheDocument();
  });

  test('Save stores the key in Dexie apiKeys, says so, masks it as •••• plus the last four, and the toggle reveals it', async () => {
    const user = userEvent.setup();
    renderWithProviders(<ApiKeysTab />);
    const r = await waitFor(() => row('elevenlabs'));
    await user.type(within(r).getByLabelText('ElevenLabs API Key'), 'sk-eleven-SECRET-9876');
    await user.click(within(r).getByRole('button', { name: 'Save ElevenLabs' }));
    expect(await screen.findByText('API-Schlüssel gespeichert')).toBeInTheDocument();
    await waitFor(async () => expect((await getSetting('apiKeys')).elevenlabs).toBe('sk-eleven-SECRET-9876'));
    expect(await within(r).findByText('••••9876')).toBeInTheDocument();
    expect(document.body.textContent).not.toContain('sk-eleven-SECRET-9876');
    expect(within(r).getByLabelText('ElevenLabs API Key')).toHaveValue('');

    await user.click(screen.getByRole('button', { name: 'Show keys' }));
    expect(within(r).getByText('sk-eleven-SECRET-9876')).toBeInTheDocument();
    expect(within(r).getByLabelText('ElevenLabs API Key')).toHaveAttribute('type', 'text');
    await user.click(screen.getByRole('button', { name: 'Hide keys' }));
    expect(within(r).getByText('••••9876')).toBeInTheDocument();
  });

  test('an empty key is not saved and gives the German message', async () => {
    const user = userEvent.setup();
    renderWithProviders(<ApiKeysTab />);
    const r = await waitFor(() => row('openai'));
    await user.type(within(r).getByLabelText('OpenAI GPT API Key'), '   ');
    await user.click(within(r).getByRole('button', { name: 'Save OpenAI GPT' }));
    expect(within(r).getByRole('alert')).toHaveTextContent('Bitte geben Sie einen API-Schlüssel ein.');
    expect(await getSetting('apiKeys')).toEqual({});
  });

  test('Save asks the browser for persistent storage and shows whether it was granted', async () => {
    const persist = vi.fn().mockResolvedValue(true);
    vi.stubGlobal('navigator', Object.assign(Object.create(navigator), { storage: { persist } }));
    const user = userEvent.setup();
    renderWithProviders(<ApiKeysTab />);
    const r = await waitFor(() => row('pexels'));
    await user.type(within(r).getByLabelText('Pexels API Key'), 'pexels-key-1234');
    await user.click(within(r).getByRole('button', { name: 'Save Pexels' }));
    expect(await screen.findByTestId('persistence')).toHaveTextContent('Dauerhafter Speicher gewährt.');
    expect(persist).toHaveBeenCalledTimes(1);
    vi.unstubAllGlobals();
  });

  test('a denied persistence request says so', async () => {
    vi.stubGlobal(
      'navigator',
      Object.assign(Object.create(navigator), { storage: { persist: vi.fn().mockResolvedValue(false) } }),
    );
    const user = userEvent.setup();
    renderWithProviders(<ApiKeysTab />);
    const r = await waitFor(() => row('pexels'));
    await user.type(within(r).getByLabelText('Pexels API Key'), 'pexels-key-1234');
    await user.click(within(r).getByRole('button', { name: 'Save Pexels' }));
    expect(await screen.findByTestId('persistence')).toHaveTextContent('Dauerhafter Speicher nicht gewährt');
    vi.unstubAllGlobals();
  });

  test('Test sends the key in the provider header and shows online, the time and the response time', async () => {
    const seen: string[] = [];
    server.events.on('request:start', ({ request }) => {
      if (request.url.includes('/test/'))
        seen.push(`${request.method} ${new URL(request.url).pathname} ${request.headers.get('xi-api-key')}`);
    });
    await putSetting('apiKeys', { elevenlabs: 'xi-key-abcdef' });
    const user = userEvent.setup();
    renderWithProviders(<ApiKeysTab />);
    const r = await waitFor(() => row('elevenlabs'));
    await waitFor(() => expect(within(r).getByTestId('saved-elevenlabs')).toHaveTextContent('••••cdef'));
    await user.click(within(r).getByRole('button', { name: 'Test ElevenLabs' }));
    expect(await screen.findByText('API Test erfolgreich')).toBeInTheDocument();
    expect(within(r).getByTestId('status-elevenlabs')).toHaveTextContent('online');
    expect(within(r).getByTestId('tested-elevenlabs')).toHaveTextContent(/Zuletzt getestet: \d\d:\d\d:\d\d/);
    expect(within(r).getByTestId('rt-elevenlabs')).toHaveTextContent(/\d+ ms/);
    expect(seen).toContain('GET /api/test/elevenlabs xi-key-abcdef');
    server.events.removeAllListeners();
  });

  test('a failing test shows offline and the destructive toast', async () => {
    server.use(
      http.get('*/api/test/tavus', () =>
        HttpResponse.json({ message: 'down' }, { status: 503, statusText: 'Service Unavailable' }),
      ),
    );
    const user = userEvent.setup();
    renderWithProviders(<ApiKeysTab />);
    const r = await waitFor(() => row('tavus'));
    await user.type(within(r).getByLabelText('Tavus API Key'), 'tavus-key-0001');
    await user.click(within(r).getByRole('button', { name: 'Test Tavus' }));
    expect(await screen.findByText('API Test fehlgeschlagen')).toBeInTheDocument();
    await waitFor(() => expect(within(r).getByTestId('status-tavus')).toHaveTextContent('offline'));
  });

  test('health is checked on open and polled every 30000 ms; a failure shows offline with "Health check failed: {statusText}"', async () => {
    vi.useFakeTimers({
      shouldAdvanceTime: true,
      toFake: ['setTimeout', 'clearTimeout', 'setInterval', 'clearInterval', 'Date'],
    });
    let calls = 0;
    let fail = false;
    server.use(
      http.get('*/api/health/heygen', () => {
        calls += 1;
        return fail
          ? HttpResponse.json({}, { status: 502, statusText: 'Bad Gateway' })
          : HttpResponse.json({ success: true, status: 'online', responseTime: 5 });
      }),
    );
    renderWithProviders(<ApiKeysTab />);
    await waitFor(() => expect(calls).toBe(1));
    await waitFor(() => expect(screen.getByTestId('status-heygen')).toHaveTextContent('online'));
    await vi.advanceTimersByTimeAsync(29_000);
    expect(calls).toBe(1);
    fail = true;
    await vi.advanceTimersByTimeAsync(1_000);
    await waitFor(() => expect(calls).toBe(2));
    await waitFor(() => expect(screen.getByTestId('status-heygen')).toHaveTextContent('offline'));
    expect(row('heygen')).toHaveTextContent('Health check failed: Bad Gateway');
    await vi.advanceTimersByTimeAsync(30_000);
    await waitFor(() => expect(calls).toBe(3));
  });
});

describe('TTS block', () => {
  test('shows elevenlabs as primary and azure as backup; Switch swaps them, stores ttsRoles and lib/api uses them at once', async () => {
    const user = userEvent.setup();
    renderWithProviders(<ApiKeysTab />);
    expect(await screen.findByTestId('tts-primary')).toHaveTextContent('ElevenLabs');
    expect(screen.getByTestId('tts-backup')).toHaveTextContent('Azure Speech');
    await user.click(screen.getByRole('button', { name: 'Switch' }));
    await waitFor(() => expect(screen.getByTestId('tts-primary')).toHaveTextContent('Azure Speech'));
    expect(screen.getByTestId('tts-backup')).toHaveTextContent('ElevenLabs');
    expect(getTtsRoles()).toEqual({ primary: 'azure', backup: 'elevenlabs' });
    expect(await getSetting('ttsRoles')).toEqual({ primary: 'azure', backup: 'elevenlabs' });
  });

  test('Test-Sprachausgabe shows which provider served it; a failing primary hands over to the backup', async () => {
    setRetrySettings({ maxRetries: 3, retryDelay: 1, backoffMultiplier: 1, retryCondition: 'default' });
    const user = userEvent.setup();
    renderWithProviders(<ApiKeysTab />);
    expect(await screen.findByTestId('tts-last')).toHaveTextContent('Noch keine Sprachausgabe angefordert.');
    await user.click(screen.getByRole('button', { name: 'Test-Sprachausgabe' }));
    await waitFor(() =>
      expect(screen.getByTestId('tts-last')).toHaveTextContent('Letzte Anfrage bedient von ElevenLabs'),
    );

    const providers: string[] = [];
    server.use(
      http.post('*/api/tts/generate', async ({ request }) => {
        const body = (await request.clone().json()) as { provider: string };
        providers.push(body.provider);
        if (body.provider === 'elevenlabs')
          return HttpResponse.json({}, { status: 503, statusText: 'Service Unavailable' });
        return undefined;
      }),
    );
    await user.click(screen.getByRole('button', { name: 'Test-Sprachausgabe' }));
    await waitFor(() =>
      expect(screen.getByTestId('tts-last')).toHaveTextContent('Letzte Anfrage bedient von Azure Speech'),
    );
    // SPEC §7: the primary gets one retry, then the backup.
    expect(providers).toEqual(['elevenlabs', 'elevenlabs', 'azure']);
  });
});
