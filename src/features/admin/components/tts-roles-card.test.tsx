import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { afterEach, beforeEach, describe, expect, test } from 'vitest';
import { getSetting } from '@/db/settings';
import { getTtsRoles, setTtsRoles } from '@/lib/api/tts';
import { buildTimeConfig, setConfig } from '@/lib/config';
import { server } from '@/mocks/node';
import { makeWav } from '@/mocks/fixtures/tts';
import { renderWithProviders } from '../../../../tests/render';
import { TtsRolesCard } from './tts-roles-card';
import { setOperatorToken } from '@/lib/operator-token';

beforeEach(() => {
  setTtsRoles({ primary: 'elevenlabs', backup: 'azure' });
});
afterEach(() => {
  setConfig(buildTimeConfig);
  server.events.removeAllListeners();
});

describe('live desk: the roles are the server settings', () => {
  beforeEach(() => {
    setConfig({ apiMode: 'live', apiBaseUrl: 'http://localhost:3000/api' });
    // Signed in: a live console sends nothing without the operator token.
    setOperatorToken('token-fuer-den-test-0123');
  });

  test('shows the server roles; Switch sends settings.update with the swapped roles and lib/api follows them', async () => {
    const patches: unknown[] = [];
    server.events.on('request:start', ({ request }) => {
      if (request.method === 'PATCH' && new URL(request.url).pathname === '/api/settings')
        void request
          .clone()
          .json()
          .then((body) => patches.push(body));
    });
    const user = userEvent.setup();
    renderWithProviders(<TtsRolesCard />);
    const switchButton = screen.getByRole('button', { name: 'Switch' });
    await waitFor(() => expect(switchButton).toBeEnabled());
    expect(screen.getByTestId('tts-primary')).toHaveTextContent('ElevenLabs');
    expect(screen.getByTestId('tts-backup')).toHaveTextContent('Azure Speech');

    await user.click(switchButton);
    await waitFor(() => expect(screen.getByTestId('tts-primary')).toHaveTextContent('Azure Speech'));
    expect(screen.getByTestId('tts-backup')).toHaveTextContent('ElevenLabs');
    expect(patches).toEqual([{ ttsRoles: { primary: 'azure', backup: 'elevenlabs' } }]);
    // A toast fades in: visible once it has mounted.
    await waitFor(() => expect(screen.getByText('Primär: Azure Speech, Backup: ElevenLabs')).toBeVisible());
    expect(getTtsRoles()).toEqual({ primary: 'azure', backup: 'elevenlabs' });
    // Not the browser's: a live desk keeps its roles on the server only.
    expect(await getSetting('ttsRoles')).toEqual({ primary: 'elevenlabs', backup: 'azure' });
  });

  test('roles another console switched on the server are the ones the Test-Sprachausgabe asks first', async () => {
    server.use(
      http.get('*/api/settings', () =>
        HttpResponse.json({
          schedule: { enabled: false, everyMinutes: 60 },
          review: true,
          disclosure: { reviewed: 'a', automatic: 'b' },
          ttsRoles: { primary: 'azure', backup: 'elevenlabs' },
        }),
      ),
    );
    const asked: string[] = [];
    server.events.on('request:start', ({ request }) => {
      if (new URL(request.url).pathname === '/api/tts/generate')
        void request
          .clone()
          .json()
          .then((body: { provider: string }) => asked.push(body.provider));
    });
    const user = userEvent.setup();
    renderWithProviders(<TtsRolesCard />);
    await waitFor(() => expect(screen.getByTestId('tts-primary')).toHaveTextContent('Azure Speech'));
    await user.click(screen.getByRole('button', { name: 'Test-Sprachausgabe' }));
    expect(await screen.findByTestId('tts-spoken-by')).toHaveTextContent('Gesprochen von Azure Speech');
    expect(asked).toEqual(['azure']);
  });

  test('a refused Switch says so in German and leaves the roles as they were', async () => {
    server.use(
      http.patch('*/api/settings', () =>
        HttpResponse.json({ message: 'Primär- und Backup-Dienst müssen verschieden sein.' }, { status: 400 }),
      ),
    );
    const user = userEvent.setup();
    renderWithProviders(<TtsRolesCard />);
    const switchButton = screen.getByRole('button', { name: 'Switch' });
    await waitFor(() => expect(switchButton).toBeEnabled());
    await user.click(switchButton);
    // A toast fades in: visible once it has mounted.
    await waitFor(() => expect(screen.getByText('TTS-Rollen konnten nicht gespeichert werden')).toBeVisible());
    expect(screen.getByText('Primär- und Backup-Dienst müssen verschieden sein.')).toBeVisible();
    expect(screen.getByTestId('tts-primary')).toHaveTextContent('ElevenLabs');
    expect(getTtsRoles()).toEqual({ primary: 'elevenlabs', backup: 'azure' });
  });
});

describe('Test-Sprachausgabe says which engine spoke', () => {
  test('a desk without keys: the server answers with its embedded eSpeak-NG, and the card says so and plays it', async () => {
    server.use(
      http.post('*/api/tts/generate', () =>
        HttpResponse.arrayBuffer(makeWav(), { headers: { 'Content-Type': 'audio/wav', 'X-TTS-Provider': 'espeak' } }),
      ),
    );
    const user = userEvent.setup();
    renderWithProviders(<TtsRolesCard />);
    await user.click(screen.getByRole('button', { name: 'Test-Sprachausgabe' }));
    expect(await screen.findByTestId('tts-spoken-by')).toHaveTextContent('Gesprochen von eSpeak-NG (eingebettet)');
    expect(screen.getByTestId('tts-audio')).toHaveAttribute('src', expect.stringMatching(/^blob:/));
    expect(screen.getByTestId('tts-last')).toHaveTextContent('Letzte Anfrage bedient von eSpeak-NG (eingebettet)');
    expect(screen.getAllByText('Gesprochen von eSpeak-NG (eingebettet)').length).toBeGreaterThanOrEqual(2);
  });

  test('with a provider: the toast and the card name it', async () => {
    const user = userEvent.setup();
    renderWithProviders(<TtsRolesCard />);
    await user.click(screen.getByRole('button', { name: 'Test-Sprachausgabe' }));
    // A toast fades in: visible once it has mounted.
    await waitFor(() => expect(screen.getByText('Sprachausgabe erfolgreich')).toBeVisible());
    expect(screen.getByTestId('tts-spoken-by')).toHaveTextContent('Gesprochen von ElevenLabs');
  });
});
