import { delay, http } from 'msw';
import { db } from '@/db/db';
import { loadDatabase } from '@/db/lazy';
import { loadContract } from '@/lib/api/client';
import { enqueuePost, listOutbox } from '@/db/outbox';
import { setRetrySettings } from '@/lib/resilience/retry';
import { server } from '@/mocks/node';
import { drainOutbox } from './drain';
import { createMemoryLockManager } from './locks';
import { sendOrQueue } from './send';

vi.setConfig({ testTimeout: 60_000 });

/** Advances fake time in 500 ms steps, letting MSW and IndexedDB (real macrotasks) run between steps. */
async function advance(ms: number) {
  for (let t = 0; t < ms; t += 500) {
    await vi.advanceTimersByTimeAsync(500);
    for (let i = 0; i < 3; i++) await new Promise((resolve) => setImmediate(resolve));
  }
}

describe('a backend that accepts the connection and never answers', () => {
  // Loaded before the clock is faked: the contract and Dexie load in several tasks, which the time-outs below must not
  // share their fake seconds with (the test is about the time-outs, not loading).
  beforeAll(async () => {
    await loadContract();
    await loadDatabase();
  });

  beforeEach(() => {
    // One retry after 1 s keeps the fake clock short; the time-out per attempt is the real 30 s of a write.
    setRetrySettings({ maxRetries: 1, retryDelay: 1000, backoffMultiplier: 1, retryCondition: 'default' });
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
  });
  afterEach(() => vi.useRealTimers());

  test('the outbox entry goes back to the queue with a German reason, the lock is released, the next drain sends it with its key', async () => {
    const keys: Array<string | null> = [];
    let answer = false;
    server.use(
      http.post('*/api/social/post/telegram', ({ request }) => {
        keys.push(request.headers.get('Idempotency-Key'));
        return answer ? undefined : delay('infinite');
      }),
    );
    const entry = await enqueuePost({ platform: 'telegram', payload: { content: 'Hängt nicht mehr' } });
    const locks = createMemoryLockManager();
    const first = drainOutbox({ locks });
    await advance(30_000 + 1000 + 30_000 + 1000);
    expect(await first).toMatchObject({
      leader: true,
      sent: 0,
      stopped: 'Zeitüberschreitung: Der Server hat nicht rechtzeitig geantwortet. Der Post wird erneut gesendet.',
    });
    expect(await db.outbox.get(entry.id)).toMatchObject({
      status: 'queued',
      error: 'Zeitüberschreitung: Der Server hat nicht rechtzeitig geantwortet. Der Post wird erneut gesendet.',
    });
    expect(keys).toEqual([entry.idempotencyKey, entry.idempotencyKey]);

    // The lock is free again: the next drain (or "Jetzt senden") leads and sends the entry with the same key.
    answer = true;
    const second = drainOutbox({ locks });
    await advance(1000);
    expect(await second).toMatchObject({ leader: true, sent: 1 });
    expect((await db.outbox.get(entry.id))?.status).toBe('sent');
    expect(keys.at(-1)).toBe(entry.idempotencyKey);
  });

  test('Post Now does not hang: after the time-outs the post is queued with the German reason and its key', async () => {
    server.use(http.post('*/api/social/post/youtube', () => delay('infinite')));
    const outcome = sendOrQueue('youtube', { content: 'Jetzt!' }, { isOnline: () => true });
    await advance(30_000 + 1000 + 30_000 + 1000);
    const result = await outcome;
    expect(result).toMatchObject({
      state: 'queued',
      reason: 'Zeitüberschreitung: Der Server hat nicht rechtzeitig geantwortet. Der Post wird erneut gesendet.',
    });
    expect((await listOutbox()).map((e) => [e.platform, e.status])).toEqual([['youtube', 'queued']]);
  });
});
