import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { afterEach, beforeEach, describe, expect, test, vi } from 'vitest';
import { getSetting, putSetting } from '@/db/settings';
import { apiRequest } from '@/lib/api/client';
import { getTtsRoles } from '@/lib/api/tts';
import { isDebugLogging, setDebugLogging } from '@/lib/http/debug';
import { getRetrySettings } from '@/lib/resilience/retry';
import { clearSecrets } from '@/lib/security/redact';
import { server } from '@/mocks/node';
import { renderWithProviders } from '../../../../tests/render';
import { SystemTab } from './system-tab';

const HOOK = 'https://hooks.example.test/webhook/admin';

beforeEach(() => {
  localStorage.clear();
  document.documentElement.classList.remove('dark');
});
afterEach(() => {
  vi.restoreAllMocks();
  setDebugLogging(false);
  clearSecrets();
});

async function captureDownload(click: () => Promise<void>): Promise<string> {
  let blob: Blob | undefined;
  vi.spyOn(URL, 'createObjectURL').mockImplementation((b) => {
    blob = b as Blob;
    return 'blob:test';
  });
  vi.spyOn(URL, 'revokeObjectURL').mockImplementation(() => undefined);
  vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => undefined);
  await click();
  await waitFor(() => expect(blob).toBeDefined());
  return (blob as Blob).text();
}

describe('System toggles', () => {
  test('dark mode is the same theme state as the toggles: stored under theme and applied to <html>', async () => {
    const user = userEvent.setup();
    renderWithProviders(<SystemTab />);
    const toggle = await screen.findByRole('switch', { name: 'Dark mode' });
    expect(toggle).not.toBeChecked();
    await user.click(toggle);
    expect(localStorage.getItem('theme')).toBe('dark');
    expect(document.documentElement).toHaveClass('dark');
    await user.click(toggle);
    expect(localStorage.getItem('theme')).toBe('light');
    expect(document.documentElement).not.toHaveClass('dark');
  });

  test('automatic updates are on by default and turning them off is stored in system.autoUpdates', async () => {
    const user = userEvent.setup();
    renderWithProviders(<SystemTab />);
    const toggle = await screen.findByRole('switch', { name: 'Automatic updates' });
    await waitFor(() => expect(toggle).toBeChecked());
    await user.click(toggle);
    await waitFor(async () => expect((await getSetting('system')).autoUpdates).toBe(false));
    await waitFor(() => expect(toggle).not.toBeChecked());
  });

  test('debug mode logs every request (method, redacted URL, status, duration) to the console, never a key', async () => {
    const debug = vi.spyOn(console, 'debug').mockImplementation(() => undefined);
    await putSetting('apiKeys', { openai: 'sk-debug-SECRET-1111' });
    const user = userEvent.setup();
    renderWithProviders(<SystemTab />);
    await user.click(await screen.findByRole('switch', { name: 'Debug mode' }));
    await waitFor(() => expect(isDebugLogging()).toBe(true));
    await waitFor(async () => expect((await getSetting('system')).debugMode).toBe(true));
    debug.mockClear();
    server.use(http.get('*/api/probe', () => HttpResponse.json({ ok: true })));
    await act(async () => {
      await apiRequest('/probe?token=sk-debug-SECRET-1111');
    });
    const lines = debug.mock.calls.map((c) => c.join(' '));
    expect(lines.some((l) => /GET .*\/api\/probe.* → 200 \(\d+ ms\)/.test(l))).toBe(true);
    expect(lines.join('\n')).not.toContain('sk-debug-SECRET-1111');

    await user.click(screen.getByRole('switch', { name: 'Debug mode' }));
    await waitFor(() => expect(isDebugLogging()).toBe(false));
    debug.mockClear();
    await act(async () => {
      await apiRequest('/probe');
    });
    expect(debug).not.toHaveBeenCalled();
  });
});

describe('Workflow webhook', () => {
  test('an empty URL gives "Bitte geben Sie eine Webhook URL ein."', async () => {
    const user = userEvent.setup();
    renderWithProviders(<SystemTab />);
    await user.click(await screen.findByRole('button', { name: 'Test' }));
    expect(await screen.findAllByText('Bitte geben Sie eine Webhook URL ein.')).not.toHaveLength(0);
  });

  test('Save stores the URL; Test posts {test, timestamp, source} and says "Webhook OK"', async () => {
    const bodies: Array<Record<string, unknown>> = [];
    server.use(
      http.post(HOOK, async ({ request }) => {
        bodies.push((await request.json()) as Record<string, unknown>);
        return HttpResponse.json({ ok: true });
      }),
    );
    const user = userEvent.setup();
    renderWithProviders(<SystemTab />);
    await user.type(await screen.findByLabelText('Workflow webhook URL'), HOOK);
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(async () => expect((await getSetting('system')).workflowWebhookUrl).toBe(HOOK));
    await user.click(screen.getByRole('button', { name: 'Test' }));
    expect(await screen.findByText('Webhook OK')).toBeInTheDocument();
    expect(bodies).toHaveLength(1);
    expect(bodies[0]).toMatchObject({ test: true, source: expect.any(String) as string });
    expect(typeof bodies[0]?.timestamp).toBe('string');
  });

  test('a non-OK answer says "Webhook nicht erreichbar."; no answer at all "Webhook konnte nicht erreicht werden."', async () => {
    server.use(http.post(HOOK, () => new HttpResponse(null, { status: 500 })));
    const user = userEvent.setup();
    renderWithProviders(<SystemTab />);
    await user.type(await screen.findByLabelText('Workflow webhook URL'), HOOK);
    await user.click(screen.getByRole('button', { name: 'Test' }));
    expect(await screen.findByText('Webhook nicht erreichbar.')).toBeInTheDocument();
    server.use(http.post(HOOK, () => HttpResponse.error()));
    await user.click(screen.getByRole('button', { name: 'Test' }));
    expect(await screen.findByText('Webhook konnte nicht erreicht werden.')).toBeInTheDocument();
  });

  test('Test to a host the Workflow addresses do not name asks before the stored bearer key goes along', async () => {
    await putSetting('workflowConfig', { ...(await getSetting('workflowConfig')), apiKey: 'n8n-bearer-8888' });
    const auth: Array<string | null> = [];
    server.use(
      http.post(HOOK, ({ request }) => {
        auth.push(request.headers.get('authorization'));
        return HttpResponse.json({ ok: true });
      }),
    );
    const user = userEvent.setup();
    renderWithProviders(<SystemTab />);
    await user.type(await screen.findByLabelText('Workflow webhook URL'), HOOK);
    await user.click(screen.getByRole('button', { name: 'Test' }));
    const dialog = await screen.findByRole('alertdialog', { name: 'Neue Hosts bestätigen' });
    expect(within(dialog).getByRole('list', { name: 'Host-Änderungen' })).toHaveTextContent(
      'Webhook URL: n8n.newsdesk.demo → hooks.example.test',
    );
    expect(auth).toEqual([]);
    await user.click(within(dialog).getByRole('button', { name: 'Abbrechen' }));
    await waitFor(() => expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument());
    expect(auth).toEqual([]);

    await user.click(screen.getByRole('button', { name: 'Test' }));
    await user.click(
      within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'Mit Schlüssel testen' }),
    );
    expect(await screen.findByText('Webhook OK')).toBeInTheDocument();
    expect(auth).toEqual(['Bearer n8n-bearer-8888']);
  });

  test('Test to the host of the Workflow webhook sends the key without asking', async () => {
    await putSetting('workflowConfig', { ...(await getSetting('workflowConfig')), apiKey: 'n8n-bearer-8888' });
    const auth: Array<string | null> = [];
    server.use(
      http.post('https://n8n.newsdesk.demo/webhook/admin-test', ({ request }) => {
        auth.push(request.headers.get('authorization'));
        return HttpResponse.json({ ok: true });
      }),
    );
    const user = userEvent.setup();
    renderWithProviders(<SystemTab />);
    await user.type(
      await screen.findByLabelText('Workflow webhook URL'),
      'https://n8n.newsdesk.demo/webhook/admin-test',
    );
    await user.click(screen.getByRole('button', { name: 'Test' }));
    expect(await screen.findByText('Webhook OK')).toBeInTheDocument();
    expect(auth).toEqual(['Bearer n8n-bearer-8888']);
  });

  test('an address that is not http(s) is not saved', async () => {
    const user = userEvent.setup();
    renderWithProviders(<SystemTab />);
    await user.type(await screen.findByLabelText('Workflow webhook URL'), 'ftp://x');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Bitte geben Sie eine gültige Webhook URL ein (http oder https).',
    );
    expect((await getSetting('system')).workflowWebhookUrl).toBe('');
  });
});

describe('Settings file', () => {
  beforeEach(async () => {
    await putSetting('apiKeys', { openai: 'sk-export-SECRET-2222', heygen: 'hg-export-SECRET-3333' });
    await putSetting('obs', {
      host: 'studio',
      port: 4455,
      password: 'obs-export-PASSWORD',
      sceneName: 'AI News',
      sourceName: 'AI News Content',
    });
  });

  test('export leaves keys and passwords out unless the warned box is ticked', async () => {
    const user = userEvent.setup();
    renderWithProviders(<SystemTab />);
    const text = await captureDownload(() => user.click(screen.getByRole('button', { name: 'Export settings' })));
    const file = JSON.parse(text) as { app: string; includesSecrets: boolean; settings: Record<string, unknown> };
    expect(file.app).toBe('newsdesk');
    expect(file.includesSecrets).toBe(false);
    expect(file.settings.apiKeys).toBeUndefined();
    expect(file.settings.obs).toMatchObject({ host: 'studio' });
    for (const secret of ['sk-export-SECRET-2222', 'hg-export-SECRET-3333', 'obs-export-PASSWORD'])
      expect(text).not.toContain(secret);

    await user.click(screen.getByRole('checkbox', { name: 'API-Schlüssel und Passwörter einschließen' }));
    expect(screen.getByRole('alert')).toHaveTextContent(
      'Achtung: Die Datei enthält dann Ihre API-Schlüssel und Passwörter im Klartext.',
    );
    vi.restoreAllMocks();
    const withKeys = await captureDownload(() => user.click(screen.getByRole('button', { name: 'Export settings' })));
    expect(withKeys).toContain('sk-export-SECRET-2222');
    expect(withKeys).toContain('obs-export-PASSWORD');
  });

  test('import asks before the stored OBS password follows a new host, then stores the file and applies it; redacted secrets keep the stored ones', async () => {
    const file = new File(
      [
        JSON.stringify({
          app: 'newsdesk',
          version: 1,
          exportedAt: new Date().toISOString(),
          includesSecrets: false,
          settings: {
            retry: { maxRetries: 5, retryDelay: 3000, backoffMultiplier: 1.5, retryCondition: 'server-only' },
            ttsRoles: { primary: 'azure', backup: 'elevenlabs' },
            obs: {
              host: 'studio-2',
              port: 4456,
              password: '[REDACTED]',
              sceneName: 'AI News',
              sourceName: 'AI News Content',
            },
          },
        }),
      ],
      'settings.json',
      { type: 'application/json' },
    );
    const user = userEvent.setup();
    renderWithProviders(<SystemTab />);
    await user.upload(screen.getByLabelText('Settings file'), file);
    // The stored OBS password would go to another host: asked first, nothing stored meanwhile.
    const dialog = await screen.findByRole('alertdialog', { name: 'Neue Hosts bestätigen' });
    expect(within(dialog).getByRole('list', { name: 'Host-Änderungen' })).toHaveTextContent(
      'OBS Host: studio → studio-2',
    );
    expect(await getSetting('obs')).toMatchObject({ host: 'studio', port: 4455 });
    expect(getRetrySettings()).toEqual({
      maxRetries: 3,
      retryDelay: 2000,
      backoffMultiplier: 2,
      retryCondition: 'default',
    });
    await user.click(within(dialog).getByRole('button', { name: 'Hosts übernehmen' }));
    expect(await screen.findByText('Einstellungen importiert')).toBeInTheDocument();
    expect(getRetrySettings()).toEqual({
      maxRetries: 5,
      retryDelay: 3000,
      backoffMultiplier: 1.5,
      retryCondition: 'server-only',
    });
    expect(getTtsRoles()).toEqual({ primary: 'azure', backup: 'elevenlabs' });
    expect(await getSetting('obs')).toMatchObject({ host: 'studio-2', port: 4456, password: 'obs-export-PASSWORD' });
    expect((await getSetting('apiKeys')).openai).toBe('sk-export-SECRET-2222');
  });

  test('a settings file moving the workflow addresses to another host keeps them until confirmed; Abbrechen stores nothing', async () => {
    await putSetting('workflowConfig', { ...(await getSetting('workflowConfig')), apiKey: 'n8n-bearer-7777' });
    const file = new File(
      [
        JSON.stringify({
          app: 'newsdesk',
          version: 1,
          exportedAt: new Date().toISOString(),
          includesSecrets: false,
          settings: {
            workflowConfig: {
              webhookUrl: 'https://elsewhere.example/webhook/ai-news',
              workflowId: 'x',
              baseUrl: 'https://elsewhere.example',
              gatewayUrl: '',
              statusUrl: 'https://elsewhere.example/webhook/ai-news/status',
              mediaUrl: '',
            },
          },
        }),
      ],
      'settings.json',
      { type: 'application/json' },
    );
    const user = userEvent.setup();
    renderWithProviders(<SystemTab />);
    await user.upload(screen.getByLabelText('Settings file'), file);
    const dialog = await screen.findByRole('alertdialog', { name: 'Neue Hosts bestätigen' });
    expect(within(dialog).getByRole('list', { name: 'Host-Änderungen' })).toHaveTextContent(
      'Webhook URL: n8n.newsdesk.demo → elsewhere.example',
    );
    await user.click(within(dialog).getByRole('button', { name: 'Abbrechen' }));
    expect(await screen.findByText('Nichts übernommen – die bisherigen Adressen bleiben.')).toBeInTheDocument();
    expect(await getSetting('workflowConfig')).toMatchObject({
      webhookUrl: 'https://n8n.newsdesk.demo/webhook/ai-news',
      apiKey: 'n8n-bearer-7777',
    });
  });

  test.each([
    ['not JSON', 'this is not json'],
    ['another app', JSON.stringify({ app: 'other', version: 1, settings: {} })],
    [
      'out-of-range retry settings',
      JSON.stringify({
        app: 'newsdesk',
        version: 1,
        settings: { retry: { maxRetries: 50, retryDelay: 2000, backoffMultiplier: 2, retryCondition: 'default' } },
      }),
    ],
  ])('a bad file (%s) gives the German message and changes nothing', async (_name, content) => {
    const user = userEvent.setup();
    renderWithProviders(<SystemTab />);
    await user.upload(
      screen.getByLabelText('Settings file'),
      new File([content], 'bad.json', { type: 'application/json' }),
    );
    expect(await screen.findByTestId('import-error')).toHaveTextContent(
      'Die Einstellungsdatei konnte nicht gelesen werden.',
    );
    expect(screen.getAllByText('Import-Fehler').length).toBeGreaterThan(0);
    expect(await getSetting('retry')).toEqual({
      maxRetries: 3,
      retryDelay: 2000,
      backoffMultiplier: 2,
      retryCondition: 'default',
    });
  });
});
