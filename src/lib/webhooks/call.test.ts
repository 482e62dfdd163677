import { http, HttpResponse } from 'msw';
import { describe, expect, test, vi } from 'vitest';
import { listErrors } from '@/db/error-log';
import { server } from '@/mocks/node';
import { callWebhook, WebhookError } from './call';

const URL_ = 'https://hooks.example.test/call';
const failing = () =>
  server.use(http.post(URL_, () => new HttpResponse('nope', { status: 502, statusText: 'Bad Gateway' })));

describe('callWebhook', () => {
  test('reads a JSON answer, and any other answer as success', async () => {
    server.use(http.post(URL_, () => HttpResponse.json({ executionId: 'e-9' })));
    await expect(callWebhook({ url: ` ${URL_} `, json: { a: 1 } }, { service: 'n8n' })).resolves.toMatchObject({
      body: { executionId: 'e-9' },
    });
    server.use(
      http.post(URL_, () => new HttpResponse('Workflow was started', { headers: { 'Content-Type': 'text/plain' } })),
    );
    await expect(callWebhook({ url: URL_ }, { service: 'n8n' })).resolves.toMatchObject({ body: undefined });
  });

  test('a failure is one WebhookError, recorded once with its operation', async () => {
    failing();
    const operation = { kind: 'webhook.call' as const, args: { service: 'n8n', url: URL_, method: 'POST' as const } };
    const error = await callWebhook({ url: URL_ }, { service: 'n8n', context: { action: 'x' }, operation }).catch(
      (e: unknown) => e,
    );
    expect(error).toBeInstanceOf(WebhookError);
    expect(error).toMatchObject({
      kind: 'http',
      status: 502,
      statusText: 'Bad Gateway',
      message: 'n8n Webhook failed: 502 Bad Gateway',
    });
    expect(await listErrors()).toEqual([
      expect.objectContaining({ service: 'n8n', error: 'n8n Webhook failed: 502 Bad Gateway', operation }),
    ]);
  });

  test('with breaker: five failures open it and the sixth call sends nothing; without: every call is sent', async () => {
    vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    let hits = 0;
    server.use(
      http.post(URL_, () => {
        hits += 1;
        return new HttpResponse(null, { status: 503 });
      }),
    );
    for (let i = 0; i < 5; i += 1)
      await callWebhook({ url: URL_ }, { service: 'hook-with-breaker', breaker: true, record: false }).catch(
        () => undefined,
      );
    await expect(
      callWebhook({ url: URL_ }, { service: 'hook-with-breaker', breaker: true, record: false }),
    ).rejects.toMatchObject({ kind: 'circuit-open' });
    expect(hits).toBe(5);
    for (let i = 0; i < 6; i += 1)
      await callWebhook({ url: URL_ }, { service: 'hook-test', record: false }).catch(() => undefined);
    expect(hits).toBe(11);
  });

  test('an abort is passed through and not recorded', async () => {
    server.use(http.post(URL_, () => new Promise<Response>(() => undefined)));
    const controller = new AbortController();
    const pending = callWebhook({ url: URL_, signal: controller.signal }, { service: 'n8n' });
    controller.abort();
    await expect(pending).rejects.toMatchObject({ name: 'AbortError' });
    expect(await listErrors()).toEqual([]);
  });
});
