import { useQuery } from '@tanstack/react-query';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { WorkflowPage } from '@/features/workflow';
import { getConfig, setConfig } from '@/lib/config';
import { obsInstancesQuery } from '@/lib/obs';
import { setOperatorToken } from '@/lib/operator-token';
import { server } from '@/mocks/node';
import { renderWithProviders } from '../../tests/render';
import { LiveDesk } from './live-desk';

// The server's event stream refreshes only what an event concerns — a run's stage event the runs, their
// history, the pipeline and the overview (not the browser's own n8n status check); an OBS connection event the OBS list.
class FakeSource {
  static all: FakeSource[] = [];
  listeners = new Map<string, (event: MessageEvent<string>) => void>();
  onerror: (() => void) | null = null;
  constructor(readonly url: string) {
    FakeSource.all.push(this);
  }
  addEventListener(type: string, listener: (event: MessageEvent<string>) => void) {
    this.listeners.set(type, listener);
  }
  close() {}
  emit(type: string, data: unknown) {
    this.listeners.get(type)?.({ data: JSON.stringify(data) } as MessageEvent<string>);
  }
}

const initialConfig = getConfig();
let requests: string[] = [];
const count = (part: string) => requests.filter((r) => r.includes(part)).length;

beforeEach(() => {
  setConfig({ ...initialConfig, apiMode: 'live' });
  setOperatorToken('token-0123456789abcdef');
  vi.stubGlobal('EventSource', FakeSource);
  server.use(
    http.post('*/api/events/ticket', () => HttpResponse.json({ ticket: 't-1', expiresInMs: 60_000 }, { status: 201 })),
  );
  requests = [];
  const listener = ({ request }: { request: Request }) => {
    requests.push(`${request.method} ${new URL(request.url).host}${new URL(request.url).pathname}`);
  };
  server.events.on('request:start', listener);
  onTestFinished(() => server.events.removeListener('request:start', listener));
});
afterEach(() => {
  FakeSource.all = [];
  vi.unstubAllGlobals();
  setConfig(initialConfig);
});

function ObsInstancesProbe() {
  const list = useQuery(obsInstancesQuery());
  return <p data-testid="obs-instances">{list.data?.length ?? '–'}</p>;
}

test('a workflow event refetches runs, logs, pipeline and overview, and not the n8n status address', async () => {
  const user = userEvent.setup();
  const { queryClient } = renderWithProviders(
    <>
      <LiveDesk />
      <WorkflowPage />
    </>,
  );
  await user.click(await screen.findByRole('tab', { name: /Monitoring/ }, { timeout: 5000 }));
  await screen.findByText('Live-Pipeline');
  await waitFor(() => expect(FakeSource.all).toHaveLength(1));
  await waitFor(() => expect(queryClient.isFetching()).toBe(0));
  queryClient.setQueryData(['dashboard', 'dashboard.overview'], { stale: true });
  const before = {
    status: count('/webhook/ai-news/status'),
    runs: count('/api/workflow/runs'),
    logs: count('/api/workflow/logs/'),
    pipeline: count('/api/workflow/pipeline'),
  };
  expect(before.status).toBeGreaterThan(0);

  FakeSource.all[0].emit('change', { topic: 'workflow', action: 'updated', id: 'run-1' });
  // Every refetch an event starts is under way at once; when none is left, all of them have been sent.
  await waitFor(() => expect(count('/api/workflow/runs')).toBe(before.runs + 1));
  await waitFor(() => expect(queryClient.isFetching()).toBe(0));
  expect(count('/api/workflow/logs/')).toBe(before.logs + 1);
  // (The pipeline is also read every 5 s while the tab is open, so at least once more.)
  expect(count('/api/workflow/pipeline')).toBeGreaterThanOrEqual(before.pipeline + 1);
  expect(count('/webhook/ai-news/status')).toBe(before.status);
  expect(queryClient.getQueryState(['dashboard', 'dashboard.overview'])?.isInvalidated).toBe(true);
});

test("an OBS connection event refetches the server's OBS list, a scene event nothing", async () => {
  const { queryClient } = renderWithProviders(
    <>
      <LiveDesk />
      <ObsInstancesProbe />
    </>,
  );
  await waitFor(() => expect(screen.getByTestId('obs-instances')).toHaveTextContent('1'));
  await waitFor(() => expect(FakeSource.all).toHaveLength(1));
  const before = count('/api/obs/instances');

  FakeSource.all[0].emit('obs', { type: 'scene', instance: 'Studio', sceneName: 'intro' });
  await waitFor(() => expect(queryClient.isFetching()).toBe(0));
  expect(count('/api/obs/instances')).toBe(before);

  FakeSource.all[0].emit('obs', { type: 'connection', instance: 'Studio', state: 'connected' });
  await waitFor(() => expect(count('/api/obs/instances')).toBe(before + 1));
  await waitFor(() => expect(queryClient.isFetching()).toBe(0));
  expect(
    requests.filter((r) => r.includes('/api/') && !r.includes('/obs/instances') && !r.includes('/events/ticket')),
  ).toEqual([]);
});
