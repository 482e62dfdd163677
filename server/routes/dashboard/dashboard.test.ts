import { afterAll, beforeAll, expect, test } from 'vitest';
import { seedDemo } from '../../data/db/seed';
import { startOpenAiFake, type OpenAiFake } from '../../../tests/fakes/openai';
import { createCredentials } from '../../adapters/providers/credentials';
import { contractBody, createTestApp, type TestApp } from '../../testing';
import { N8nClient } from '../../adapters/n8n/n8n-client';
import type { ObsHub } from '../../adapters/obs/obs-instance';
import { n8nStatus, obsStatus, relativeTime } from './dashboard.handlers';
import { news } from '../../data/db/schema';

let t: TestApp;
let openai: OpenAiFake;
beforeAll(async () => {
  // /news/generate asks the LLM now: a chat-completions fake on a free port.
  openai = await startOpenAiFake(0, { apiKey: 'sk-dashboard-0123456789' });
  t = await createTestApp({
    credentials: createCredentials({ OPENAI_API_URL: `${openai.url}/v1`, OPENAI_API_KEY: 'sk-dashboard-0123456789' }),
  });
});
afterAll(async () => {
  await t.close();
  await openai.close();
});

const stat = (o: { stats: { id: string; value: string; description: string }[] }, id: string) =>
  o.stats.find((s) => s.id === id);

test('the overview counts what is stored, not fixed numbers', async () => {
  const empty = await contractBody('dashboard.overview', await t.call('/dashboard/overview'));
  expect(stat(empty, 'news')?.value).toBe('0');
  expect(stat(empty, 'videos')?.value).toBe('0');
  expect(empty.queuedJobs).toBe(0);

  await seedDemo(t.database.db);
  const seeded = await contractBody('dashboard.overview', await t.call('/dashboard/overview'));
  expect(stat(seeded, 'news')?.value).toBe('15');
  expect(stat(seeded, 'videos')?.value).toBe('4');
  expect(stat(seeded, 'posts')?.value).toBe('127');
  expect(stat(seeded, 'posts')?.description).toBe('89 veröffentlicht · 23 geplant · 15 Entwürfe');
  // One processing video project and three scheduled posts.
  expect(seeded.queuedJobs).toBe(4);
  expect(seeded.notifications[0].message).toBe('Breaking News Video erfolgreich auf YouTube veröffentlicht');

  await t.database.db.insert(news).values({
    id: 'news-neu',
    title: 'Neu',
    source: 'Alpha',
    category: 'general',
    status: 'draft',
    createdAt: new Date().toISOString(),
    publishedAt: null,
  });
  await t.call('/posts', {
    method: 'POST',
    json: { title: 'Neu', status: 'draft', platform: 'youtube', publishDate: '2026-11-23', category: 'Technologie' },
  });
  const after = await contractBody('dashboard.overview', await t.call('/dashboard/overview'));
  expect(stat(after, 'news')?.value).toBe('16');
  expect(stat(after, 'posts')?.description).toBe('89 veröffentlicht · 23 geplant · 16 Entwürfe');
});

test('relative times read German', () => {
  const now = new Date('2026-11-23T12:00:00Z');
  expect(relativeTime(new Date('2026-11-23T11:59:40Z'), now)).toBe('gerade eben');
  expect(relativeTime(new Date('2026-11-23T11:58:00Z'), now)).toBe('vor 2 Minuten');
  expect(relativeTime(new Date('2026-11-23T11:00:00Z'), now)).toBe('vor 1 Stunde');
  expect(relativeTime(new Date('2026-11-20T12:00:00Z'), now)).toBe('vor 3 Tagen');
});

// The system status rows of n8n and OBS say what the server really has, not a fixed 'Nicht konfiguriert'.
function n8nFake(behaviour: { health: number | 'down'; api?: number }) {
  const seen: string[] = [];
  const fetchImpl: typeof fetch = async (input, init) => {
    const url = new URL(String(input));
    seen.push(`${url.pathname}${url.search} key=${new Headers(init?.headers).get('x-n8n-api-key') ?? '-'}`);
    if (url.pathname === '/healthz') {
      if (behaviour.health === 'down') throw new TypeError('fetch failed');
      return new Response('{"status":"ok"}', { status: behaviour.health });
    }
    return new Response('{"data":[]}', { status: behaviour.api ?? 200 });
  };
  return { seen, fetchImpl };
}

test('the n8n row: connected, without or with a refused key, unreachable, not configured (through GET /dashboard/overview)', async () => {
  const row = async (n8n: N8nClient | undefined) => {
    const app = await createTestApp({ database: t.database, ...(n8n ? { n8n } : {}) });
    try {
      const overview = await contractBody('dashboard.overview', await app.call('/dashboard/overview'));
      return overview.systemStatus.find((s) => s.id === 'n8n');
    } finally {
      await app.close();
    }
  };
  const ok = n8nFake({ health: 200 });
  expect(
    await row(
      new N8nClient({ baseUrl: 'http://n8n.test', apiKey: 'k-123', webhookPath: 'ai-news', fetchImpl: ok.fetchImpl }),
    ),
  ).toEqual({ id: 'n8n', name: 'n8n Workflow', status: 'online', detail: 'Verbunden' });
  expect(ok.seen).toEqual(['/healthz key=-', '/api/v1/workflows?limit=1 key=k-123']);
  const noKey = n8nFake({ health: 200 });
  expect(
    await row(
      new N8nClient({
        baseUrl: 'http://n8n.test',
        apiKey: undefined,
        webhookPath: 'ai-news',
        fetchImpl: noKey.fetchImpl,
      }),
    ),
  ).toMatchObject({
    status: 'degraded',
    detail: 'Verbunden, ohne API-Schlüssel (N8N_API_KEY): keine Logs und kein Retry',
  });
  const refused = n8nFake({ health: 200, api: 401 });
  expect(
    await row(
      new N8nClient({
        baseUrl: 'http://n8n.test',
        apiKey: 'wrong',
        webhookPath: 'ai-news',
        fetchImpl: refused.fetchImpl,
      }),
    ),
  ).toMatchObject({
    status: 'degraded',
    detail: 'Verbunden, aber n8n lehnt den API-Schlüssel ab (N8N_API_KEY prüfen)',
  });
  const down = n8nFake({ health: 'down' });
  expect(
    await row(
      new N8nClient({ baseUrl: 'http://n8n.test', apiKey: 'k-123', webhookPath: 'ai-news', fetchImpl: down.fetchImpl }),
    ),
  ).toMatchObject({ status: 'offline', detail: 'Nicht erreichbar' });
  const failing = n8nFake({ health: 503 });
  expect(
    await row(
      new N8nClient({
        baseUrl: 'http://n8n.test',
        apiKey: 'k-123',
        webhookPath: 'ai-news',
        fetchImpl: failing.fetchImpl,
      }),
    ),
  ).toMatchObject({ status: 'offline', detail: 'Nicht erreichbar' });
  expect(await row(undefined)).toEqual({
    id: 'n8n',
    name: 'n8n Workflow',
    status: 'offline',
    detail: 'Nicht konfiguriert',
  });
});

test('n8n reachability is asked once per 10 s, not on every overview read', async () => {
  const fake = n8nFake({ health: 200 });
  const client = new N8nClient({
    baseUrl: 'http://n8n.test',
    apiKey: 'k-123',
    webhookPath: 'ai-news',
    fetchImpl: fake.fetchImpl,
  });
  expect(await n8nStatus(client)).toMatchObject({ status: 'online' });
  expect(await n8nStatus(client)).toMatchObject({ status: 'online' });
  expect(fake.seen.filter((s) => s.startsWith('/healthz'))).toHaveLength(1);
  await client.reachability(Date.now() + 10_001);
  expect(fake.seen.filter((s) => s.startsWith('/healthz'))).toHaveLength(2);
});

test("the OBS row counts the server's connected instances and names why the others are not", () => {
  const hub = (instances: Array<{ name: string; state: string; lastError?: { code: number; message: string } }>) =>
    ({ instances }) as unknown as ObsHub;
  expect(obsStatus(undefined)).toEqual({
    id: 'obs',
    name: 'OBS WebSocket',
    status: 'offline',
    detail: 'Nicht konfiguriert',
  });
  expect(obsStatus(hub([{ name: 'Regie', state: 'connected' }]))).toEqual({
    id: 'obs',
    name: 'OBS WebSocket',
    status: 'online',
    detail: 'Regie: verbunden',
  });
  expect(
    obsStatus(
      hub([
        { name: 'Regie', state: 'connected' },
        { name: 'Regie 2', state: 'auth-failed', lastError: { code: 4009, message: 'Falsches Passwort.' } },
      ]),
    ),
  ).toMatchObject({ status: 'degraded', detail: 'Regie: verbunden · Regie 2: Falsches Passwort.' });
  expect(obsStatus(hub([{ name: 'Regie', state: 'reconnecting' }]))).toMatchObject({
    status: 'offline',
    detail: 'Regie: nicht verbunden',
  });
});
