import { delay, getResponse, http, HttpHandler, HttpResponse } from 'msw';
import { listErrors } from '@/db/error-log';
import { ApiError } from '@/lib/http/api-error';
import { setRetrySettings } from '@/lib/resilience/retry';
import { handlers } from '@/mocks/handlers';
import { server } from '@/mocks/node';
import { sentMessages } from '@/mocks/store/telegram';
import { callApi } from './client';

/** POST /telegram/notify as the Live screen sends it; the outbox passes its own key. */
const notifyTelegram = (message: string, idempotencyKey?: string) =>
  callApi('telegram.notify', { body: { message }, idempotencyKey });

const FAST_RETRIES = { maxRetries: 3, retryDelay: 5, backoffMultiplier: 1, retryCondition: 'default' } as const;

describe('answers are checked against the contract', () => {
  test('a wrong field is a CONTRACT error naming the call and the field, not the value; not retried; recorded', async () => {
    setRetrySettings(FAST_RETRIES);
    let hits = 0;
    server.use(
      http.get('*/api/posts', () => {
        hits += 1;
        return HttpResponse.json([
          {
            id: 'p1',
            title: 'T',
            status: 'draft',
            platform: 'youtube',
            views: 'sehr-geheim-1234',
            engagement: 1,
            publishDate: '2026-11-23',
            category: 'KI',
          },
        ]);
      }),
    );
    const error = (await callApi('posts.list').catch((e: unknown) => e)) as ApiError;
    expect(error).toBeInstanceOf(ApiError);
    expect(error.code).toBe('CONTRACT');
    expect(error.message).toBe('Unerwartete Antwort von GET /posts: [0].views: erwartet Zahl');
    expect(error.message).not.toContain('sehr-geheim-1234');
    expect(hits).toBe(1);
    const [entry] = await listErrors();
    expect(entry).toMatchObject({
      service: 'posts',
      error: 'Unerwartete Antwort von GET /posts: [0].views: erwartet Zahl',
      retryCount: 0,
    });
  });

  test('missing fields, wrong enum values and a wrong top-level type are named; more than three are counted', async () => {
    server.use(http.get('*/api/obs/status', () => HttpResponse.json({ connected: true })));
    await expect(callApi('obs.status')).rejects.toThrow(
      'Unerwartete Antwort von GET /obs/status: streaming: fehlt; scene: fehlt',
    );
    server.use(http.get('*/api/news', () => HttpResponse.json({ items: [] })));
    await expect(callApi('news.list')).rejects.toThrow('Unerwartete Antwort von GET /news: erwartet Liste');
    server.use(
      http.get('*/api/social/platforms', () =>
        HttpResponse.json([{ id: 'myspace', name: 1, connected: 'ja', status: 2, followers: '3', posts: null }]),
      ),
    );
    await expect(callApi('social.platforms')).rejects.toThrow(
      'Unerwartete Antwort von GET /social/platforms: [0].id: erwartet einen von: youtube, facebook, telegram, instagram, tiktok; [0].name: erwartet Text; [0].connected: erwartet Wahrheitswert (und 3 weitere)',
    );
  });

  test('the path named is the one called, with its parameters filled in', async () => {
    server.use(http.patch('*/api/posts/:id', () => HttpResponse.json({ id: 'x' })));
    await expect(callApi('posts.update', { params: { id: 'post 1' }, body: { title: 'Neu' } })).rejects.toThrow(
      /^Unerwartete Antwort von PATCH \/posts\/post%201: title: fehlt/,
    );
  });
});

describe('Idempotency-Key', () => {
  test("a 'key' operation carries one key, the same on every retry; a lost answer does not act twice", async () => {
    setRetrySettings(FAST_RETRIES);
    const keys: Array<string | null> = [];
    let first = true;
    server.use(
      http.post('*/api/telegram/notify', async ({ request }) => {
        keys.push(request.headers.get('Idempotency-Key'));
        // The backend acts, then the answer is lost on the way back.
        const real = await getResponse(
          handlers.filter((h) => h instanceof HttpHandler),
          request.clone(),
        );
        if (first) {
          first = false;
          return new HttpResponse('Bad Gateway', { status: 503 });
        }
        return real;
      }),
    );
    const answer = await notifyTelegram('Wir sind live!');
    expect(answer.ok).toBe(true);
    expect(keys).toHaveLength(2);
    expect(keys[0]).toMatch(/^[0-9a-f-]{36}$/);
    expect(keys[1]).toBe(keys[0]);
    expect(sentMessages().map((m) => m.message)).toEqual(['Wir sind live!']);
  });

  test('each operator action gets a new key; a key the caller passes is sent as is', async () => {
    const keys: Array<string | null> = [];
    server.events.on('request:start', ({ request }) => {
      if (request.method === 'POST') keys.push(request.headers.get('Idempotency-Key'));
    });
    await notifyTelegram('Eins');
    await notifyTelegram('Zwei');
    await notifyTelegram('Drei', 'key-from-outbox');
    server.events.removeAllListeners();
    expect(new Set(keys).size).toBe(3);
    expect(keys[2]).toBe('key-from-outbox');
    expect(sentMessages()).toHaveLength(3);
  });

  test('the mock answers a repeated key with the stored first answer and refuses it for another body', async () => {
    const send = (message: string) =>
      fetch('http://localhost:3000/api/telegram/notify', {
        method: 'POST',
        headers: { 'Content-Type': 'application/json', 'Idempotency-Key': 'k-same' },
        body: JSON.stringify({ message }),
      });
    const a = (await (await send('Hallo')).json()) as { id: string };
    const again = await send('Hallo');
    expect(again.headers.get('Idempotent-Replayed')).toBe('true');
    expect(((await again.json()) as { id: string }).id).toBe(a.id);
    expect((await send('Anders')).status).toBe(422);
    expect(sentMessages()).toHaveLength(1);
  });

  test('natural operations carry no key and are retried; the breaker and retries stay as before', async () => {
    setRetrySettings(FAST_RETRIES);
    const seen: Array<string | null> = [];
    server.use(
      http.get('*/api/news', ({ request }) => {
        seen.push(request.headers.get('Idempotency-Key'));
        return seen.length < 3 ? new HttpResponse('busy', { status: 503 }) : undefined;
      }),
    );
    await expect(callApi('news.list')).resolves.toHaveLength(15);
    expect(seen).toEqual([null, null, null]);
  });
});

describe('time-outs', () => {
  beforeEach(() => vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] }));
  afterEach(() => vi.useRealTimers());

  test('a read that gets no answer fails after 15 s with TIMEOUT', async () => {
    server.use(http.get('*/api/news', () => delay('infinite')));
    const outcome = callApi('news.list', { retries: false }).catch((e: unknown) => e);
    await vi.advanceTimersByTimeAsync(14_900);
    let settled = false;
    void outcome.then(() => (settled = true));
    await vi.advanceTimersByTimeAsync(0);
    expect(settled).toBe(false);
    await vi.advanceTimersByTimeAsync(200);
    expect(await outcome).toMatchObject({ code: 'TIMEOUT', message: 'Connection timeout' });
  });

  test('a write gives up after 30 s, a generation after 120 s', async () => {
    server.use(
      http.post('*/api/users', () => delay('infinite')),
      http.post('*/api/news/generate', () => delay('infinite')),
    );
    const write = callApi('users.create', {
      body: { name: 'A', email: 'a@b.de', role: 'Viewer' },
      retries: false,
    }).catch((e: unknown) => e);
    const generate = callApi('news.generate', { body: { topic: 'KI' }, retries: false }).catch((e: unknown) => e);
    let generated = false;
    void generate.then(() => (generated = true));
    await vi.advanceTimersByTimeAsync(30_100);
    expect(await write).toMatchObject({ code: 'TIMEOUT' });
    expect(generated).toBe(false);
    await vi.advanceTimersByTimeAsync(90_000);
    expect(await generate).toMatchObject({ code: 'TIMEOUT' });
  });
});
