import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { toast } from 'sonner';
import { patchSetting } from '@/db/settings';
import { getConfig, setConfig } from '@/lib/config';
import { server } from '@/mocks/node';
import { lazyPanelsLoaded, renderWithProviders } from '../../../../tests/render';
import { WorkflowPage } from './workflow-page';
import { setOperatorToken } from '@/lib/operator-token';

// On a live desk every start goes through the Newsdesk server (which records the run and hands n8n the run id,
// callback and run token); the demo keeps SPEC §7's direct webhook POST. The SPEC §8 toasts are the same in both.
const HOOK = 'https://n8n.newsdesk.demo/webhook/ai-news';
const initialConfig = getConfig();

/** Every request the page sends, as 'METHOD pathname' (webhook and /api alike). */
function recordRequests(): string[] {
  const seen: string[] = [];
  const listener = ({ request }: { request: Request }) => {
    seen.push(`${request.method} ${new URL(request.url).host}${new URL(request.url).pathname}`);
  };
  server.events.on('request:start', listener);
  onTestFinished(() => server.events.removeListener('request:start', listener));
  return seen;
}

async function renderPage() {
  const user = userEvent.setup();
  renderWithProviders(<WorkflowPage />);
  await screen.findByRole('button', { name: 'Run Workflow' }, { timeout: 5000 });
  return user;
}

afterEach(() => {
  toast.dismiss();
  setConfig(initialConfig);
});

test('live desk: the header button starts the run through POST /workflow/ai-news/start, never the webhook; the run shows in Live-Pipeline', async () => {
  setConfig({ ...initialConfig, apiMode: 'live' });
  setOperatorToken('token-fuer-den-test-0123');
  const bodies: unknown[] = [];
  server.events.on('request:start', ({ request }) => {
    if (request.url.endsWith('/api/workflow/ai-news/start'))
      void request
        .clone()
        .json()
        .then((b) => bodies.push(b));
  });
  onTestFinished(() => server.events.removeAllListeners('request:start'));
  const requests = recordRequests();
  const user = await renderPage();
  await user.click(screen.getByRole('button', { name: 'Run Workflow' }));
  expect(await screen.findByText('n8n Workflow gestartet')).toBeInTheDocument();
  expect(screen.getByText(/^Ausführung run-\d+ · Breaking News$/)).toBeInTheDocument();
  expect(requests.filter((r) => r.startsWith('POST ') && r.endsWith('/api/workflow/ai-news/start'))).toHaveLength(1);
  expect(requests.filter((r) => r.includes('n8n.newsdesk.demo/webhook/ai-news') && r.startsWith('POST'))).toEqual([]);
  expect(bodies[0]).toMatchObject({
    topic: 'Breaking News',
    language: 'de',
    workflowId: 'ai-news-workflow',
    source: 'newsdesk-dashboard',
    version: '2.0',
  });
  expect(screen.getByTestId('summary-status')).toHaveTextContent('Aktiv');
  // The run the server recorded is the latest one in the Monitoring tab's Live-Pipeline.
  await user.click(screen.getByRole('tab', { name: /Monitoring/ }));
  await lazyPanelsLoaded();
  await waitFor(() => expect(screen.getByTestId('live-run-status')).toHaveTextContent('Läuft'));
  expect(screen.getByText(/Letzter Run: Breaking News/)).toBeInTheDocument();
});

test('demo: the header button still POSTs the webhook (SPEC §7) and not the server', async () => {
  const requests = recordRequests();
  const user = await renderPage();
  await user.click(screen.getByRole('button', { name: 'Run Workflow' }));
  expect(await screen.findByText('n8n Workflow gestartet')).toBeInTheDocument();
  expect(requests).toContain('POST n8n.newsdesk.demo/webhook/ai-news');
  expect(requests.some((r) => r.endsWith('/api/workflow/ai-news/start'))).toBe(false);
});

test('live desk: a server that refuses the start shows the SPEC toast with its German reason; the workflow is in error', async () => {
  setConfig({ ...initialConfig, apiMode: 'live' });
  setOperatorToken('token-fuer-den-test-0123');
  server.use(
    http.post('*/api/workflow/ai-news/start', () =>
      HttpResponse.json({ message: 'n8n ist nicht konfiguriert.', code: 'not_configured' }, { status: 503 }),
    ),
    http.post(HOOK, () => HttpResponse.json({ executionId: 'must-not-be-used' })),
  );
  const user = await renderPage();
  await user.click(screen.getByRole('button', { name: 'Run Workflow' }));
  expect(await screen.findByText('n8n Verbindung fehlgeschlagen')).toBeInTheDocument();
  expect(screen.getByText('HTTP 503: n8n ist nicht konfiguriert.')).toBeInTheDocument();
  expect(screen.getByTestId('summary-status')).toHaveTextContent('Fehler');
  expect(screen.getByTestId('connection-badge')).toHaveTextContent('Disconnected');
});

test('live desk: n8n Setup → Start Workflow and the manual triggers go through the server too', async () => {
  setConfig({ ...initialConfig, apiMode: 'live' });
  setOperatorToken('token-fuer-den-test-0123');
  const actions: unknown[] = [];
  server.events.on('request:start', ({ request }) => {
    if (/\/api\/workflow\/trigger\/ai-news-workflow$/.test(request.url))
      void request
        .clone()
        .json()
        .then((b: { action?: string }) => actions.push(b.action));
  });
  onTestFinished(() => server.events.removeAllListeners('request:start'));
  const requests = recordRequests();
  const user = await renderPage();
  await user.click(screen.getByRole('tab', { name: /n8n Setup/ }));
  await lazyPanelsLoaded();
  await user.click(await screen.findByRole('button', { name: 'Start Workflow' }));
  expect(await screen.findByText('Workflow ausgelöst')).toBeInTheDocument();
  await user.click(screen.getByRole('tab', { name: /Monitoring/ }));
  await lazyPanelsLoaded();
  await user.click(await screen.findByRole('button', { name: 'Force Scrape' }));
  expect(await screen.findByText('Scraping erzwungen')).toBeInTheDocument();
  await waitFor(() => expect(actions).toEqual(['force_scrape']));
  expect(requests.filter((r) => r.endsWith('/api/workflow/ai-news/start'))).toHaveLength(1);
  expect(requests.filter((r) => r.startsWith('POST n8n.newsdesk.demo'))).toEqual([]);
});

test('live desk without a webhook address: the server starts the runs; header, Start Workflow and the manual triggers refuse nothing', async () => {
  setConfig({ ...initialConfig, apiMode: 'live' });
  setOperatorToken('token-fuer-den-test-0123');
  await patchSetting('workflowConfig', { webhookUrl: '' });
  const requests = recordRequests();
  const user = await renderPage();
  const header = screen.getByRole('button', { name: 'Run Workflow' });
  expect(header).toBeEnabled();
  await user.click(header);
  expect(await screen.findByText('n8n Workflow gestartet')).toBeInTheDocument();
  await user.click(screen.getByRole('tab', { name: /n8n Setup/ }));
  await lazyPanelsLoaded();
  await user.click(await screen.findByRole('button', { name: 'Start Workflow' }));
  expect(await screen.findByText('Workflow ausgelöst')).toBeInTheDocument();
  await user.click(screen.getByRole('tab', { name: /Monitoring/ }));
  await lazyPanelsLoaded();
  await user.click(await screen.findByRole('button', { name: 'Force Scrape' }));
  expect(await screen.findByText('Scraping erzwungen')).toBeInTheDocument();
  expect(screen.queryByText('Webhook URL ist erforderlich.')).toBeNull();
  await waitFor(() =>
    expect(
      requests.filter((r) => r.startsWith('POST ') && /\/api\/workflow\/(ai-news\/start|trigger\/)/.test(r)),
    ).toHaveLength(3),
  );
});

test('demo without a webhook address: the header button is disabled, Start Workflow and Force Scrape give the SPEC failure toast and send nothing', async () => {
  await patchSetting('workflowConfig', { webhookUrl: '' });
  const requests = recordRequests();
  const user = await renderPage();
  expect(screen.getByRole('button', { name: 'Run Workflow' })).toBeDisabled();
  await user.click(screen.getByRole('tab', { name: /n8n Setup/ }));
  await lazyPanelsLoaded();
  await user.click(await screen.findByRole('button', { name: 'Start Workflow' }));
  expect(await screen.findByText('Webhook URL ist erforderlich.')).toBeInTheDocument();
  toast.dismiss();
  await waitFor(() => expect(screen.queryByText('Webhook URL ist erforderlich.')).toBeNull());
  await user.click(screen.getByRole('tab', { name: /Monitoring/ }));
  await lazyPanelsLoaded();
  await user.click(await screen.findByRole('button', { name: 'Force Scrape' }));
  expect(await screen.findByText('Webhook URL ist erforderlich.')).toBeInTheDocument();
  expect(requests.filter((r) => r.startsWith('POST '))).toEqual([]);
});
