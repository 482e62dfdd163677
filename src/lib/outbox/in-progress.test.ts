import { http, HttpResponse } from 'msw';
import { db } from '@/db/db';
import { enqueuePost } from '@/db/outbox';
import { httpError } from '@/lib/http/api-error';
import { server } from '@/mocks/node';
import { socialStore } from '@/mocks/store/social';
import { drainOutbox, isFinalFailure } from './drain';
import { startOutboxDrainer } from './drainer';
import { createMemoryLockManager } from './locks';
import { sendOrQueue } from './send';

// A post the server accepted (202) is sent: its result comes later. A 409 saying the same key is still being worked on
// is neither a failure nor a reason to send again at once: the entry waits, queued with its German reason, for the
// server's Retry-After, and is then asked about with the same key.
vi.setConfig({ testTimeout: 30_000 });

const IN_PROGRESS =
  'Wird noch veröffentlicht: Der Server bearbeitet diesen Post noch. Er wird später mit demselben Schlüssel nachgefragt, nicht doppelt gesendet.';
const inProgress = (retryAfter?: string) =>
  httpError(
    409,
    JSON.stringify({
      message: 'Diese Anfrage wird gerade bearbeitet. Bitte gleich erneut versuchen.',
      code: 'idempotency_in_progress',
    }),
    'x',
    'Conflict',
    retryAfter,
  );
const payload = (content: string) => ({ content, title: content });

test('Post Now accepted with 202 (publication pending) is sent, not queued; the same key goes out once', async () => {
  socialStore.setConnected('telegram', true);
  const outcome = await sendOrQueue('telegram', payload('Angenommen'), {
    isOnline: () => true,
    idempotencyKey: 'schluessel-202',
  });
  expect(outcome.state).toBe('sent');
  if (outcome.state !== 'sent') return;
  expect(outcome.result).toMatchObject({ platform: 'telegram', status: 'pending' });
  expect(await db.outbox.count()).toBe(0);
  expect(socialStore.sent().filter((p) => p.idempotencyKey === 'schluessel-202')).toHaveLength(1);
});

test('a queued post the server accepts with 202 is marked sent by the drain', async () => {
  server.use(
    http.post('*/api/social/post/telegram', () =>
      HttpResponse.json({ id: 'sp-1', platform: 'telegram', status: 'pending' }, { status: 202 }),
    ),
  );
  const entry = await enqueuePost({ platform: 'telegram', payload: payload('Aus dem Postausgang') });
  expect(await drainOutbox({ locks: createMemoryLockManager() })).toMatchObject({ sent: 1, failed: 0 });
  expect((await db.outbox.get(entry.id))?.status).toBe('sent');
});

test('a 409 for the same key still in progress is not final; other 409s are', () => {
  expect(isFinalFailure(inProgress('1'))).toBe(false);
  expect(
    isFinalFailure(
      httpError(409, JSON.stringify({ message: 'Telegram ist nicht verbunden.', code: 'not_connected' }), 'x'),
    ),
  ).toBe(true);
});

test("a 409 'in progress' keeps the entry queued with the German reason until Retry-After, then asks again with the same key", async () => {
  const now = 1_000_000;
  const a = await enqueuePost({ platform: 'telegram', payload: payload('Noch unterwegs'), now });
  const b = await enqueuePost({ platform: 'facebook', payload: payload('Danach'), now });
  const sent: Array<[string, string]> = [];
  let busy = true;
  const send = async (entry: { id: string; idempotencyKey: string }) => {
    if (entry.id === a.id && busy) throw inProgress('2');
    sent.push([entry.id, entry.idempotencyKey]);
  };
  const locks = createMemoryLockManager();

  const first = await drainOutbox({ locks, send, now: () => now });
  // The next entry is not held up: the first one is at the server already.
  expect(first).toMatchObject({ sent: 1, failed: 0, retryAt: now + 2000 });
  expect(first.stopped).toBeUndefined();
  expect(await db.outbox.get(a.id)).toMatchObject({
    status: 'queued',
    error: IN_PROGRESS,
    notBefore: now + 2000,
    idempotencyKey: a.idempotencyKey,
  });
  expect(sent).toEqual([[b.id, b.idempotencyKey]]);

  // Before Retry-After nothing is sent again.
  expect(await drainOutbox({ locks, send, now: () => now + 1000 })).toMatchObject({ sent: 0, retryAt: now + 2000 });
  expect(sent).toHaveLength(1);

  busy = false;
  expect(await drainOutbox({ locks, send, now: () => now + 2000 })).toMatchObject({ sent: 1, failed: 0 });
  expect(sent.at(-1)).toEqual([a.id, a.idempotencyKey]);
  expect((await db.outbox.get(a.id))?.status).toBe('sent');
});

test("a 409 'in progress' without Retry-After waits 5 s", async () => {
  const now = 2_000_000;
  const entry = await enqueuePost({ platform: 'telegram', payload: payload('Ohne Angabe'), now });
  const result = await drainOutbox({
    locks: createMemoryLockManager(),
    send: async () => {
      throw inProgress();
    },
    now: () => now,
  });
  expect(result.retryAt).toBe(now + 5000);
  expect(await db.outbox.get(entry.id)).toMatchObject({ status: 'queued', error: IN_PROGRESS, notBefore: now + 5000 });
});

test('the drainer comes back by itself after Retry-After and sends the post with its key', async () => {
  const entry = await enqueuePost({ platform: 'telegram', payload: payload('Kommt wieder') });
  const keys: string[] = [];
  let answers = 0;
  const stop = startOutboxDrainer({
    locks: createMemoryLockManager(),
    isOnline: () => true,
    intervalMs: 600_000,
    send: async (e) => {
      answers += 1;
      if (answers === 1) throw inProgress('1');
      keys.push(e.idempotencyKey);
    },
  });
  try {
    await vi.waitFor(() => expect(keys).toEqual([entry.idempotencyKey]), { timeout: 5000 });
    expect((await db.outbox.get(entry.id))?.status).toBe('sent');
  } finally {
    stop();
  }
});

test("Post Now answered 409 'in progress' is queued with the German reason (not an error), to be asked again with its key", async () => {
  server.use(
    http.post('*/api/social/post/telegram', () =>
      HttpResponse.json(
        {
          message: 'Diese Anfrage wird gerade bearbeitet. Bitte gleich erneut versuchen.',
          code: 'idempotency_in_progress',
        },
        { status: 409, headers: { 'Retry-After': '3' } },
      ),
    ),
  );
  const before = Date.now();
  const outcome = await sendOrQueue('telegram', payload('Zweiter Versuch'), {
    isOnline: () => true,
    idempotencyKey: 'schluessel-409',
  });
  expect(outcome).toMatchObject({ state: 'queued', reason: IN_PROGRESS });
  if (outcome.state !== 'queued') return;
  const stored = await db.outbox.get(outcome.entry.id);
  expect(stored).toMatchObject({ status: 'queued', idempotencyKey: 'schluessel-409', error: IN_PROGRESS });
  expect(stored?.notBefore).toBeGreaterThanOrEqual(before + 3000);
});
