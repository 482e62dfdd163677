import { http, HttpResponse } from 'msw';
import { describe, expect, test } from 'vitest';
import { callApi } from '@/lib/api/client';
import type { PostTemplate } from '@/contract';
import { server } from '@/mocks/node';
import { listErrors } from '@/db/error-log';
import { execute, type ExecuteOptions } from '@/lib/resilience/execute';
import { recordFailure } from '@/lib/resilience/record';
import { NotRetryableError, type RetryableOperation } from '@/lib/resilience/retry-registry';
import { callWebhook } from '@/lib/webhooks/call';
import { canRetry, RETRYABLES, runRetryable } from './retryables';

describe('retryable operations: declared once, checked by the compiler', () => {
  test('recording an undeclared kind or wrong arguments does not compile (tsc -b checks these lines)', () => {
    // Never called: these lines exist for the type checker. Each @ts-expect-error fails `tsc` once the line compiles.
    const neverCalled = () => {
      // @ts-expect-error 'video.nope' is not declared in lib/retryables.ts, so it cannot be recorded
      void recordFailure('video', new Error('x'), 0, { operation: { kind: 'video.nope', args: 'vp-1' } });
      // @ts-expect-error a declared kind with arguments of the wrong type
      void recordFailure('video', new Error('x'), 0, { operation: { kind: 'video.retry', args: 42 } });
      // @ts-expect-error execute() takes only declared operations, too
      const bad: ExecuteOptions = { service: 'news', operation: { kind: 'news.unpublish', args: 'n-1' } };
      void execute(() => Promise.resolve(), bad);
      // @ts-expect-error and so does callWebhook()
      void callWebhook({ url: 'https://x.test' }, { service: 'n8n', operation: { kind: 'n8n.trigger', args: {} } });
      const ok: RetryableOperation = { kind: 'video.retry', args: 'vp-1' };
      void recordFailure('video-generation', new Error('x'), 0, { operation: ok });
    };
    expect(typeof neverCalled).toBe('function');
  });

  test('every declared kind has its re-run', () => {
    expect(Object.keys(RETRYABLES).sort()).toEqual([
      'api.call',
      'api.request',
      'health.check',
      'provider.test',
      'service.test',
      'tts.generate',
      'video.generate',
      'video.retry',
      'webhook.call',
    ]);
    for (const fn of Object.values(RETRYABLES)) expect(typeof fn).toBe('function');
  });

  test('an entry without a declared operation cannot be re-run and says so in German', async () => {
    expect(canRetry(undefined)).toBe(false);
    expect(canRetry({ kind: 'toString' })).toBe(false);
    expect(canRetry({ kind: 'video.retry' })).toBe(true);
    await expect(runRetryable(undefined)).rejects.toThrow(new NotRetryableError());
    await expect(runRetryable({ kind: 'health.ping', args: 'news' })).rejects.toThrow(
      'Dieser Fehler kann nicht automatisch wiederholt werden.',
    );
  });

  test('what lib/api records without a named operation: the same contract call when it is natural (GET, PUT); a POST only under a declared kind', async () => {
    server.use(
      http.get('*/api/news', () => HttpResponse.json({ message: 'x' }, { status: 404 })),
      http.put('*/api/social/templates/:id', () => HttpResponse.json({ message: 'x' }, { status: 409 })),
      http.post('*/api/news/generate', () => HttpResponse.json({ message: 'x' }, { status: 400 })),
      http.post('*/api/news/:id/publish', () => HttpResponse.json({ message: 'x' }, { status: 409 })),
    );
    await callApi('news.list').catch(() => undefined);
    const template = { id: 't-1', name: 'n', content: 'c', platforms: [] } as unknown as PostTemplate;
    await callApi('social.updateTemplate', { params: { id: template.id }, body: template }).catch(() => undefined);
    await callApi('news.generate', { body: { topic: 'KI', language: 'en' } }).catch(() => undefined);
    const publish = { kind: 'api.call', args: { id: 'news.publish', params: { id: 'n-1' } } } as const;
    await callApi('news.publish', { params: { id: 'n-1' }, operation: publish }).catch(() => undefined);
    const ops = (await listErrors()).reverse().map((e) => e.operation);
    expect(ops).toEqual([
      { kind: 'api.call', args: { id: 'news.list', params: undefined, query: undefined, body: undefined } },
      {
        kind: 'api.call',
        args: {
          id: 'social.updateTemplate',
          params: { id: 't-1' },
          query: undefined,
          body: expect.objectContaining({ id: 't-1' }),
        },
      },
      undefined,
      { kind: 'api.call', args: { id: 'news.publish', params: { id: 'n-1' } } },
    ]);
    expect(ops.map((op) => canRetry(op))).toEqual([true, true, false, true]);
  });

  test("an entry stored under a news call's id is re-run as that 'api.call'; an unknown kind offers no Retry", async () => {
    const seen: string[] = [];
    server.use(
      http.post('*/api/news/:id/reject', ({ params }) => {
        seen.push(String(params.id));
        return HttpResponse.json({ message: 'x' }, { status: 409 });
      }),
    );
    expect(canRetry({ kind: 'news.reject' })).toBe(true);
    await expect(runRetryable({ kind: 'news.reject', args: 'n-4' })).rejects.toThrow();
    expect(seen).toEqual(['n-4']);
    expect(canRetry({ kind: 'news.unpublish' })).toBe(false);
    expect(await listErrors()).toEqual([]);
  });

  test('a re-run records nothing: the Retry updates its own entry', async () => {
    server.use(http.get('*/api/does-not-exist', () => HttpResponse.json({ message: 'fehlt' }, { status: 404 })));
    await expect(
      runRetryable({ kind: 'api.request', args: { method: 'GET', path: '/does-not-exist' } }),
    ).rejects.toThrow();
    expect(await listErrors()).toEqual([]);
  });

  test("an 'api.call' re-run makes the same contract call again and checks its answer", async () => {
    let calls = 0;
    server.use(
      http.get('*/api/news', () => {
        calls += 1;
        return HttpResponse.json([
          {
            id: 'n-1',
            title: 'KI',
            source: 'Reuters',
            category: 'Technologie',
            status: 'draft',
            createdAt: '2026-11-23',
            publishedAt: null,
            views: 0,
            engagement: 0,
          },
        ]);
      }),
    );
    await expect(runRetryable({ kind: 'api.call', args: { id: 'news.list' } })).resolves.toHaveLength(1);
    expect(calls).toBe(1);
    server.use(http.get('*/api/news', () => HttpResponse.json([{ id: 'n-1' }])));
    await expect(runRetryable({ kind: 'api.call', args: { id: 'news.list' } })).rejects.toThrow(
      'Unerwartete Antwort von GET /news',
    );
  });
});
