import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { delay, http, HttpResponse } from 'msw';
import { toast } from 'sonner';
import { getSetting, patchSetting, putSetting } from '@/db/settings';
import { listErrors } from '@/db/error-log';
import { applyScenario, server } from '@/mocks/node';
import { lazyPanelsLoaded, renderWithProviders } from '../../../../tests/render';
import { WorkflowPage } from './workflow-page';

const HOOK = 'https://n8n.newsdesk.demo/webhook/ai-news';
const EXAMPLE = readFileSync(resolve(__dirname, '../../../../examples/n8n/ai-news.workflow.json'), 'utf8');

async function renderPage() {
  const user = userEvent.setup({ applyAccept: false });
  const view = renderWithProviders(<WorkflowPage />);
  // Dexie answers first; the screen renders once the stored settings are known.
  await screen.findByRole('button', { name: 'Run Workflow' }, { timeout: 5000 });
  return { user, ...view };
}
const tab = async (user: ReturnType<typeof userEvent.setup>, name: RegExp) => {
  await user.click(screen.getByRole('tab', { name }));
  await lazyPanelsLoaded();
};
afterEach(() => {
  toast.dismiss();
  vi.restoreAllMocks();
});
const toastOf = (text: string) => screen.getByText(text).closest('[data-sonner-toast]');

describe('header and summary cards', () => {
  test('shows the workflow id, Connected once the status address answers, and the counters', async () => {
    await renderPage();
    expect(await screen.findByText('Connected')).toBeInTheDocument();
    expect(screen.getByTestId('summary-status')).toHaveTextContent('Inaktiv');
    await waitFor(() => expect(screen.getByTestId('summary-total')).toHaveTextContent('5'));
    expect(screen.getByTestId('summary-rate')).toHaveTextContent('80 %');
    expect(screen.getByTestId('summary-last')).toHaveTextContent('–');
  });

  test('Disconnected when the status address fails; the start button is disabled without a webhook address', async () => {
    server.use(http.get(`${HOOK}/status`, () => HttpResponse.error()));
    await patchSetting('workflowConfig', { webhookUrl: '' });
    await renderPage();
    await waitFor(() => expect(screen.getByTestId('summary-total')).toHaveTextContent('–'));
    expect(screen.getByTestId('connection-badge')).toHaveTextContent('Disconnected');
    expect(screen.getByRole('button', { name: 'Run Workflow' })).toBeDisabled();
  });

  test('a successful trigger: n8n Workflow gestartet, status Aktiv, run counted, last run set', async () => {
    const { user } = await renderPage();
    await waitFor(() => expect(screen.getByTestId('summary-total')).toHaveTextContent('5'));
    await user.click(screen.getByRole('button', { name: 'Run Workflow' }));
    expect(await screen.findByText('n8n Workflow gestartet')).toBeInTheDocument();
    expect(screen.getByTestId('summary-status')).toHaveTextContent('Aktiv');
    await waitFor(() => expect(screen.getByTestId('summary-total')).toHaveTextContent('6'));
    expect(screen.getByTestId('summary-last')).not.toHaveTextContent('–');
    expect(screen.getByTestId('connection-badge')).toHaveTextContent('Connected');
  });

  test('the start button is disabled while the request runs', async () => {
    server.use(
      http.post(HOOK, async () => {
        await delay(200);
        return HttpResponse.json({});
      }),
    );
    const { user } = await renderPage();
    const button = screen.getByRole('button', { name: 'Run Workflow' });
    await user.click(button);
    expect(button).toBeDisabled();
    await screen.findByText('n8n Workflow gestartet');
    await waitFor(() => expect(button).toBeEnabled());
  });

  test('HTTP failure: n8n Verbindung fehlgeschlagen with HTTP {status}: {text}; status Fehler, Disconnected', async () => {
    server.use(http.post(HOOK, () => new HttpResponse('nope', { status: 500, statusText: 'Internal Server Error' })));
    const { user } = await renderPage();
    await user.click(screen.getByRole('button', { name: 'Run Workflow' }));
    expect(await screen.findByText('n8n Verbindung fehlgeschlagen')).toBeInTheDocument();
    expect(screen.getByText('HTTP 500: Internal Server Error')).toBeInTheDocument();
    expect(toastOf('n8n Verbindung fehlgeschlagen')).toHaveAttribute('data-type', 'error');
    expect(screen.getByTestId('summary-status')).toHaveTextContent('Fehler');
    expect(screen.getByTestId('connection-badge')).toHaveTextContent('Disconnected');
    const log = await listErrors();
    expect(log[0]).toMatchObject({ service: 'n8n', error: 'n8n Webhook failed: 500 Internal Server Error' });
  });

  test('a webhook that refuses the origin (CORS) fails like a network error, with the Allowed Origins hint', async () => {
    server.use(http.post(HOOK, () => HttpResponse.error()));
    const { user } = await renderPage();
    await user.click(screen.getByRole('button', { name: 'Run Workflow' }));
    expect(await screen.findByText('n8n Verbindungsfehler')).toBeInTheDocument();
    expect(screen.getByText('Workflow-Webhook nicht erreichbar')).toBeInTheDocument();
    expect(screen.getByText(/Allowed Origins \(CORS\)/)).toHaveTextContent(window.location.origin);
  });
});

describe('Connection Test tab', () => {
  test('Webhook Test: Webhook OK; not OK: Webhook Fehler; network: Verbindungsfehler with the hint', async () => {
    const { user } = await renderPage();
    await user.click(screen.getByRole('button', { name: 'Webhook Test' }));
    expect(await screen.findByText('Webhook OK')).toBeInTheDocument();

    server.use(http.post(HOOK, () => new HttpResponse(null, { status: 404 })));
    await user.click(screen.getByRole('button', { name: 'Webhook Test' }));
    expect(await screen.findByText('Webhook Fehler')).toBeInTheDocument();
    expect(screen.getByText('Webhook nicht erreichbar.')).toBeInTheDocument();
    expect(screen.getByTestId('connection-badge')).toHaveTextContent('Disconnected');

    server.use(http.post(HOOK, () => HttpResponse.error()));
    await user.click(screen.getByRole('button', { name: 'Webhook Test' }));
    expect(await screen.findByText('Verbindungsfehler')).toBeInTheDocument();
    expect(screen.getByText('Webhook konnte nicht erreicht werden.')).toBeInTheDocument();
    expect(toastOf('Verbindungsfehler')).toHaveAttribute('data-type', 'error');
  });

  test('Webhook Test without an address: Fehler – Bitte geben Sie eine Webhook URL ein.', async () => {
    await patchSetting('workflowConfig', { webhookUrl: '' });
    const { user } = await renderPage();
    await user.click(screen.getByRole('button', { name: 'Webhook Test' }));
    expect(await screen.findByText('Bitte geben Sie eine Webhook URL ein.')).toBeInTheDocument();
    expect(toastOf('Fehler')).toHaveAttribute('data-type', 'error');
  });

  test('Status Check reads active, totalExecutions, successRate', async () => {
    server.use(
      http.get(`${HOOK}/status`, () => HttpResponse.json({ active: false, totalExecutions: 12, successRate: 75 })),
    );
    const { user } = await renderPage();
    await user.click(screen.getByRole('button', { name: 'Status Check' }));
    await waitFor(() =>
      expect(screen.getByTestId('status-result')).toHaveTextContent('Inaktiv · 12 Ausführungen · 75 % Erfolg'),
    );
    expect(screen.getByTestId('summary-total')).toHaveTextContent('12');
  });

  test('the four endpoints fill one by one; all pass: 4/4 Tests erfolgreich', async () => {
    const { user } = await renderPage();
    await user.click(screen.getByRole('button', { name: 'Test All Endpoints' }));
    await waitFor(() => expect(screen.getByTestId('endpoint-Webhook')).toHaveAttribute('data-status', 'success'));
    expect(screen.getByTestId('endpoint-Gateway')).toHaveAttribute('data-status', 'pending');
    expect(screen.getByTestId('endpoint-Media')).toHaveAttribute('data-status', 'pending');
    expect(await screen.findByText('Verbindungstests abgeschlossen', {}, { timeout: 4000 })).toBeInTheDocument();
    expect(toastOf('Verbindungstests abgeschlossen')).toHaveAttribute('data-type', 'success');
    expect(screen.getByTestId('connection-summary')).toHaveTextContent('4/4 Tests erfolgreich');
    expect(within(screen.getByTestId('endpoint-Status')).getByText(/\d+ ms/)).toBeInTheDocument();
  });

  test('a failing endpoint says HTTP {status} and the summary toast is destructive', async () => {
    server.use(http.post(`${HOOK}/gateway`, () => new HttpResponse(null, { status: 503 })));
    const { user } = await renderPage();
    await user.click(screen.getByRole('button', { name: 'Test All Endpoints' }));
    await waitFor(() => expect(screen.getByTestId('endpoint-Media')).toHaveAttribute('data-status', 'success'), {
      timeout: 4000,
    });
    expect(within(screen.getByTestId('endpoint-Gateway')).getByText('HTTP 503')).toBeInTheDocument();
    expect(screen.getByTestId('connection-summary')).toHaveTextContent('3/4 Tests erfolgreich');
    const toastEl = await waitFor(() => {
      const found = screen
        .getAllByText('3/4 Tests erfolgreich')
        .map((el) => el.closest('[data-sonner-toast]'))
        .find(Boolean);
      expect(found).toBeTruthy();
      return found;
    });
    expect(toastEl).toHaveAttribute('data-type', 'error');
    expect(toastEl).toHaveTextContent('Verbindungstests abgeschlossen');
  });

  test('a failing webhook row disconnects the workflow', async () => {
    server.use(http.post(HOOK, () => HttpResponse.error()));
    const { user } = await renderPage();
    await waitFor(() => expect(screen.getByTestId('connection-badge')).toHaveTextContent('Connected'));
    await user.click(screen.getByRole('button', { name: 'Test All Endpoints' }));
    await waitFor(() => expect(screen.getByTestId('endpoint-Media')).toHaveAttribute('data-status', 'success'), {
      timeout: 4000,
    });
    expect(within(screen.getByTestId('endpoint-Webhook')).getByText('Connection failed')).toBeInTheDocument();
    expect(screen.getByTestId('connection-badge')).toHaveTextContent('Disconnected');
  });

  test('fake timers: the next endpoint starts 500 ms later; a silent endpoint times out after 10000 ms', async () => {
    let gatewayCalls = 0;
    let statusCalls = 0;
    server.use(
      http.post(`${HOOK}/gateway`, () => {
        gatewayCalls += 1;
        return HttpResponse.json({});
      }),
      http.post(`${HOOK}/status`, async () => {
        statusCalls += 1;
        await delay(60_000);
        return HttpResponse.json({});
      }),
    );
    await renderPage();
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    try {
      fireEvent.click(screen.getByRole('button', { name: 'Test All Endpoints' }));
      for (
        let i = 0;
        i < 50 && screen.queryByTestId('endpoint-Webhook')?.getAttribute('data-status') !== 'success';
        i += 1
      )
        await act(() => vi.advanceTimersByTimeAsync(1));
      expect(gatewayCalls).toBe(0);
      await act(() => vi.advanceTimersByTimeAsync(440));
      expect(gatewayCalls).toBe(0);
      await act(() => vi.advanceTimersByTimeAsync(70));
      expect(gatewayCalls).toBe(1);
      for (let i = 0; i < 700 && statusCalls === 0; i += 1) await act(() => vi.advanceTimersByTimeAsync(1));
      expect(statusCalls).toBe(1);
      await act(() => vi.advanceTimersByTimeAsync(9_980));
      expect(screen.getByTestId('endpoint-Status')).toHaveAttribute('data-status', 'pending');
      await act(() => vi.advanceTimersByTimeAsync(30));
      expect(screen.getByTestId('endpoint-Status')).toHaveAttribute('data-status', 'error');
      expect(within(screen.getByTestId('endpoint-Status')).getByText('Connection timeout')).toBeInTheDocument();
    } finally {
      vi.useRealTimers();
    }
  });
});

describe('n8n Setup tab', () => {
  const upload = async (user: ReturnType<typeof userEvent.setup>, file: File) =>
    user.upload(screen.getByLabelText('Workflow JSON'), file);

  test('import errors: wrong type, unreadable, not an AI-News workflow (title Import-Fehler)', async () => {
    const { user } = await renderPage();
    await tab(user, /n8n Setup/);
    await upload(user, new File(['x'], 'notes.txt', { type: 'text/plain' }));
    expect(await screen.findByText('Bitte laden Sie eine gültige JSON-Datei hoch.')).toBeInTheDocument();
    expect(toastOf('Bitte laden Sie eine gültige JSON-Datei hoch.')).toHaveTextContent('Import-Fehler');
    await upload(user, new File(['{"nodes": [}'], 'broken.json', { type: 'application/json' }));
    expect(await screen.findByText('Die JSON-Datei konnte nicht gelesen werden.')).toBeInTheDocument();
    await upload(
      user,
      new File([JSON.stringify({ id: 'x', nodes: [{ type: 'n8n-nodes-base.code' }] })], 'other.json', {
        type: 'application/json',
      }),
    );
    expect(await screen.findByText('Kein gültiger AI-News Workflow gefunden')).toBeInTheDocument();
    expect(toastOf('Kein gültiger AI-News Workflow gefunden')).toHaveAttribute('data-type', 'error');
  });

  test('a valid import fills the webhook address and the workflow id from the file, and they survive a reload', async () => {
    await patchSetting('workflowConfig', { webhookUrl: '', workflowId: '', baseUrl: 'https://n8n.example.test' });
    const { user, unmount } = await renderPage();
    expect(screen.getByTestId('header-workflow-id')).toHaveTextContent('–');
    expect(screen.getByRole('button', { name: 'Run Workflow' })).toBeDisabled();
    await tab(user, /n8n Setup/);
    await upload(user, new File([EXAMPLE], 'ai-news.workflow.json', { type: 'application/json' }));
    expect(await screen.findByText('Workflow importiert')).toBeInTheDocument();
    expect(screen.getByLabelText('Webhook URL')).toHaveValue('https://n8n.example.test/webhook/ai-news');
    expect(screen.getByLabelText('Workflow ID')).toHaveValue('ai-news-workflow');
    // the backend keeps a copy: POST /workflow/n8n/upload, then GET /workflow/n8n/status/{id}
    await waitFor(() => expect(screen.getByTestId('backend-status')).toHaveTextContent('Backend: imported'));
    await waitFor(async () =>
      expect((await getSetting('workflowConfig')).webhookUrl).toBe('https://n8n.example.test/webhook/ai-news'),
    );
    expect(screen.getByTestId('header-workflow-id')).toHaveTextContent('ai-news-workflow');
    unmount();
    await renderPage();
    expect(screen.getByRole('button', { name: 'Run Workflow' })).toBeEnabled();
    expect(screen.getByTestId('header-workflow-id')).toHaveTextContent('ai-news-workflow');
  });

  test('a file naming another host asks first; the stored bearer key reaches that host only after confirming', async () => {
    const KEY = 'n8n-key-5e4d3c2b1a';
    await patchSetting('workflowConfig', { apiKey: KEY });
    const EVIL = 'https://other-n8n.example.net';
    const authorized: string[] = [];
    server.events.on('request:start', ({ request }) => {
      if (request.url.startsWith(EVIL) && request.headers.get('authorization'))
        authorized.push(`${request.method} ${request.url} ${request.headers.get('authorization')}`);
    });
    server.use(
      http.get(`${EVIL}/webhook/ai-news/status`, () =>
        HttpResponse.json({ active: true, totalExecutions: 1, successRate: 100 }),
      ),
    );
    const file = JSON.stringify({
      id: 'ai-news-workflow',
      name: 'Fremder Workflow',
      nodes: [
        {
          type: 'n8n-nodes-base.webhook',
          webhookUrl: `${EVIL}/webhook/ai-news`,
          parameters: { path: 'ai-news', httpMethod: 'POST' },
        },
        {
          type: 'n8n-nodes-base.webhook',
          webhookUrl: `${EVIL}/webhook/ai-news/status`,
          parameters: { path: 'ai-news/status', httpMethod: 'GET' },
        },
      ],
    });
    const { user } = await renderPage();
    await tab(user, /n8n Setup/);
    await upload(user, new File([file], 'fremd.json', { type: 'application/json' }));
    const dialog = await screen.findByRole('alertdialog', { name: 'Neue Hosts bestätigen' });
    const list = within(dialog).getByRole('list', { name: 'Host-Änderungen' });
    expect(list).toHaveTextContent('Webhook URL: n8n.newsdesk.demo → other-n8n.example.net');
    expect(list).toHaveTextContent('Status URL: n8n.newsdesk.demo → other-n8n.example.net');
    // Nothing changed yet: the old addresses are in force and no request with the key went to the new host.
    expect(screen.getByLabelText('Webhook URL')).toHaveValue(`${HOOK}`);
    expect((await getSetting('workflowConfig')).statusUrl).toBe(`${HOOK}/status`);
    expect(authorized).toEqual([]);

    await user.click(within(dialog).getByRole('button', { name: 'Hosts übernehmen' }));
    expect(await screen.findByText('Workflow importiert')).toBeInTheDocument();
    expect(screen.getByLabelText('Webhook URL')).toHaveValue(`${EVIL}/webhook/ai-news`);
    await waitFor(() => expect(authorized).toContain(`GET ${EVIL}/webhook/ai-news/status Bearer ${KEY}`));
    server.events.removeAllListeners();
  });

  test('Abbrechen keeps the old addresses and sends nothing to the new host', async () => {
    await patchSetting('workflowConfig', { apiKey: 'n8n-key-5e4d3c2b1a' });
    const seen: string[] = [];
    server.events.on('request:start', ({ request }) => {
      if (request.url.includes('other-n8n.example.net')) seen.push(request.url);
    });
    const file = JSON.stringify({
      id: 'ai-news-workflow',
      nodes: [
        {
          type: 'n8n-nodes-base.webhook',
          webhookUrl: 'https://other-n8n.example.net/webhook/ai-news/status',
          parameters: { path: 'ai-news/status' },
        },
      ],
    });
    const { user } = await renderPage();
    await tab(user, /n8n Setup/);
    await upload(user, new File([file], 'fremd.json', { type: 'application/json' }));
    const dialog = await screen.findByRole('alertdialog', { name: 'Neue Hosts bestätigen' });
    await user.click(within(dialog).getByRole('button', { name: 'Abbrechen' }));
    expect(await screen.findByText('Nichts übernommen – die bisherigen Adressen bleiben.')).toBeInTheDocument();
    expect((await getSetting('workflowConfig')).webhookUrl).toBe(HOOK);
    expect((await getSetting('workflowConfig')).statusUrl).toBe(`${HOOK}/status`);
    expect(seen).toEqual([]);
    server.events.removeAllListeners();
  });

  test('config and parameters are kept in Dexie; platforms toggle; the api key is masked', async () => {
    const { user, unmount } = await renderPage();
    await tab(user, /n8n Setup/);
    expect(screen.getByLabelText('Topic')).toHaveValue('Breaking News');
    expect(screen.getByLabelText('Language')).toHaveValue('de');
    expect(screen.getByLabelText('Urgency')).toHaveValue('normal');
    expect(screen.getByLabelText('Category')).toHaveValue('general');
    expect(screen.getByRole('button', { name: 'youtube' })).toHaveAttribute('aria-pressed', 'true');
    expect(screen.getByRole('button', { name: 'tiktok' })).toHaveAttribute('aria-pressed', 'false');
    await user.clear(screen.getByLabelText('Topic'));
    await user.click(screen.getByLabelText('Topic'));
    await user.paste('Wahl 2025');
    await user.selectOptions(screen.getByLabelText('Language'), 'fr');
    await user.selectOptions(screen.getByLabelText('Urgency'), 'urgent');
    await user.click(screen.getByRole('button', { name: 'tiktok' }));
    await user.click(screen.getByRole('button', { name: 'youtube' }));
    const key = screen.getByLabelText('API Key (optional)');
    expect(key).toHaveAttribute('type', 'password');
    await user.click(key);
    await user.paste('n8n-secret-key');
    await waitFor(async () =>
      expect((await getSetting('triggerParameters')).platforms).toEqual(['facebook', 'telegram', 'tiktok']),
    );
    unmount();
    const again = await renderPage();
    await tab(again.user, /n8n Setup/);
    expect(screen.getByLabelText('Topic')).toHaveValue('Wahl 2025');
    expect(screen.getByLabelText('Language')).toHaveValue('fr');
    expect(screen.getByLabelText('Urgency')).toHaveValue('urgent');
    expect(screen.getByLabelText('API Key (optional)')).toHaveValue('n8n-secret-key');
  }, 30_000);

  test('Start Workflow sends the stored parameters with a bearer key: Workflow ausgelöst', async () => {
    await putSetting('triggerParameters', {
      topic: 'Sport',
      language: 'en',
      voice: 'Max',
      platforms: ['tiktok'],
      urgency: 'high',
      category: 'tech',
    });
    await patchSetting('workflowConfig', { apiKey: 'n8n-secret-key' });
    let seen: { body: Record<string, unknown>; auth: string | null } | undefined;
    server.use(
      http.post(HOOK, async ({ request }) => {
        seen = { body: (await request.json()) as Record<string, unknown>, auth: request.headers.get('authorization') };
        return HttpResponse.json({ ok: true });
      }),
    );
    const { user } = await renderPage();
    await tab(user, /n8n Setup/);
    await user.click(screen.getByRole('button', { name: 'Start Workflow' }));
    expect(await screen.findByText('Workflow ausgelöst')).toBeInTheDocument();
    expect(seen?.body).toMatchObject({
      topic: 'Sport',
      language: 'en',
      voice: 'Max',
      platforms: ['tiktok'],
      urgency: 'high',
      category: 'tech',
      workflowId: 'ai-news-workflow',
      source: 'newsdesk-dashboard',
      version: '2.0',
    });
    expect(seen?.auth).toBe('Bearer n8n-secret-key');
    expect(screen.getByTestId('setup-status-badge')).toHaveTextContent('Aktiv');
  });

  test('Start Workflow failures: Workflow-Fehler; without an address: Fehler – Webhook URL ist erforderlich.', async () => {
    server.use(http.post(HOOK, () => new HttpResponse(null, { status: 500 })));
    const { user } = await renderPage();
    await tab(user, /n8n Setup/);
    await user.click(screen.getByRole('button', { name: 'Start Workflow' }));
    expect(await screen.findByText('Workflow-Fehler')).toBeInTheDocument();
    expect(screen.getByText('Der n8n Workflow konnte nicht ausgelöst werden.')).toBeInTheDocument();
    expect(screen.getByTestId('setup-status-badge')).toHaveTextContent('Fehler');
    await user.clear(screen.getByLabelText('Webhook URL'));
    await user.click(screen.getByRole('button', { name: 'Start Workflow' }));
    expect(await screen.findByText('Webhook URL ist erforderlich.')).toBeInTheDocument();
  });

  test('the documentation button opens the n8n docs in a new tab; the pipeline has five steps', async () => {
    const { user } = await renderPage();
    await tab(user, /n8n Setup/);
    const docs = screen.getByRole('link', { name: /n8n Documentation/ });
    expect(docs).toHaveAttribute('href', 'https://docs.n8n.io/');
    expect(docs).toHaveAttribute('target', '_blank');
    expect(
      within(screen.getByRole('list', { name: 'Pipeline' }))
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual(['Scraper→', 'AI Analyse→', 'TTS→', 'Video Gen→', 'Social Post']);
  });

  test('media upload: success, HTTP failure, network failure, and no address', async () => {
    const { user } = await renderPage();
    await tab(user, /n8n Setup/);
    // A real MP4 header (ftyp isom): the upload checks the type by the file's bytes.
    const mp4 = Uint8Array.from(
      [0, 0, 0, 0x18, ...'ftypisom']
        .map((c) => (typeof c === 'string' ? c.charCodeAt(0) : c))
        .concat(
          [0, 0, 2, 0],
          [...'isommp41'].map((c) => c.charCodeAt(0)),
        ),
    );
    const file = new File([mp4], 'clip.mp4', { type: 'video/mp4' });
    // jsdom never loads a media element, so the browser decode check would wait out its 5 s timeout (as long as the
    // findBy below may wait): here the element reports its metadata as a browser that plays MP4 does.
    vi.spyOn(HTMLMediaElement.prototype, 'src', 'set').mockImplementation(function (this: HTMLMediaElement) {
      queueMicrotask(() => this.dispatchEvent(new Event('loadedmetadata')));
    });
    await user.upload(screen.getByLabelText('Media file'), file);
    await user.click(screen.getByRole('button', { name: 'Upload Media' }));
    expect(await screen.findByText('Media hochgeladen')).toBeInTheDocument();
    expect(screen.getByTestId('upload-progress')).toHaveTextContent('100 %');

    server.use(http.post(`${HOOK}/media`, () => new HttpResponse(null, { status: 500 })));
    await user.click(screen.getByRole('button', { name: 'Upload Media' }));
    expect(await screen.findByText('Media Upload failed: 500')).toBeInTheDocument();
    expect(toastOf('Media Upload failed: 500')).toHaveTextContent('Upload Fehler');

    server.use(http.post(`${HOOK}/media`, () => HttpResponse.error()));
    await user.click(screen.getByRole('button', { name: 'Upload Media' }));
    expect(await screen.findByText('Media Upload fehlgeschlagen')).toBeInTheDocument();

    await user.clear(screen.getByLabelText('Media Upload URL'));
    await user.click(screen.getByRole('button', { name: 'Upload Media' }));
    expect(await screen.findByText('Media Upload URL ist nicht konfiguriert')).toBeInTheDocument();
  });

  test('media upload checks the file by content: text named .mp4 is refused and nothing is sent', async () => {
    let sent = 0;
    server.events.on('request:start', ({ request }) => {
      if (request.url.startsWith(`${HOOK}/media`)) sent += 1;
    });
    const { user } = await renderPage();
    await tab(user, /n8n Setup/);
    await user.upload(screen.getByLabelText('Media file'), new File(['kein Film'], 'clip.mp4', { type: 'video/mp4' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Dateityp wird nicht unterstützt. Erlaubt sind Video-, Audio- und Bilddateien.',
    );
    expect(screen.getByRole('button', { name: 'Upload Media' })).toBeDisabled();
    expect(sent).toBe(0);
    server.events.removeAllListeners();
  });
});

describe('API Services tab', () => {
  test('ten cards; a test goes testing → connected with API Test erfolgreich and ms', async () => {
    await putSetting('apiKeys', { openai: 'sk-openai-1234' });
    const { user } = await renderPage();
    await tab(user, /API Services/);
    expect(within(screen.getByRole('list', { name: 'API Services' })).getAllByRole('listitem')).toHaveLength(10);
    expect(screen.getByTestId('services-untested')).toHaveTextContent('10');
    await user.click(screen.getByRole('button', { name: 'OpenAI testen' }));
    expect(await screen.findByText('API Test erfolgreich')).toBeInTheDocument();
    expect(screen.getByText(/^OpenAI: \d+ ms$/)).toBeInTheDocument();
    expect(screen.getByTestId('service-openai')).toHaveAttribute('data-status', 'connected');
    expect(screen.getByTestId('services-connected')).toHaveTextContent('1');
    expect(screen.getByTestId('services-untested')).toHaveTextContent('9');
    expect(screen.getByTestId('services-average')).toHaveTextContent(/\d+ ms/);
  });

  test('HTTP failure: API Test fehlgeschlagen with HTTP {status}; network: API Verbindungsfehler', async () => {
    await putSetting('apiKeys', { telegram: '123:invalid' });
    server.use(http.get('https://api.pexels.com/v1/search', () => HttpResponse.error()));
    const { user } = await renderPage();
    await tab(user, /API Services/);
    await user.click(screen.getByRole('button', { name: 'Telegram Bot testen' }));
    expect(await screen.findByText('API Test fehlgeschlagen')).toBeInTheDocument();
    expect(screen.getByText('Telegram Bot: HTTP 401')).toBeInTheDocument();
    expect(screen.getByTestId('service-telegram')).toHaveAttribute('data-status', 'error');
    await user.click(screen.getByRole('button', { name: 'Pexels testen' }));
    expect(await screen.findByText('API Verbindungsfehler')).toBeInTheDocument();
    expect(screen.getByTestId('services-errors')).toHaveTextContent('2');
  });

  test('show/hide credentials', async () => {
    await putSetting('apiKeys', { elevenlabs: 'el-secret-9876' });
    const { user } = await renderPage();
    await tab(user, /API Services/);
    await waitFor(() => expect(screen.getByTestId('service-key-elevenlabs')).toHaveTextContent('9876'));
    expect(screen.getByTestId('service-key-elevenlabs')).not.toHaveTextContent('el-secret-9876');
    await user.click(screen.getByRole('button', { name: 'Show Credentials' }));
    expect(screen.getByTestId('service-key-elevenlabs')).toHaveTextContent('el-secret-9876');
    await user.click(screen.getByRole('button', { name: 'Hide Credentials' }));
    expect(screen.getByTestId('service-key-elevenlabs')).not.toHaveTextContent('el-secret-9876');
  });

  test('Test All runs all ten one after another: Alle API Tests abgeschlossen', async () => {
    const { user } = await renderPage();
    await tab(user, /API Services/);
    await user.click(screen.getByRole('button', { name: 'Test All' }));
    await waitFor(() => expect(screen.getByTestId('service-tavus')).toHaveAttribute('data-status', 'connected'));
    expect(screen.getByTestId('service-facebook')).toHaveAttribute('data-status', 'disconnected');
    // Nine 500 ms pauses alone take 4.5 s: the wait leaves room for a loaded CI machine.
    expect(await screen.findByText('Alle API Tests abgeschlossen', {}, { timeout: 15_000 })).toBeInTheDocument();
    expect(screen.getByTestId('services-connected')).toHaveTextContent('10');
  }, 30_000);
});

describe('Monitoring tab', () => {
  test('pipeline steps, variables, last runs with Logs and Retry only on failed runs', async () => {
    const { user } = await renderPage();
    await tab(user, /Monitoring/);
    expect(await screen.findByText('Last 5 Runs')).toBeInTheDocument();
    expect(screen.getByTestId('step-scraper')).toHaveTextContent('Scraper');
    expect(screen.getByText('SCRAPE_INTERVAL')).toBeInTheDocument();
    expect(screen.getAllByRole('button', { name: /^Retry / })).toHaveLength(1);
    expect(screen.getByRole('button', { name: 'Retry run-1004' })).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Logs run-1004' }));
    expect(await screen.findByTestId('run-log')).toHaveTextContent('Video Gen: Zeitüberschreitung beim Anbieter');
    await user.keyboard('{Escape}');
    await user.click(screen.getByRole('button', { name: 'Retry run-1004' }));
    expect(await screen.findByText('Workflow ausgelöst')).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('button', { name: 'Retry run-1004' })).not.toBeInTheDocument());
  });

  test('manual triggers call the workflow webhook with an action', async () => {
    const actions: unknown[] = [];
    server.use(
      http.post(HOOK, async ({ request }) => {
        actions.push(((await request.json()) as { action?: string }).action);
        return HttpResponse.json({});
      }),
    );
    const { user } = await renderPage();
    await tab(user, /Monitoring/);
    await user.click(screen.getByRole('button', { name: 'Force Scrape' }));
    expect(await screen.findByText('Scraping erzwungen')).toBeInTheDocument();
    await user.selectOptions(screen.getByLabelText('Voice'), 'Sophie');
    await user.click(screen.getByRole('button', { name: 'Change Voice' }));
    expect(await screen.findByText('Stimme: Sophie')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Regenerate Video' }));
    await waitFor(() => expect(actions).toEqual(['force_scrape', 'change_voice', 'regenerate_video']));
  });

  test('a failed manual trigger: Workflow Fehler with the message', async () => {
    server.use(http.post(HOOK, () => new HttpResponse(null, { status: 502, statusText: 'Bad Gateway' })));
    const { user } = await renderPage();
    await tab(user, /Monitoring/);
    await user.click(screen.getByRole('button', { name: 'Force Scrape' }));
    expect(await screen.findByText('Workflow Fehler')).toBeInTheDocument();
    expect(screen.getByText('n8n Webhook failed: 502 Bad Gateway')).toBeInTheDocument();
  });

  test('reads GET /workflow/logs/{workflowId}?limit=10 and retries through POST /workflow/retry/{runId} with an Idempotency-Key', async () => {
    const calls: Array<{ method: string; path: string; key: string | null }> = [];
    server.events.on('request:start', ({ request }) => {
      const url = new URL(request.url);
      if (url.pathname.includes('/api/workflow/logs/') || url.pathname.includes('/api/workflow/retry/')) {
        calls.push({
          method: request.method,
          path: `${url.pathname}${url.search}`,
          key: request.headers.get('Idempotency-Key'),
        });
      }
    });
    try {
      const { user } = await renderPage();
      await tab(user, /Monitoring/);
      expect(await screen.findByText('Last 5 Runs')).toBeInTheDocument();
      expect(calls[0]).toMatchObject({ method: 'GET', key: null });
      expect(calls[0].path).toMatch(/^\/api\/workflow\/logs\/[^/?]+\?limit=10$/);
      await user.click(screen.getByRole('button', { name: 'Retry run-1004' }));
      expect(await screen.findByText('Workflow ausgelöst')).toBeInTheDocument();
      const retry = calls.find((c) => c.method === 'POST');
      expect(retry).toMatchObject({ path: '/api/workflow/retry/run-1004' });
      expect(retry?.key).toMatch(/^[0-9a-f-]{36}$/);
    } finally {
      server.events.removeAllListeners();
    }
  });

  test('a failed retry: Workflow Fehler with the message', async () => {
    server.use(
      http.post('*/api/workflow/retry/:id', () =>
        HttpResponse.json({ message: 'Run nicht gefunden' }, { status: 404 }),
      ),
    );
    const { user } = await renderPage();
    await tab(user, /Monitoring/);
    await user.click(await screen.findByRole('button', { name: 'Retry run-1004' }));
    expect(await screen.findByText('Workflow Fehler')).toBeInTheDocument();
    expect(
      screen.getByText('API request failed with status 404: {"message":"Run nicht gefunden"}'),
    ).toBeInTheDocument();
  });

  test('the run history heading counts the runs it shows: "Last 5 Runs", not SPEC §2\'s "last 10" over five items; ten read as "Last 10 Runs"', async () => {
    const { user } = await renderPage();
    await tab(user, /Monitoring/);
    expect(await screen.findByText('Last 5 Runs')).toBeInTheDocument();
    expect(screen.queryByText(/last 10/i)).not.toBeInTheDocument();
    const runs = Array.from({ length: 10 }, (_, i) => ({
      id: `run-${2000 + i}`,
      timestamp: `2024-01-15T1${i}:00:00Z`,
      status: 'success',
      duration: '2m',
      topic: `Thema ${i}`,
    }));
    server.use(http.get('*/api/workflow/logs/:id', () => HttpResponse.json(runs)));
    await user.click(await screen.findByRole('button', { name: /^Retry run-/ }));
    expect(await screen.findByText('Last 10 Runs')).toBeInTheDocument();
  });

  test('logs that break the contract: the German error state names the call and the field', async () => {
    server.use(
      http.get('*/api/workflow/logs/:id', () =>
        HttpResponse.json([{ id: 'run-1', timestamp: 'x', status: 'unterwegs', duration: '1m', topic: 'KI' }]),
      ),
    );
    const { user } = await renderPage();
    await tab(user, /Monitoring/);
    expect(await screen.findByText('Ausführungen konnten nicht geladen werden.', { exact: false })).toBeInTheDocument();
    expect(
      screen.getByText(
        /^Unerwartete Antwort von GET \/workflow\/logs\/[^:]+: \[0\]\.status: erwartet einen von: success, failed, rejected$/,
      ),
    ).toBeInTheDocument();
  });

  test("Live-Pipeline (demo): the latest run's five stages; a run started through the server moves on stage by stage", async () => {
    const { user } = await renderPage();
    await tab(user, /Monitoring/);
    const stage = (name: string) => screen.getByTestId(`live-stage-${name}`);
    expect(await screen.findByText('Live-Pipeline')).toBeInTheDocument();
    await waitFor(() => expect(screen.getByTestId('live-run-status')).toHaveTextContent('Erfolgreich'));
    for (const name of ['Scraper', 'AI Analyse', 'TTS', 'Video Gen', 'Social Post']) {
      expect(stage(name)).toHaveTextContent('Fertig');
      expect(stage(name)).toHaveTextContent('1,5 s');
    }
    await user.click(screen.getByRole('button', { name: 'Run über den Server starten' }));
    expect(await screen.findByText('Workflow ausgelöst')).toBeInTheDocument();
    await waitFor(() => expect(stage('Scraper')).toHaveAttribute('data-state', 'started'));
    expect(stage('Scraper')).toHaveTextContent('Läuft');
    expect(stage('AI Analyse')).toHaveTextContent('Wartend');
    expect(screen.getByTestId('live-run-status')).toHaveTextContent('Läuft');
    // The demo stage takes 1.5 s; the timeline is read again every second while a run is running.
    await waitFor(() => expect(stage('Scraper')).toHaveAttribute('data-state', 'finished'), { timeout: 10_000 });
    await waitFor(() => expect(stage('AI Analyse')).toHaveAttribute('data-state', 'started'), { timeout: 10_000 });
  });

  test('empty logs: Last 0 Runs and the empty text', async () => {
    server.use(http.get('*/api/workflow/logs/:id', () => HttpResponse.json([])));
    const { user } = await renderPage();
    await tab(user, /Monitoring/);
    expect(await screen.findByText('Noch keine Ausführungen.')).toBeInTheDocument();
    expect(screen.getByText('Last 0 Runs')).toBeInTheDocument();
  });
});

describe('mock scenarios', () => {
  test("'error': the demo webhook answers 500", async () => {
    applyScenario('error');
    const { user } = await renderPage();
    await user.click(screen.getByRole('button', { name: 'Run Workflow' }));
    expect(await screen.findByText('HTTP 500: Internal Server Error')).toBeInTheDocument();
    expect(screen.getByTestId('summary-status')).toHaveTextContent('Fehler');
  });

  test("'empty': no runs", async () => {
    applyScenario('empty');
    const { user } = await renderPage();
    await tab(user, /Monitoring/);
    expect(await screen.findByText('Last 0 Runs')).toBeInTheDocument();
    await waitFor(() => expect(screen.getByTestId('summary-total')).toHaveTextContent('0'));
  });
});
