import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { startFeedServer, type FeedServer } from '../../../tests/fakes/feeds';
import { startOpenAiFake, type OpenAiFake } from '../../../tests/fakes/openai';
import { newsTexts } from '../../data/db/schema';
import { seedDemo } from '../../data/db/seed';
import { createCredentials } from '../../adapters/providers/credentials';
import { contractBody, createTestApp, errorBody, type TestApp } from '../../testing';

let t: TestApp;
let openai: OpenAiFake;
let feeds: FeedServer;
beforeAll(async () => {
  feeds = await startFeedServer({
    '/ki.json': {
      type: 'application/feed+json',
      body: JSON.stringify({
        version: 'https://jsonfeed.org/version/1.1',
        title: 'KI-Woche',
        items: [
          {
            id: 'ki-1',
            url: 'https://ki-woche.example/gipfel',
            title: 'Minister einigen sich auf Regeln für Künstliche Intelligenz',
            content_text:
              'In Berlin haben sich die Minister der EU auf gemeinsame Regeln für Künstliche Intelligenz geeinigt. Die Regeln sollen im kommenden Jahr gelten.',
            date_published: new Date().toISOString(),
          },
        ],
      }),
    },
  });
  // The chat-completions fake on a port of the video range.
  openai = await startOpenAiFake(0, { apiKey: 'sk-news-0123456789' });
  t = await createTestApp({
    credentials: createCredentials({ OPENAI_API_URL: `${openai.url}/v1`, OPENAI_API_KEY: 'sk-news-0123456789' }),
  });
  await seedDemo(t.database.db);
});
afterAll(async () => {
  await t.close();
  await openai.close();
  await feeds.close();
});

test('list and latest come from the stored items', async () => {
  const list = await contractBody('news.list', await t.call('/news'));
  expect(list).toHaveLength(15);
  expect(list[0].title).toBe('Neuer KI-Chip halbiert den Stromverbrauch');
  const latest = await contractBody('news.latest', await t.call('/news/latest'));
  expect(latest).toHaveLength(10);
  expect(latest.map((n) => n.createdAt)).toEqual([...latest.map((n) => n.createdAt)].sort().reverse());
});

test('publishedSince narrows the list to the stories published since that instant, and only an ISO instant is taken', async () => {
  const list = await contractBody('news.list', await t.call('/news'));
  const published = list
    .filter((n) => n.status === 'published')
    .map((n) => n.publishedAt ?? '')
    .sort();
  expect(published.length).toBeGreaterThan(2);
  // A draft newer than the cut stays out: only published stories count.
  expect(list.some((n) => n.status !== 'published' && n.createdAt >= published[published.length - 2])).toBe(true);
  const since = published[published.length - 2];
  const recent = await contractBody('news.list', await t.call(`/news?publishedSince=${encodeURIComponent(since)}`));
  expect(recent.map((n) => n.publishedAt).sort()).toEqual(published.slice(-2));
  expect(recent.every((n) => n.status === 'published')).toBe(true);
  const future = await contractBody('news.list', await t.call('/news?publishedSince=2099-01-01T00:00:00.000Z'));
  expect(future).toEqual([]);
  for (const bad of ['2026-11-28', '2026-11-28T00:00:00+01:00', 'gestern']) {
    const answer = await t.call(`/news?publishedSince=${encodeURIComponent(bad)}`);
    expect(answer.status, bad).toBe(400);
  }
});

const script = (cite: string) =>
  Array.from({ length: 20 }, () => `Dieser Satz fasst zusammen, was die Quelle über den Gipfel schreibt ${cite}.`).join(
    ' ',
  );

test("generate writes the story from the sources' items on the topic, citing them; nothing matching is a 422", async () => {
  const none = await t.call('/news/generate', { method: 'POST', json: { topic: 'Quantenkatze' } });
  expect(none.status).toBe(422);
  expect((await errorBody(none)).message).toBe('Keine aktuelle Meldung zum Thema „Quantenkatze“ gefunden.');

  await contractBody(
    'sources.create',
    await t.call('/sources', {
      method: 'POST',
      json: { name: 'KI-Woche', url: `${feeds.url}/ki.json`, category: 'Technologie', language: 'de' },
    }),
  );
  openai.setReply(
    () =>
      `TITEL: KI-Gipfel: Einigung auf Regeln\nTEASER: Die Minister haben sich auf Regeln für Künstliche Intelligenz geeinigt.\nSKRIPT: ${script('[1]')}`,
  );
  const item = await contractBody(
    'news.generate',
    await t.call('/news/generate', { method: 'POST', json: { topic: '  Künstliche Intelligenz ', language: 'de' } }),
  );
  expect(item).toMatchObject({
    title: 'KI-Gipfel: Einigung auf Regeln',
    status: 'draft',
    publishedAt: null,
    source: 'KI-Woche',
    category: 'Technologie',
  });
  const sent = openai.requests.find((r) => r.path === '/v1/chat/completions')?.body as {
    model: string;
    messages: { role: string; content: string }[];
  };
  expect(sent.model).toBe('gpt-4o-mini');
  // The model sees the item's text and is told to use nothing else.
  expect(sent.messages.at(-1)?.content).toContain(
    '[1] Minister einigen sich auf Regeln für Künstliche Intelligenz (KI-Woche)',
  );
  expect(sent.messages.at(-1)?.content).toContain('Verwende ausschließlich Tatsachen, die in den Quellen stehen');
  const [stored] = await t.database.db.select().from(newsTexts).where(eq(newsTexts.newsId, item.id));
  expect(stored).toMatchObject({ body: script('[1]'), model: 'gpt-4o-mini' });
  expect((await contractBody('news.latest', await t.call('/news/latest')))[0].id).toBe(item.id);

  // An answer citing an item that does not exist is not kept: the extractive story of the item is.
  openai.setReply(() => `TITEL: Erfunden\nTEASER: Erfunden.\nSKRIPT: ${script('[7]')}`);
  const checked = await contractBody(
    'news.generate',
    await t.call('/news/generate', { method: 'POST', json: { topic: 'Künstliche Intelligenz', language: 'de' } }),
  );
  expect(checked.title).toBe('Minister einigen sich auf Regeln für Künstliche Intelligenz');
  const [fallback] = await t.database.db.select().from(newsTexts).where(eq(newsTexts.newsId, checked.id));
  expect(fallback.body).toBe(
    'In Berlin haben sich die Minister der EU auf gemeinsame Regeln für Künstliche Intelligenz geeinigt. [1] Die Regeln sollen im kommenden Jahr gelten. [1]',
  );
  expect(fallback.model).toBe(
    'Automatisch zusammengefasst (ohne KI); die Antwort des Modells hielt der Prüfung nicht stand',
  );

  // A rate limit stores nothing and passes the provider's Retry-After on.
  const before = (await contractBody('news.list', await t.call('/news'))).length;
  openai.failNext({
    status: 429,
    body: {
      error: {
        message: 'Rate limit reached for gpt-4o-mini',
        type: 'requests',
        param: null,
        code: 'rate_limit_exceeded',
      },
    },
    headers: { 'Retry-After': '20' },
  });
  const limited = await t.call('/news/generate', { method: 'POST', json: { topic: 'Künstliche Intelligenz' } });
  expect(limited.status).toBe(429);
  expect(limited.headers.get('retry-after')).toBe('20');
  expect((await errorBody(limited)).message).toBe(
    'Der KI-Anbieter: Rate limit erreicht – bitte in 20 s erneut versuchen.',
  );
  expect((await contractBody('news.list', await t.call('/news'))).length).toBe(before);

  const blank = await t.call('/news/generate', { method: 'POST', json: { topic: '  ' } });
  expect(blank.status).toBe(400);
  expect((await errorBody(blank)).issues?.[0].path).toBe('body.topic');
});

test('publish only drafts and stories in review, retry only failed items — 409 otherwise, 404 for unknown ids', async () => {
  // news-3 is a draft, news-5 failed, news-1 published (fixture order of statuses).
  const published = await contractBody('news.publish', await t.call('/news/news-3/publish', { method: 'POST' }));
  expect(published.status).toBe('published');
  expect(published.publishedAt).not.toBeNull();
  const again = await t.call('/news/news-3/publish', { method: 'POST' });
  expect(again.status).toBe(409);
  expect((await errorBody(again)).message).toBe('Nur Entwürfe und Meldungen in Prüfung können veröffentlicht werden.');

  const retried = await contractBody('news.retry', await t.call('/news/news-5/retry', { method: 'POST' }));
  expect(retried.status).toBe('draft');
  const notFailed = await t.call('/news/news-1/retry', { method: 'POST' });
  expect(notFailed.status).toBe(409);
  expect((await errorBody(notFailed)).message).toBe('Nur fehlgeschlagene Meldungen können wiederholt werden.');
  expect((await t.call('/news/nope/publish', { method: 'POST' })).status).toBe(404);

  const stored = await contractBody('news.list', await t.call('/news'));
  expect(stored.find((n) => n.id === 'news-3')?.status).toBe('published');
});
