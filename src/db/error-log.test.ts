import { http, HttpResponse } from 'msw';
import { server } from '@/mocks/node';
import { apiRequest } from '@/lib/api/client';
import { clearSecrets, registerSecret } from '@/lib/security/redact';
import { db } from './db';
import { clearErrors, computeStatistics, countRetry, listErrors, recordError, resolveError } from './error-log';

afterEach(() => clearSecrets());

describe('error log', () => {
  test('records service, message, retry count and context, unresolved', async () => {
    await recordError({
      service: 'news',
      error: 'API request failed with status 500: x',
      retryCount: 3,
      context: { path: '/news/latest' },
    });
    const [entry] = await listErrors();
    expect(entry).toMatchObject({
      service: 'news',
      error: 'API request failed with status 500: x',
      retryCount: 3,
      resolved: false,
      context: { path: '/news/latest' },
    });
    expect(typeof entry?.timestamp).toBe('number');
  });

  test('keeps at most 100 entries, newest first, dropping the oldest', async () => {
    for (let i = 1; i <= 105; i++) await recordError({ service: 'news', error: `Fehler ${i}` });
    const entries = await listErrors();
    expect(entries).toHaveLength(100);
    expect(entries[0]?.error).toBe('Fehler 105');
    expect(entries[99]?.error).toBe('Fehler 6');
    expect(await db.errorLog.count()).toBe(100);
  });

  test('identical failures fold into one entry with a count and the last time; other errors stay', async () => {
    const t0 = Date.UTC(2024, 0, 1, 12);
    const clock = vi.spyOn(Date, 'now');
    for (let i = 1; i <= 10; i++) {
      clock.mockReturnValue(t0 + i);
      await recordError({ service: 'news', error: `Fehler ${i}` });
    }
    // A backend that is down for over an hour: the drainer fails every 5 s.
    for (let tick = 0; tick < 800; tick++) {
      clock.mockReturnValue(t0 + 1000 + tick * 5000);
      await recordError({
        service: 'social',
        error: 'API request failed with status 503: down',
        retryCount: 1,
        operation: { kind: 'social.post', args: { id: 'p1' } },
      });
    }
    const entries = await listErrors();
    expect(entries).toHaveLength(11);
    expect(entries[0]).toMatchObject({
      service: 'social',
      count: 800,
      firstTimestamp: t0 + 1000,
      timestamp: t0 + 1000 + 799 * 5000,
      retryCount: 800,
      resolved: false,
    });
    expect(entries.slice(1).map((e) => e.error)).toEqual(Array.from({ length: 10 }, (_, i) => `Fehler ${10 - i}`));
  });

  test('a different operation, or an entry already resolved, is not folded into', async () => {
    const a = await recordError({
      service: 'social',
      error: 'down',
      operation: { kind: 'social.post', args: { id: 'p1' } },
    });
    await recordError({ service: 'social', error: 'down', operation: { kind: 'social.post', args: { id: 'p2' } } });
    await resolveError(a);
    await recordError({ service: 'social', error: 'down', operation: { kind: 'social.post', args: { id: 'p1' } } });
    const entries = await listErrors();
    expect(entries).toHaveLength(3);
    expect(entries.map((e) => e.count)).toEqual([1, 1, 1]);
  });

  test('resolve, count a retry, clear', async () => {
    const id = await recordError({ service: 'telegram', error: 'a' });
    await countRetry(id, 'b');
    expect((await listErrors())[0]).toMatchObject({ retryCount: 1, error: 'b', resolved: false });
    await resolveError(id);
    expect((await listErrors())[0]?.resolved).toBe(true);
    await clearErrors();
    expect(await listErrors()).toEqual([]);
  });

  test('statistics: total, active, resolved, last 24 h, total retries, per service', () => {
    const now = Date.UTC(2024, 0, 2);
    const base = { context: {}, operation: undefined };
    const stats = computeStatistics(
      [
        { ...base, id: 1, timestamp: now - 1000, service: 'news', error: 'x', retryCount: 3, resolved: false },
        { ...base, id: 2, timestamp: now - 25 * 3600_000, service: 'news', error: 'x', retryCount: 1, resolved: true },
        { ...base, id: 3, timestamp: now - 3600_000, service: 'tts', error: 'x', retryCount: 0, resolved: false },
      ],
      now,
    );
    expect(stats).toEqual({
      total: 3,
      active: 2,
      resolved: 1,
      last24h: 2,
      totalRetries: 4,
      byService: { news: 2, tts: 1 },
    });
  });
});

describe('no secret is ever written to the error log', () => {
  const SECRET = 'sk-live-4f9a8b7c6d5e';

  test('a registered key in the message, the context and the operation is redacted', async () => {
    registerSecret(SECRET);
    await recordError({
      service: 'openai',
      error: `API request failed with status 401: invalid key ${SECRET}`,
      context: { url: `https://api.example/v1?key=${SECRET}`, note: `Bearer ${SECRET}` },
      operation: { kind: 'x', args: { body: `{"prompt":"a","k":"${SECRET}"}` } },
    });
    const stored = JSON.stringify(await db.errorLog.toArray());
    expect(stored).not.toContain(SECRET);
    expect(stored).toContain('[REDACTED]');
  });

  test('a key a server echoes back in a URL and body of a failed /api call is redacted', async () => {
    registerSecret(SECRET);
    server.use(
      http.post('*/api/echo/:id', ({ request }) => new HttpResponse(`bad token for ${request.url}`, { status: 400 })),
    );
    await expect(
      apiRequest(`/echo/${SECRET}`, {
        method: 'POST',
        json: { apiKey: SECRET, text: `mit ${SECRET}` },
        context: { payload: { apiKey: SECRET } },
      }),
    ).rejects.toThrow(SECRET);
    const stored = JSON.stringify(await db.errorLog.toArray());
    expect(await db.errorLog.count()).toBe(1);
    expect(stored).not.toContain(SECRET);
  });

  test('secret-named fields are redacted even when not registered', async () => {
    await recordError({
      service: 'obs',
      error: 'x',
      context: { password: 'geheim-obs', apiKey: 'abc123456', host: 'localhost' },
    });
    const [entry] = await listErrors();
    expect(entry?.context).toEqual({ password: '[REDACTED]', apiKey: '[REDACTED]', host: 'localhost' });
  });
});
