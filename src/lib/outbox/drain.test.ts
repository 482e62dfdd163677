import { http, HttpResponse } from 'msw';
import { db, type QueuedPost } from '@/db/db';
import { enqueuePost, listOutbox, OUTBOX_TTL_MS, OutboxQuotaError, resendExpired, waitingCount } from '@/db/outbox';
import { ApiError, httpError } from '@/lib/http/api-error';
import { setRetrySettings } from '@/lib/resilience/retry';
import { clearSecrets, registerSecret } from '@/lib/security/redact';
import { server } from '@/mocks/node';
import { drainOutbox, failureReason } from './drain';
import { drainNotices } from './messages';
import { createMemoryLockManager } from './locks';
import { sendOrQueue } from './send';
import { requestOutboxDrain, startOutboxDrainer } from './drainer';

vi.setConfig({ testTimeout: 30_000 });
afterEach(() => {
  vi.restoreAllMocks();
});

const payload = (content: string) => ({ content, title: content });

async function statusOf(id: string) {
  return (await db.outbox.get(id))?.status;
}

describe('outbox draining', () => {
  test('sends the queue in the order it was queued and marks every entry sent', async () => {
    const a = await enqueuePost({ platform: 'facebook', payload: payload('A') });
    const b = await enqueuePost({ platform: 'youtube', payload: payload('B') });
    const c = await enqueuePost({ platform: 'telegram', payload: payload('C') });
    const order: string[] = [];
    const result = await drainOutbox({
      locks: createMemoryLockManager(),
      send: async (e) => void order.push(String(e.payload.content)),
    });
    expect(order).toEqual(['A', 'B', 'C']);
    expect(result).toMatchObject({ leader: true, sent: 3, failed: 0 });
    for (const e of [a, b, c]) expect(await statusOf(e.id)).toBe('sent');
  });

  test('a 4xx moves the post to failed with the message and the next post is still sent', async () => {
    const a = await enqueuePost({ platform: 'instagram', payload: payload('A') });
    const b = await enqueuePost({ platform: 'facebook', payload: payload('B') });
    const sent: string[] = [];
    await drainOutbox({
      locks: createMemoryLockManager(),
      send: async (e) => {
        if (e.payload.content === 'A') throw httpError(409, 'Instagram ist nicht verbunden.', 'x');
        sent.push(String(e.payload.content));
      },
    });
    const failed = await db.outbox.get(a.id);
    expect(failed?.status).toBe('failed');
    expect(failed?.error).toBe('API request failed with status 409: Instagram ist nicht verbunden.');
    expect(await statusOf(b.id)).toBe('sent');
    expect(sent).toEqual(['B']);
  });

  test('missing credentials (401), 408 and 429 keep the post queued with its reason; a refusal ends it', async () => {
    const cases: Array<[number, string, 'queued' | 'failed']> = [
      [401, JSON.stringify({ message: 'Anmeldung erforderlich.', code: 'unauthorized' }), 'queued'],
      [
        408,
        JSON.stringify({
          message: 'Die Anfrage kam nicht vollständig an (Zeitüberschreitung).',
          code: 'request_stalled',
        }),
        'queued',
      ],
      [429, JSON.stringify({ message: 'Zu viele Anfragen.', code: 'rate_limited' }), 'queued'],
      [409, JSON.stringify({ message: 'Telegram ist nicht verbunden.', code: 'not_connected' }), 'failed'],
      [
        409,
        JSON.stringify({ message: 'Die Anmeldung wurde widerrufen – bitte neu verbinden.', code: 'token_revoked' }),
        'failed',
      ],
      [403, JSON.stringify({ message: 'Ihre Rolle darf das nicht.', code: 'forbidden' }), 'failed'],
      [
        400,
        JSON.stringify({ message: 'Die Anfrage ist ungültig: content – Pflichtfeld', code: 'validation' }),
        'failed',
      ],
    ];
    for (const [status, body, expected] of cases) {
      await db.outbox.clear();
      const entry = await enqueuePost({ platform: 'telegram', payload: payload(`Fall ${status}`) });
      await drainOutbox({
        locks: createMemoryLockManager(),
        send: async () => {
          throw httpError(status, body, 'x');
        },
      });
      const stored = await db.outbox.get(entry.id);
      expect(stored?.status, `${status} ${body}`).toBe(expected);
      expect(stored?.error).toBe(`API request failed with status ${status}: ${JSON.parse(body).message}`);
    }
  });

  test('a drainer that is not ready (no operator token yet) sends nothing until asked once it is', async () => {
    await db.outbox.clear();
    const entry = await enqueuePost({ platform: 'telegram', payload: payload('Wartet auf Token') });
    let ready = false;
    const sent: string[] = [];
    const stop = startOutboxDrainer({
      locks: createMemoryLockManager(),
      isOnline: () => true,
      ready: () => ready,
      intervalMs: 60_000,
      send: async (e) => void sent.push(String(e.payload.content)),
    });
    try {
      await new Promise((resolve) => setTimeout(resolve, 50));
      expect(sent).toEqual([]);
      expect(await statusOf(entry.id)).toBe('queued');
      ready = true;
      requestOutboxDrain();
      await vi.waitFor(() => expect(sent).toEqual(['Wartet auf Token']));
    } finally {
      stop();
    }
  });

  test('a 5xx after the retries keeps the post queued with its reason and stops, keeping the order', async () => {
    const a = await enqueuePost({ platform: 'facebook', payload: payload('A') });
    const b = await enqueuePost({ platform: 'facebook', payload: payload('B') });
    const tried: string[] = [];
    const result = await drainOutbox({
      locks: createMemoryLockManager(),
      send: async (e) => {
        tried.push(String(e.payload.content));
        throw httpError(503, 'down', 'x');
      },
    });
    expect(tried).toEqual(['A']);
    expect(result.stopped).toBe('API request failed with status 503: down');
    const entry = await db.outbox.get(a.id);
    expect(entry).toMatchObject({ status: 'queued', attempts: 1, error: 'API request failed with status 503: down' });
    expect(await statusOf(b.id)).toBe('queued');
  });

  test('a network error is not final either', async () => {
    const a = await enqueuePost({ platform: 'facebook', payload: payload('A') });
    await drainOutbox({
      locks: createMemoryLockManager(),
      send: async () => {
        throw new ApiError('Failed to fetch', { code: 'NETWORK_ERROR' });
      },
    });
    expect(await statusOf(a.id)).toBe('queued');
  });

  test('the same idempotency key goes out on every attempt, across drains', async () => {
    const a = await enqueuePost({ platform: 'facebook', payload: payload('A') });
    const keys: string[] = [];
    let fail = true;
    const send = async (e: QueuedPost) => {
      keys.push(e.idempotencyKey);
      if (fail) throw httpError(500, 'boom', 'x');
    };
    await drainOutbox({ locks: createMemoryLockManager(), send });
    fail = false;
    await drainOutbox({ locks: createMemoryLockManager(), send });
    expect(keys).toEqual([a.idempotencyKey, a.idempotencyKey]);
    expect(await statusOf(a.id)).toBe('sent');
  });

  test('the real sender puts the key in an Idempotency-Key header on each retry', async () => {
    setRetrySettings({ maxRetries: 3, retryDelay: 1, backoffMultiplier: 1, retryCondition: 'default' });
    const headers: Array<string | null> = [];
    server.use(
      http.post('*/api/social/post/facebook', ({ request }) => {
        headers.push(request.headers.get('Idempotency-Key'));
        return headers.length < 3 ? new HttpResponse('busy', { status: 503 }) : undefined;
      }),
    );
    const a = await enqueuePost({ platform: 'facebook', payload: payload('Hallo') });
    await drainOutbox({ locks: createMemoryLockManager() });
    expect(headers).toEqual([a.idempotencyKey, a.idempotencyKey, a.idempotencyKey]);
    expect(await statusOf(a.id)).toBe('sent');
  });

  test('a server that took the post but answers in a shape this console does not know: done, never sent again', async () => {
    // A server newer than the cached console: 202 with a result this console's contract does not read.
    let requests = 0;
    server.use(
      http.post('*/api/social/post/facebook', () => {
        requests += 1;
        return HttpResponse.json({ postId: 'p-1', state: 'angenommen' }, { status: 202 });
      }),
    );
    const queued = await enqueuePost({ platform: 'facebook', payload: payload('Neue Antwort') });
    const result = await drainOutbox({ locks: createMemoryLockManager() });
    expect(result).toMatchObject({ sent: 1, failed: 0 });
    expect(await statusOf(queued.id)).toBe('sent');
    await drainOutbox({ locks: createMemoryLockManager() });
    expect(requests).toBe(1);

    // Post Now: the same answer is no refusal to resend, and nothing goes into the outbox.
    const before = (await listOutbox()).length;
    const outcome = await sendOrQueue('facebook', payload('Sofort'));
    expect(outcome).toEqual({
      state: 'accepted',
      platform: 'facebook',
      reason:
        'Vom Server angenommen, aber mit einer unerwarteten Antwort bestätigt – bitte unter Posts prüfen, nicht noch einmal senden.',
    });
    expect((await listOutbox()).length).toBe(before);
    expect(requests).toBe(2);
  });

  test('two tabs draining at once (one lock manager) send each post once; the second tab is not the leader', async () => {
    const locks = createMemoryLockManager();
    const entries = [
      await enqueuePost({ platform: 'facebook', payload: payload('A') }),
      await enqueuePost({ platform: 'facebook', payload: payload('B') }),
    ];
    const sends: string[] = [];
    const send = async (e: QueuedPost) => {
      await new Promise((r) => setTimeout(r, 5));
      sends.push(e.id);
    };
    const [one, two] = await Promise.all([drainOutbox({ locks, send }), drainOutbox({ locks, send })]);
    expect([one.leader, two.leader].sort()).toEqual([false, true]);
    expect(sends.sort()).toEqual(entries.map((e) => e.id).sort());
  });

  test('even without a shared lock (fallback) the transactional claim sends each post once', async () => {
    for (const c of ['A', 'B', 'C', 'D']) await enqueuePost({ platform: 'facebook', payload: payload(c) });
    const sends: string[] = [];
    const send = async (e: QueuedPost) => {
      await new Promise((r) => setTimeout(r, 60));
      sends.push(String(e.payload.content));
    };
    // The second starts while the first is sending its first post, not in the same tick.
    const first = drainOutbox({ locks: createMemoryLockManager(), send });
    await vi.waitFor(async () => expect(await db.outbox.where('status').equals('sending').count()).toBe(1));
    await Promise.all([first, drainOutbox({ locks: createMemoryLockManager(), send })]);
    expect(sends.sort()).toEqual(['A', 'B', 'C', 'D']);
  });

  test('a post past its expiry is marked expired, not sent, counted in the result and still waiting for the operator', async () => {
    const t0 = Date.UTC(2024, 0, 1);
    const a = await enqueuePost({ platform: 'facebook', payload: payload('alt'), now: t0 });
    const send = vi.fn(async () => undefined);
    const result = await drainOutbox({ locks: createMemoryLockManager(), send, now: () => t0 + OUTBOX_TTL_MS + 1 });
    expect(send).not.toHaveBeenCalled();
    expect(result).toMatchObject({ sent: 0, expired: 1 });
    const entry = await db.outbox.get(a.id);
    expect(entry?.status).toBe('expired');
    expect(entry?.error).toBe('Abgelaufen: Der Post wurde nicht rechtzeitig gesendet.');
    expect(await waitingCount()).toBe(1);
    expect(drainNotices(result)).toEqual([
      {
        kind: 'warning',
        title: 'Posts abgelaufen',
        description:
          '1 Post lag länger als 24 Stunden im Postausgang und wurde nicht gesendet. Im Postausgang: Erneut senden oder Verwerfen.',
      },
    ]);
    // Sent after all: same key, fresh expiry.
    await resendExpired(a.id, t0 + OUTBOX_TTL_MS + 2);
    const keys: string[] = [];
    await drainOutbox({
      locks: createMemoryLockManager(),
      send: async (e) => void keys.push(e.idempotencyKey),
      now: () => t0 + OUTBOX_TTL_MS + 3,
    });
    expect(keys).toEqual([a.idempotencyKey]);
    expect(await statusOf(a.id)).toBe('sent');
  });

  test('the result says how many queued posts went out', async () => {
    for (const c of ['A', 'B', 'C']) await enqueuePost({ platform: 'facebook', payload: payload(c) });
    const result = await drainOutbox({ locks: createMemoryLockManager(), send: async () => undefined });
    expect(drainNotices(result)).toEqual([{ kind: 'success', title: '3 Posts aus der Warteschlange gesendet' }]);
    expect(drainNotices({ leader: true, sent: 1, failed: 0, expired: 0 })).toEqual([
      { kind: 'success', title: '1 Post aus der Warteschlange gesendet' },
    ]);
  });

  test('sent entries older than a week are pruned; newer ones and expired ones stay', async () => {
    const now = Date.UTC(2024, 5, 1);
    const day = 24 * 60 * 60 * 1000;
    const old = await enqueuePost({ platform: 'facebook', payload: payload('alt'), now: now - 9 * day });
    const recent = await enqueuePost({ platform: 'facebook', payload: payload('neu'), now: now - 6 * day });
    const expired = await enqueuePost({ platform: 'facebook', payload: payload('abgelaufen'), now: now - 30 * day });
    await db.outbox.update(old.id, { status: 'sent', updatedAt: now - 8 * day });
    await db.outbox.update(recent.id, { status: 'sent', updatedAt: now - 6 * day });
    await db.outbox.update(expired.id, { status: 'expired', updatedAt: now - 29 * day });
    await drainOutbox({ locks: createMemoryLockManager(), send: async () => undefined, now: () => now });
    expect(await db.outbox.get(old.id)).toBeUndefined();
    expect(await statusOf(recent.id)).toBe('sent');
    expect(await statusOf(expired.id)).toBe('expired');
  });

  test('an entry left "sending" by a closed tab is sent again by the next leader, with its key', async () => {
    const a = await enqueuePost({ platform: 'facebook', payload: payload('A') });
    await db.outbox.update(a.id, { status: 'sending', updatedAt: Date.now() - 4 * 60_000 });
    const keys: string[] = [];
    await drainOutbox({ locks: createMemoryLockManager(), send: async (e) => void keys.push(e.idempotencyKey) });
    expect(keys).toEqual([a.idempotencyKey]);
  });

  test('a second drainer without the shared lock, started while the first is sending, does not send that post again', async () => {
    await db.outbox.clear();
    const a = await enqueuePost({ platform: 'facebook', payload: payload('A') });
    const sends: string[] = [];
    let release: () => void = () => undefined;
    let sending: () => void = () => undefined;
    const inFlight = new Promise<void>((resolve) => (sending = resolve));
    const first = drainOutbox({
      locks: createMemoryLockManager(),
      send: async (e) => {
        sends.push(`erster: ${String(e.payload.content)}`);
        sending();
        await new Promise<void>((resolve) => (release = resolve));
      },
    });
    await inFlight;
    expect(await statusOf(a.id)).toBe('sending');
    // The second starts only now, while the first still waits for the platform.
    await drainOutbox({
      locks: createMemoryLockManager(),
      send: async (e) => void sends.push(`zweiter: ${String(e.payload.content)}`),
    });
    release();
    await first;
    expect(sends).toEqual(['erster: A']);
    expect(await statusOf(a.id)).toBe('sent');
  });

  test('nothing is sent while offline', async () => {
    const a = await enqueuePost({ platform: 'facebook', payload: payload('A') });
    const send = vi.fn(async () => undefined);
    await drainOutbox({ locks: createMemoryLockManager(), send, isOnline: () => false });
    expect(send).not.toHaveBeenCalled();
    expect(await statusOf(a.id)).toBe('queued');
  });
});

describe('error log while the backend is down', () => {
  test('the drainer failing on every tick leaves one folded entry, not a log full of copies', async () => {
    const { listErrors, recordError } = await import('@/db/error-log');
    setRetrySettings({ maxRetries: 0, retryDelay: 1, backoffMultiplier: 1, retryCondition: 'default' });
    server.use(http.post('*/api/social/post/facebook', () => new HttpResponse('down', { status: 503 })));
    await recordError({ service: 'news', error: 'Fehler vorher' });
    await enqueuePost({ platform: 'facebook', payload: payload('Wartet') });
    for (let tick = 0; tick < 30; tick++) await drainOutbox({ locks: createMemoryLockManager() });
    const entries = await listErrors();
    // The 503s, the breaker opening, and "circuit open" on every later tick: each folded into one entry.
    expect(entries.length).toBeLessThanOrEqual(4);
    expect(entries.map((e) => e.error)).toContain('Fehler vorher');
    expect(entries.reduce((sum, e) => sum + (e.count ?? 1), 0)).toBeGreaterThanOrEqual(30);
  });
});

describe('outbox storage', () => {
  afterEach(() => clearSecrets());

  test('the payload is stored as the operator wrote it (it is published); only the reason text is redacted', async () => {
    registerSecret('sk-live-geheim-1234');
    const content = 'Latest: Token: abc und sk-live-geheim-1234 im Text';
    const entry = await enqueuePost({
      platform: 'facebook',
      payload: { content, title: 'T' },
      error: 'HTTP 502 mit Bearer sk-live-geheim-1234',
    });
    const stored = await db.outbox.get(entry.id);
    expect(stored?.payload).toEqual({ content, title: 'T' });
    expect(stored?.error).not.toContain('sk-live-geheim-1234');
  });
  test('a full storage gives a clear German error', async () => {
    const spy = vi.spyOn(db.outbox, 'add').mockRejectedValueOnce(new DOMException('full', 'QuotaExceededError'));
    await expect(enqueuePost({ platform: 'facebook', payload: payload('A') })).rejects.toThrow(OutboxQuotaError);
    spy.mockRejectedValueOnce(new DOMException('full', 'QuotaExceededError'));
    await expect(enqueuePost({ platform: 'facebook', payload: payload('A') })).rejects.toThrow(
      'Speicher voll: Der Post konnte nicht im Postausgang gespeichert werden. Ihr Entwurf bleibt im Formular erhalten.',
    );
  });
});

describe('sendOrQueue', () => {
  test('offline: the post is queued without any request', async () => {
    let requests = 0;
    server.use(
      http.post('*/api/social/post/facebook', () => {
        requests += 1;
      }),
    );
    const outcome = await sendOrQueue('facebook', payload('Offline-Post'), { isOnline: () => false });
    expect(outcome.state).toBe('queued');
    expect(requests).toBe(0);
    expect((await listOutbox()).map((e) => e.status)).toEqual(['queued']);
  });

  test('a 5xx after the retries queues the post with the key the request already carried', async () => {
    setRetrySettings({ maxRetries: 1, retryDelay: 1, backoffMultiplier: 1, retryCondition: 'default' });
    const keys: Array<string | null> = [];
    server.use(
      http.post('*/api/social/post/youtube', ({ request }) => {
        keys.push(request.headers.get('Idempotency-Key'));
        return new HttpResponse('down', { status: 502 });
      }),
    );
    const outcome = await sendOrQueue('youtube', payload('X'), { isOnline: () => true });
    expect(outcome.state).toBe('queued');
    const [entry] = await listOutbox();
    expect(keys).toEqual([entry.idempotencyKey, entry.idempotencyKey]);
    expect(entry.error).toBe('API request failed with status 502: down');
  });

  test('online and accepted: sent, nothing queued', async () => {
    const outcome = await sendOrQueue('facebook', payload('Direkt'), { isOnline: () => true });
    expect(outcome.state).toBe('sent');
    expect(await listOutbox()).toEqual([]);
  });

  test('a 4xx is thrown to the composer and nothing is queued', async () => {
    const error: unknown = await sendOrQueue('instagram', payload('X'), { isOnline: () => true }).catch(
      (e: unknown) => e,
    );
    expect(error).toBeInstanceOf(ApiError);
    expect(failureReason(error)).toBe('API request failed with status 409: Instagram ist nicht verbunden.');
    expect(await listOutbox()).toEqual([]);
  });

  test('the mock posts once per idempotency key', async () => {
    const { postToPlatform } = await import('@/lib/api/social');
    const first = await postToPlatform('telegram', { content: 'Einmal' }, { idempotencyKey: 'k-1' });
    const again = await postToPlatform('telegram', { content: 'Einmal' }, { idempotencyKey: 'k-1' });
    expect(again).toEqual(first);
    const res = await fetch('http://localhost:3000/api/social/sent');
    expect(((await res.json()) as { count: number }).count).toBe(1);
  });
});

describe('startOutboxDrainer', () => {
  test('reports the result of each run (how many went out) to onResult', async () => {
    const results: Array<{ sent: number; expired: number }> = [];
    await enqueuePost({ platform: 'facebook', payload: payload('A') });
    await enqueuePost({ platform: 'facebook', payload: payload('B') });
    const stop = startOutboxDrainer({
      locks: createMemoryLockManager(),
      send: async () => undefined,
      isOnline: () => true,
      intervalMs: 60_000,
      onResult: (r) => results.push(r),
    });
    await vi.waitFor(() => expect(results[0]).toMatchObject({ sent: 2, expired: 0 }));
    stop();
  });

  test('drains when the online event fires', async () => {
    let online = false;
    const send = vi.fn(async () => undefined);
    await enqueuePost({ platform: 'facebook', payload: payload('A') });
    const stop = startOutboxDrainer({
      locks: createMemoryLockManager(),
      send,
      isOnline: () => online,
      intervalMs: 60_000,
    });
    await new Promise((r) => setTimeout(r, 10));
    expect(send).not.toHaveBeenCalled();
    online = true;
    window.dispatchEvent(new Event('online'));
    await vi.waitFor(() => expect(send).toHaveBeenCalledTimes(1));
    stop();
  });
});
