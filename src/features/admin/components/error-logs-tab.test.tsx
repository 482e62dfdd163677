import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { afterEach, describe, expect, test, vi } from 'vitest';
import { db } from '@/db/db';
import { listErrors, recordError } from '@/db/error-log';
import { getSetting } from '@/db/settings';
import { ApiError } from '@/lib/http/api-error';
import { execute } from '@/lib/resilience/execute';
import { getRetrySettings } from '@/lib/resilience/retry';
import { registerSecret } from '@/lib/security/redact';
import { server } from '@/mocks/node';
import { renderWithProviders } from '../../../../tests/render';
import { ErrorLogsTab } from './error-logs-tab';

afterEach(() => {
  vi.restoreAllMocks();
  vi.useRealTimers();
});

const entries = () => screen.queryAllByTestId('error-entry');

async function captureDownload(click: () => Promise<void>): Promise<{ name: string; text: string }> {
  let blob: Blob | undefined;
  let name = '';
  vi.spyOn(URL, 'createObjectURL').mockImplementation((b) => {
    blob = b as Blob;
    return 'blob:test';
  });
  vi.spyOn(URL, 'revokeObjectURL').mockImplementation(() => undefined);
  vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
    name = this.download;
  });
  await click();
  await waitFor(() => expect(blob).toBeDefined());
  return { name, text: await (blob as Blob).text() };
}

describe('Error Logs', () => {
  test('identical failures show as one entry with how often and since when', async () => {
    const clock = vi.spyOn(Date, 'now');
    const t0 = new Date(2024, 2, 5, 9, 15, 0).getTime();
    await recordError({ service: 'tavus', error: 'other failure' });
    for (let i = 0; i < 3; i++) {
      clock.mockReturnValue(t0 + i * 60_000);
      await recordError({ service: 'heygen', error: 'API request failed with status 503: down' });
    }
    clock.mockRestore();
    renderWithProviders(<ErrorLogsTab />);
    await waitFor(() => expect(entries()).toHaveLength(2));
    const [folded, other] = entries();
    expect(folded).toHaveTextContent('API request failed with status 503: down');
    expect(within(folded).getByTestId('entry-count')).toHaveTextContent('3× aufgetreten, zuerst 05.03.24, 09:15:00');
    expect(folded).toHaveTextContent('zuletzt 05.03.24, 09:17:00');
    expect(within(other).queryByTestId('entry-count')).toBeNull();
  });

  test('lists entries newest first with service, error, time, retry count and Active/Resolved, and counts them', async () => {
    await recordError({ service: 'tavus', error: 'first failure', retryCount: 2 });
    const id = await recordError({ service: 'heygen', error: 'second failure', retryCount: 1 });
    await recordError({ service: 'tavus', error: 'third failure', retryCount: 0 });
    const { resolveError } = await import('@/db/error-log');
    await resolveError(id);
    renderWithProviders(<ErrorLogsTab />);
    await waitFor(() => expect(entries()).toHaveLength(3));
    const [a, b, c] = entries();
    expect(a).toHaveTextContent('third failure');
    expect(a).toHaveTextContent('Tavus');
    expect(a).toHaveTextContent('Active');
    expect(a).toHaveTextContent('Retries: 0');
    expect(b).toHaveTextContent('second failure');
    expect(b).toHaveTextContent('Resolved');
    expect(within(b).queryByRole('button', { name: /Retry/ })).toBeNull();
    expect(c).toHaveTextContent('Retries: 2');
    expect(a).toHaveTextContent(/\d\d\.\d\d\.\d\d, \d\d:\d\d:\d\d/);
    expect(screen.getByTestId('count-total')).toHaveTextContent('3');
    expect(screen.getByTestId('count-active')).toHaveTextContent('2');
    expect(screen.getByTestId('count-resolved')).toHaveTextContent('1');
    expect(screen.getByTestId('count-24h')).toHaveTextContent('3');
    expect(screen.getByTestId('count-retries')).toHaveTextContent('3');
    expect(screen.getByTestId('by-service-tavus')).toHaveTextContent('Tavus: 2');
    expect(screen.getByTestId('by-service-heygen')).toHaveTextContent('HeyGen: 1');
  });

  test('keeps at most 100 entries in a list that scrolls at 24 rem', async () => {
    for (let i = 0; i < 103; i += 1) await recordError({ service: 'did', error: `failure ${i}` });
    renderWithProviders(<ErrorLogsTab />);
    await waitFor(() => expect(entries()).toHaveLength(100));
    expect(entries()[0]).toHaveTextContent('failure 102');
    expect(screen.getByTestId('error-list').className).toContain('max-h-[24rem]');
    expect(screen.getByTestId('error-list').className).toContain('overflow-y-auto');
  });

  test('updates live when a failure is recorded while the tab is open', async () => {
    renderWithProviders(<ErrorLogsTab />);
    expect(await screen.findByText('Keine Fehler protokolliert.')).toBeInTheDocument();
    await act(async () => {
      await recordError({ service: 'openai', error: 'late failure' });
    });
    await waitFor(() => expect(entries()).toHaveLength(1));
  });

  // Answers that meet the /api contract (the re-run checks them like any call).
  const NEWS = {
    id: 'n-9',
    title: 'KI',
    source: 'Reuters',
    category: 'Technologie',
    status: 'draft',
    createdAt: '2026-11-23T10:00:00Z',
    publishedAt: null,
    views: 0,
    engagement: 0,
  };
  const RUN = { id: 'run-3', timestamp: '2026-11-23T10:00:00Z', status: 'success', duration: '1m 20s', topic: 'KI' };
  const PROJECT = {
    id: 'vp-4',
    title: 'Video',
    status: 'processing',
    progress: 0,
    avatar: 'anna',
    platform: 'heygen',
    duration: '0:30',
    createdAt: '2026-11-23T10:00:00Z',
    url: null,
  };

  test('Retry re-runs a recorded operation (news.publish) and resolves the entry on success', async () => {
    const calls: string[] = [];
    server.use(
      http.post('*/api/news/:id/publish', ({ params }) => {
        calls.push(String(params.id));
        return HttpResponse.json({ ...NEWS, id: params.id, status: 'published', publishedAt: '2026-11-23T11:00:00Z' });
      }),
    );
    await recordError({
      service: 'news',
      error: 'API request failed with status 500: x',
      retryCount: 3,
      operation: { kind: 'news.publish', args: 'n-7' },
    });
    const user = userEvent.setup();
    renderWithProviders(<ErrorLogsTab />);
    await waitFor(() => expect(entries()).toHaveLength(1));
    await user.click(screen.getByRole('button', { name: 'Retry news' }));
    expect(await screen.findByText('Erneuter Versuch erfolgreich')).toBeInTheDocument();
    await waitFor(() => expect(entries()[0]).toHaveTextContent('Resolved'));
    expect(entries()[0]).toHaveTextContent('Retries: 4');
    expect(calls).toEqual(['n-7']);
    expect(await listErrors()).toHaveLength(1);
  });

  test.each([
    ['news.retry', 'n-9', 'POST /api/news/n-9/retry'],
    [
      'api.call',
      { id: 'workflow.trigger', params: { id: 'wf-1' }, body: { topic: 'x' } },
      'POST /api/workflow/trigger/wf-1',
    ],
    ['api.call', { id: 'workflow.retry', params: { id: 'run-3' } }, 'POST /api/workflow/retry/run-3'],
    ['api.call', { id: 'telegram.notify', body: { message: 'Live!' } }, 'POST /api/telegram/notify'],
    ['video.generate', { provider: 'heygen', body: { script: 's' } }, 'POST /api/video/generate'],
    ['video.retry', { id: 'vp-4', platform: 'modelslab' }, 'POST /api/video/modelslab/generate'],
    ['video.retry', { id: 'vp-5', platform: 'tavus' }, 'POST /api/video/tavus/create'],
    ['video.retry', { id: 'vp-6', platform: 'local' }, 'POST /api/video/projects/vp-6/retry'],
    ['video.retry', 'vp-4', 'POST /api/video/projects/vp-4/retry'],
    [
      'api.request',
      { method: 'PUT', path: '/social/templates/t-1', json: { id: 't-1' } },
      'PUT /api/social/templates/t-1',
    ],
    [
      'api.request',
      { method: 'GET', path: '/workflow/logs/wf-1', query: { limit: 10 } },
      'GET /api/workflow/logs/wf-1?limit=10',
    ],
    ['health.check', 'vidau', 'GET /api/health/vidau'],
    ['tts.generate', { text: 'Hallo', provider: 'azure', options: {} }, 'POST /api/tts/generate'],
    ['service.test', 'pexels', 'GET /api/test/pexels'],
  ])('Retry re-runs %s through the same call', async (kind, args, expected) => {
    const seen: string[] = [];
    const note = ({ request }: { request: Request }) => {
      const url = new URL(request.url);
      seen.push(`${request.method} ${url.pathname}${url.search}`);
      if (url.pathname.startsWith('/api/news/')) return HttpResponse.json(NEWS);
      if (url.pathname.startsWith('/api/workflow/retry/')) return HttpResponse.json(RUN);
      if (url.pathname.startsWith('/api/video/')) return HttpResponse.json(PROJECT);
      return HttpResponse.json({ ok: true, success: true });
    };
    server.use(http.post('*/api/*', note), http.get('*/api/*', note), http.put('*/api/*', note));
    await recordError({ service: 'svc', error: 'boom', operation: { kind, args } });
    const user = userEvent.setup();
    renderWithProviders(<ErrorLogsTab />);
    await waitFor(() => expect(entries()).toHaveLength(1));
    await user.click(screen.getByRole('button', { name: 'Retry svc' }));
    await waitFor(() => expect(entries()[0]).toHaveTextContent('Resolved'));
    expect(seen).toEqual([expected]);
  });

  test('Retry re-sends a failed call to an operator address (webhook.call), with the workflow key read from the settings', async () => {
    const seen: Array<{ body: unknown; auth: string | null }> = [];
    server.use(
      http.post('https://hooks.example.test/video', async ({ request }) => {
        seen.push({ body: await request.json(), auth: request.headers.get('authorization') });
        return HttpResponse.json({});
      }),
    );
    await db.settings.put({
      key: 'workflowConfig',
      value: { ...(await getSetting('workflowConfig')), apiKey: 'wf-key-1' },
    });
    await recordError({
      service: 'n8n',
      error: 'Webhook konnte nicht erreicht werden.',
      operation: {
        kind: 'webhook.call',
        args: {
          service: 'n8n',
          url: 'https://hooks.example.test/video',
          method: 'POST',
          json: { trigger: 'video_studio' },
          auth: 'workflow',
        },
      },
    });
    const user = userEvent.setup();
    renderWithProviders(<ErrorLogsTab />);
    await waitFor(() => expect(entries()).toHaveLength(1));
    await user.click(screen.getByRole('button', { name: 'Retry n8n' }));
    await waitFor(() => expect(entries()[0]).toHaveTextContent('Resolved'));
    expect(seen).toEqual([{ body: { trigger: 'video_studio' }, auth: 'Bearer wf-key-1' }]);
  });

  test('an entry that cannot be re-run says so instead of calling anything, and keeps Resolve', async () => {
    const seen: string[] = [];
    server.use(
      http.all('*', ({ request }) => {
        seen.push(request.url);
        return HttpResponse.json({});
      }),
    );
    await recordError({ service: 'vidau', error: 'Media Upload fehlgeschlagen' });
    await recordError({
      service: 'OBS',
      error: 'Failed to connect to OBS WebSocket',
      operation: { kind: 'obs.unknown-old-kind', args: null },
    });
    renderWithProviders(<ErrorLogsTab />);
    await waitFor(() => expect(entries()).toHaveLength(2));
    for (const entry of entries()) {
      expect(within(entry).getByTestId('entry-not-retryable')).toHaveTextContent(
        'Dieser Fehler kann nicht automatisch wiederholt werden.',
      );
      expect(within(entry).queryByRole('button', { name: /^Retry/ })).toBeNull();
      expect(within(entry).getByRole('button', { name: /^Resolve/ })).toBeInTheDocument();
    }
    expect(seen).toEqual([]);
  });

  test('a failed Retry keeps the entry Active, counts the retry, and adds no second entry', async () => {
    server.use(
      http.get('*/api/health/azure', () => HttpResponse.json({}, { status: 503, statusText: 'Service Unavailable' })),
    );
    await recordError({
      service: 'azure',
      error: 'old',
      retryCount: 1,
      operation: { kind: 'health.check', args: 'azure' },
    });
    const user = userEvent.setup();
    renderWithProviders(<ErrorLogsTab />);
    await waitFor(() => expect(entries()).toHaveLength(1));
    await user.click(screen.getByRole('button', { name: 'Retry Azure Speech' }));
    expect(await screen.findByText('Erneuter Versuch fehlgeschlagen')).toBeInTheDocument();
    await waitFor(() => expect(entries()[0]).toHaveTextContent('Retries: 2'));
    expect(entries()[0]).toHaveTextContent('Active');
    expect(entries()[0]).toHaveTextContent('Health check failed: Service Unavailable');
    expect(await listErrors()).toHaveLength(1);
  });

  test('Resolve marks an entry resolved by hand', async () => {
    await recordError({ service: 'did', error: 'manual' });
    const user = userEvent.setup();
    renderWithProviders(<ErrorLogsTab />);
    await waitFor(() => expect(entries()).toHaveLength(1));
    await user.click(screen.getByRole('button', { name: 'Resolve D-ID error' }));
    await waitFor(() => expect(entries()[0]).toHaveTextContent('Resolved'));
  });

  test('Clear All asks first; Cancel keeps the log, confirming empties it', async () => {
    await recordError({ service: 'did', error: 'one' });
    await recordError({ service: 'did', error: 'two' });
    const user = userEvent.setup();
    renderWithProviders(<ErrorLogsTab />);
    await waitFor(() => expect(entries()).toHaveLength(2));
    await user.click(screen.getByRole('button', { name: 'Clear All' }));
    const dialog = await screen.findByRole('alertdialog');
    expect(dialog).toHaveTextContent('Alle Fehlerprotokolle löschen?');
    await user.click(within(dialog).getByRole('button', { name: 'Abbrechen' }));
    expect(await listErrors()).toHaveLength(2);
    await user.click(screen.getByRole('button', { name: 'Clear All' }));
    await user.click(within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'Alle löschen' }));
    expect(await screen.findByText('Fehlerprotokoll geleert')).toBeInTheDocument();
    await waitFor(() => expect(entries()).toHaveLength(0));
    expect(await listErrors()).toHaveLength(0);
  });

  test('a Clear All the database refuses says so and keeps the entries', async () => {
    await recordError({ service: 'did', error: 'one' });
    vi.spyOn(db.errorLog, 'clear').mockRejectedValue(new Error('disk I/O error'));
    const user = userEvent.setup();
    renderWithProviders(<ErrorLogsTab />);
    await waitFor(() => expect(entries()).toHaveLength(1));
    await user.click(screen.getByRole('button', { name: 'Clear All' }));
    await user.click(within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'Alle löschen' }));
    expect(await screen.findByText('Fehlerprotokoll konnte nicht geleert werden')).toBeInTheDocument();
    expect(screen.getByText('disk I/O error')).toBeInTheDocument();
    expect(entries()).toHaveLength(1);
  });

  test('Export downloads JSON with the date, statistics and logs, every secret redacted', async () => {
    registerSecret('sk-live-TOPSECRET-42');
    await recordError({
      service: 'openai',
      error: 'API request failed with status 401: bad key sk-live-TOPSECRET-42',
      retryCount: 2,
      context: { apiKey: 'whatever-key-value' },
    });
    const user = userEvent.setup();
    renderWithProviders(<ErrorLogsTab />);
    await waitFor(() => expect(entries()).toHaveLength(1));
    const { name, text } = await captureDownload(() => user.click(screen.getByRole('button', { name: 'Export' })));
    expect(name).toMatch(/^error-log-\d{4}-\d{2}-\d{2}\.json$/);
    const file = JSON.parse(text) as {
      date: string;
      statistics: {
        total: number;
        active: number;
        totalRetries: number;
        last24h: number;
        byService: Record<string, number>;
      };
      logs: Array<{ error: string }>;
    };
    expect(Number.isNaN(Date.parse(file.date))).toBe(false);
    expect(file.statistics).toMatchObject({
      total: 1,
      active: 1,
      totalRetries: 2,
      last24h: 1,
      byService: { openai: 1 },
    });
    expect(file.logs).toHaveLength(1);
    expect(text).not.toContain('sk-live-TOPSECRET-42');
    expect(text).not.toContain('whatever-key-value');
  });
});

describe('Circuit breakers', () => {
  test('show closed, then open after 5 failures, half-open after 60000 ms, closed after a success', async () => {
    vi.useFakeTimers({
      shouldAdvanceTime: true,
      toFake: ['setTimeout', 'clearTimeout', 'setInterval', 'clearInterval', 'Date'],
    });
    renderWithProviders(<ErrorLogsTab />);
    const state = () => screen.getByTestId('breaker-state-heygen');
    expect(state()).toHaveTextContent('closed');
    const fail = () => Promise.reject(new ApiError('down', { code: 'SERVER_ERROR', status: 500 }));
    for (let i = 0; i < 5; i += 1) {
      await act(async () => {
        await execute(fail, { service: 'heygen', retries: false, record: false }).catch(() => undefined);
      });
    }
    await waitFor(() => expect(state()).toHaveTextContent('open'));
    expect(screen.getByTestId('breaker-heygen')).toHaveTextContent('Failures: 5/5');
    expect(screen.getByTestId('breaker-heygen')).toHaveTextContent(/Last failure: \d\d:\d\d:\d\d/);
    await act(async () => {
      await vi.advanceTimersByTimeAsync(59_000);
    });
    expect(state()).toHaveTextContent('open');
    await act(async () => {
      await vi.advanceTimersByTimeAsync(1_500);
    });
    await waitFor(() => expect(state()).toHaveTextContent('half-open'));
    await act(async () => {
      await execute(() => Promise.resolve('ok'), { service: 'heygen', retries: false });
    });
    await waitFor(() => expect(state()).toHaveTextContent('closed'));
    expect(screen.getByTestId('breaker-heygen')).toHaveTextContent('Failures: 0/5');
  });
});

describe('Retry settings', () => {
  const field = (name: string) => screen.getByLabelText(name);

  async function setValues(values: Record<string, string>) {
    const user = userEvent.setup();
    for (const [label, value] of Object.entries(values)) {
      await user.clear(field(label));
      if (value) await user.type(field(label), value);
    }
    await user.click(screen.getByRole('button', { name: 'Save retry settings' }));
  }

  test('shows the defaults 3 / 2000 / 2', async () => {
    renderWithProviders(<ErrorLogsTab />);
    await waitFor(() => expect(field('Max retries')).toHaveValue(3));
    expect(field('Retry delay (ms)')).toHaveValue(2000);
    expect(field('Backoff multiplier')).toHaveValue(2);
  });

  test.each([
    ['Max retries', '0', 'Max. Wiederholungen muss eine ganze Zahl zwischen 1 und 10 sein.'],
    ['Max retries', '11', 'Max. Wiederholungen muss eine ganze Zahl zwischen 1 und 10 sein.'],
    ['Max retries', '', 'Max. Wiederholungen muss eine ganze Zahl zwischen 1 und 10 sein.'],
    ['Retry delay (ms)', '999', 'Die Verzögerung muss zwischen 1000 und 10000 ms liegen.'],
    ['Retry delay (ms)', '10001', 'Die Verzögerung muss zwischen 1000 und 10000 ms liegen.'],
    ['Backoff multiplier', '0.9', 'Der Backoff-Multiplikator muss zwischen 1 und 5 in Schritten von 0,1 liegen.'],
    ['Backoff multiplier', '5.1', 'Der Backoff-Multiplikator muss zwischen 1 und 5 in Schritten von 0,1 liegen.'],
    ['Backoff multiplier', '1.25', 'Der Backoff-Multiplikator muss zwischen 1 und 5 in Schritten von 0,1 liegen.'],
  ])('%s = "%s" is rejected with the German message and nothing is saved', async (label, value, message) => {
    renderWithProviders(<ErrorLogsTab />);
    await waitFor(() => expect(field('Max retries')).toHaveValue(3));
    await setValues({ [label]: value });
    expect(await screen.findAllByText(message)).not.toHaveLength(0);
    expect(await getSetting('retry')).toEqual({
      maxRetries: 3,
      retryDelay: 2000,
      backoffMultiplier: 2,
      retryCondition: 'default',
    });
    expect(getRetrySettings().maxRetries).toBe(3);
  });

  test('the edges 1, 10, 1000, 10000, 1 and 5 are accepted; a valid change is saved and used by lib/resilience at once', async () => {
    renderWithProviders(<ErrorLogsTab />);
    await waitFor(() => expect(field('Max retries')).toHaveValue(3));
    await setValues({ 'Max retries': '10', 'Retry delay (ms)': '1000', 'Backoff multiplier': '1' });
    expect(await screen.findByText('Wiederholungseinstellungen gespeichert')).toBeInTheDocument();
    expect(getRetrySettings()).toMatchObject({ maxRetries: 10, retryDelay: 1000, backoffMultiplier: 1 });
    await setValues({ 'Max retries': '1', 'Retry delay (ms)': '10000', 'Backoff multiplier': '5' });
    await waitFor(() =>
      expect(getRetrySettings()).toMatchObject({ maxRetries: 1, retryDelay: 10000, backoffMultiplier: 5 }),
    );
    await setValues({ 'Backoff multiplier': '2.7' });
    await waitFor(() => expect(getRetrySettings().backoffMultiplier).toBe(2.7));
    await userEvent.setup().selectOptions(screen.getByLabelText('Retry condition'), 'network-only');
    await userEvent.setup().click(screen.getByRole('button', { name: 'Save retry settings' }));
    await waitFor(async () =>
      expect(await getSetting('retry')).toEqual({
        maxRetries: 1,
        retryDelay: 10000,
        backoffMultiplier: 2.7,
        retryCondition: 'network-only',
      }),
    );
    expect(getRetrySettings().retryCondition).toBe('network-only');
  });
});
