import { delay, http, HttpResponse } from 'msw';
import { server } from '@/mocks/node';
import { DEFAULT_SETTINGS, type WorkflowConfig } from '@/db/settings';
import { listErrors } from '@/db/error-log';
import { WebhookError } from './call';
import {
  checkStatus,
  runConnectionTests,
  testWebhook,
  triggerWorkflow,
  uploadMedia,
  type ConnectionTestItem,
} from './n8n';

const HOOK = 'https://n8n.example.test/webhook/ai-news';
const config = (patch: Partial<WorkflowConfig> = {}): WorkflowConfig => ({
  webhookUrl: HOOK,
  workflowId: 'ai-news-workflow',
  baseUrl: 'https://n8n.example.test',
  gatewayUrl: `${HOOK}/gateway`,
  statusUrl: `${HOOK}/status`,
  mediaUrl: `${HOOK}/media`,
  ...patch,
});
const params = DEFAULT_SETTINGS.triggerParameters;

describe('triggerWorkflow', () => {
  test('POSTs the parameters plus timestamp, source, workflowId, version with JSON and client headers, no bearer without a key', async () => {
    let seen: { body: Record<string, unknown>; headers: Headers } | undefined;
    server.use(
      http.post(HOOK, async ({ request }) => {
        seen = { body: (await request.json()) as Record<string, unknown>, headers: request.headers };
        return HttpResponse.json({ executionId: 'e-1' });
      }),
    );
    const result = await triggerWorkflow(config(), params);
    expect(result.executionId).toBe('e-1');
    expect(seen?.body).toMatchObject({
      topic: 'Breaking News',
      language: 'de',
      voice: 'Anna',
      platforms: ['youtube', 'facebook', 'telegram'],
      urgency: 'normal',
      category: 'general',
      workflowId: 'ai-news-workflow',
      version: '2.0',
      source: 'newsdesk-dashboard',
    });
    expect(typeof seen?.body.timestamp).toBe('string');
    expect(seen?.headers.get('content-type')).toBe('application/json');
    expect(seen?.headers.get('x-client-id')).toBe('newsdesk-dashboard');
    expect(seen?.headers.get('authorization')).toBeNull();
  });

  test('sends Authorization: Bearer only when an api key is set, and never writes the key to the error log', async () => {
    let auth: string | null = null;
    server.use(
      http.post(HOOK, ({ request }) => {
        auth = request.headers.get('authorization');
        return new HttpResponse('kaputt sk-geheim-123', { status: 500, statusText: 'Internal Server Error' });
      }),
    );
    const error = await triggerWorkflow(config({ apiKey: 'sk-geheim-123' }), params).catch((e: unknown) => e);
    expect(auth).toBe('Bearer sk-geheim-123');
    expect(error).toBeInstanceOf(WebhookError);
    expect((error as WebhookError).message).toBe('n8n Webhook failed: 500 Internal Server Error');
    const log = await listErrors();
    expect(log).toHaveLength(1);
    expect(log[0].service).toBe('n8n');
    expect(JSON.stringify(log)).not.toContain('sk-geheim-123');
  });

  test('a non-JSON answer counts as success', async () => {
    server.use(http.post(HOOK, () => HttpResponse.text('Workflow was started')));
    await expect(triggerWorkflow(config(), params)).resolves.toEqual({ response: undefined, executionId: undefined });
  });

  test('no webhook address: Webhook URL ist nicht konfiguriert', async () => {
    await expect(triggerWorkflow(config({ webhookUrl: '  ' }), params)).rejects.toThrow(
      'Webhook URL ist nicht konfiguriert',
    );
  });

  test('a refused request (CORS or network) is a network failure', async () => {
    server.use(http.post(HOOK, () => HttpResponse.error()));
    const error = (await triggerWorkflow(config(), params).catch((e: unknown) => e)) as WebhookError;
    expect(error.kind).toBe('network');
    expect(error.message).toBe('Webhook konnte nicht erreicht werden.');
  });
});

describe('testWebhook and checkStatus', () => {
  test('the webhook test sends {test, timestamp, source}', async () => {
    let body: Record<string, unknown> = {};
    server.use(
      http.post(HOOK, async ({ request }) => {
        body = (await request.json()) as Record<string, unknown>;
        return HttpResponse.json({ ok: true });
      }),
    );
    await testWebhook(config());
    expect(Object.keys(body).sort()).toEqual(['source', 'test', 'timestamp']);
    expect(body.test).toBe(true);
  });

  test('the status check GETs the status address and reads active, totalExecutions, successRate', async () => {
    let method = '';
    server.use(
      http.get(`${HOOK}/status`, ({ request }) => {
        method = request.method;
        return HttpResponse.json({ active: true, totalExecutions: 42, successRate: 97.5, other: 'x' });
      }),
    );
    await expect(checkStatus(config())).resolves.toEqual({ active: true, totalExecutions: 42, successRate: 97.5 });
    expect(method).toBe('GET');
  });

  test('odd status answers are read safely', async () => {
    server.use(http.get(`${HOOK}/status`, () => HttpResponse.json(['nope'])));
    await expect(checkStatus(config())).resolves.toEqual({ active: false, totalExecutions: 0, successRate: 0 });
  });
});

describe('runConnectionTests', () => {
  afterEach(() => vi.useRealTimers());

  /** Advances the fake clock 1 ms at a time until the promise settles (async work between timers stays in order). */
  async function settle<T>(promise: Promise<T>, maxMs = 30_000): Promise<T> {
    let done = false;
    void promise.then(
      () => {
        done = true;
      },
      () => {
        done = true;
      },
    );
    for (let i = 0; i < maxMs && !done; i += 1) await vi.advanceTimersByTimeAsync(1);
    return promise;
  }

  test('tests webhook, gateway, status (POST with a test body) and media (GET) one after another, 500 ms apart', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'Date'] });
    const calls: Array<{ what: string; at: number }> = [];
    const note = (what: string) => calls.push({ what, at: Date.now() });
    server.use(
      http.post(HOOK, () => {
        note('POST webhook');
        return HttpResponse.json({});
      }),
      http.post(`${HOOK}/gateway`, () => {
        note('POST gateway');
        return new HttpResponse(null, { status: 502 });
      }),
      http.post(`${HOOK}/status`, async ({ request }) => {
        note(`POST status ${JSON.stringify(Object.keys((await request.json()) as object).sort())}`);
        return HttpResponse.json({});
      }),
      http.get(`${HOOK}/media`, () => {
        note('GET media');
        return HttpResponse.error();
      }),
    );
    const snapshots: ConnectionTestItem[][] = [];
    const items = await settle(runConnectionTests(config(), { onChange: (next) => snapshots.push(next) }));
    expect(calls.map((c) => c.what)).toEqual([
      'POST webhook',
      'POST gateway',
      'POST status ["source","test","timestamp"]',
      'GET media',
    ]);
    for (let i = 1; i < calls.length; i += 1) {
      const gap = calls[i].at - calls[i - 1].at;
      expect(gap).toBeGreaterThanOrEqual(500);
      expect(gap).toBeLessThan(560);
    }
    expect(items.map((i) => [i.name, i.status, i.error])).toEqual([
      ['Webhook', 'success', undefined],
      ['Gateway', 'error', 'HTTP 502'],
      ['Status', 'success', undefined],
      ['Media', 'error', 'Connection failed'],
    ]);
    expect(snapshots[0].map((i) => i.status)).toEqual(['pending', 'pending', 'pending', 'pending']);
    // rows fill one by one
    expect(snapshots.map((s) => s.filter((i) => i.status !== 'pending').length)).toEqual([0, 1, 2, 3, 4]);
    expect(items.every((i) => typeof i.responseTime === 'number')).toBe(true);
  });

  test('an endpoint that does not answer within 10000 ms fails with Connection timeout', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'Date'] });
    const started = Date.now();
    let failedAt = 0;
    server.use(
      http.post(HOOK, async () => {
        await delay(60_000);
        return HttpResponse.json({});
      }),
    );
    const items = await settle(
      runConnectionTests(config({ gatewayUrl: '', statusUrl: '', mediaUrl: '' }), {
        onChange: (next) => {
          if (next[0].status === 'error' && !failedAt) failedAt = Date.now();
        },
      }),
    );
    expect(failedAt - started).toBeGreaterThanOrEqual(10_000);
    expect(failedAt - started).toBeLessThan(10_050);
    expect(items[0]).toMatchObject({ status: 'error', error: 'Connection timeout' });
    expect(items.slice(1).map((i) => i.error)).toEqual(['Connection failed', 'Connection failed', 'Connection failed']);
  });
});

describe('uploadMedia', () => {
  const file = new File(['hello'], 'clip.mp4', { type: 'video/mp4' });

  test('sends media and metadata as multipart', async () => {
    let fields: string[] = [];
    let metadata: unknown;
    server.use(
      http.post(`${HOOK}/media`, async ({ request }) => {
        const form = await request.formData();
        fields = [...form.keys()];
        metadata = JSON.parse(String(form.get('metadata')));
        return HttpResponse.json({ success: true });
      }),
    );
    const progress: number[] = [];
    await uploadMedia(config(), file, { metadata: { title: 'x' }, onProgress: (p) => progress.push(p) });
    expect(fields).toEqual(['media', 'metadata']);
    expect(metadata).toEqual({ title: 'x' });
    expect(progress.at(-1)).toBe(100);
  });

  test('errors: no address, HTTP status, network', async () => {
    await expect(uploadMedia(config({ mediaUrl: '' }), file)).rejects.toThrow(
      'Media Upload URL ist nicht konfiguriert',
    );
    server.use(http.post(`${HOOK}/media`, () => new HttpResponse(null, { status: 413 })));
    await expect(uploadMedia(config(), file)).rejects.toThrow('Media Upload failed: 413');
    server.use(http.post(`${HOOK}/media`, () => HttpResponse.error()));
    await expect(uploadMedia(config(), file)).rejects.toThrow('Media Upload fehlgeschlagen');
  });
});
