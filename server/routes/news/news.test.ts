import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { startOpenAiFake, type OpenAiFake } from '../../../tests/fakes/openai';
import { newsTexts } from '../../db/schema';
import { seedDemo } from '../../db/seed';
import { createCredentials } from '../../providers/credentials';
import { contractBody, createTestApp, errorBody, type TestApp } from '../../testing';

let t: TestApp;
let openai: OpenAiFake;
beforeAll(async () => {
  // The chat-completions fake on a port of prov-video's range.
  openai = await startOpenAiFake(0, { apiKey: 'sk-news-0123456789' });
  t = await createTestApp({ credentials: createCredentials({ OPENAI_API_URL: `${openai.url}/v1`, OPENAI_API_KEY: 'sk-news-0123456789' }) });
  await seedDemo(t.database.db);
});
afterAll(async () => {
  await t.close();
  await openai.close();
});

test('list and latest come from the stored items', async () => {
  const list = await contractBody('news.list', await t.call('/news'));
  expect(list).toHaveLength(15);
  expect(list[0].title).toBe('Neuer KI-Chip halbiert den Stromverbrauch');
  const latest = await contractBody('news.latest', await t.call('/news/latest'));
  expect(latest).toHaveLength(10);
  expect(latest.map((n) => n.createdAt)).toEqual([...latest.map((n) => n.createdAt)].sort().reverse());
});

test('generate asks the LLM and stores its article as a draft; a blank topic is refused', async () => {
  openai.setReply(() => '**KI-Gipfel: Einigung auf Regeln**\n\nIn Berlin haben sich die Minister auf gemeinsame Regeln geeinigt.');
  const item = await contractBody('news.generate', await t.call('/news/generate', { method: 'POST', json: { topic: '  Künstliche Intelligenz ', language: 'de' } }));
  expect(item).toMatchObject({ title: 'KI-Gipfel: Einigung auf Regeln', status: 'draft', publishedAt: null });
  const sent = openai.requests.find((r) => r.path === '/v1/chat/completions')?.body as { model: string; messages: { role: string; content: string }[] };
  expect(sent.model).toBe('gpt-4o-mini');
  expect(sent.messages.at(-1)?.content).toContain('„Künstliche Intelligenz“ in der Sprache „de“');
  const [stored] = await t.database.db.select().from(newsTexts).where(eq(newsTexts.newsId, item.id));
  expect(stored.body).toBe('In Berlin haben sich die Minister auf gemeinsame Regeln geeinigt.');
  expect((await contractBody('news.latest', await t.call('/news/latest')))[0].id).toBe(item.id);

  // A rate limit stores nothing and passes the provider's Retry-After on.
  const before = (await contractBody('news.list', await t.call('/news'))).length;
  openai.failNext({ status: 429, body: { error: { message: 'Rate limit reached for gpt-4o-mini', type: 'requests', param: null, code: 'rate_limit_exceeded' } }, headers: { 'Retry-After': '20' } });
  const limited = await t.call('/news/generate', { method: 'POST', json: { topic: 'Börse' } });
  expect(limited.status).toBe(429);
  expect(limited.headers.get('retry-after')).toBe('20');
  expect((await errorBody(limited)).message).toBe('Der KI-Anbieter: Rate limit erreicht – bitte in 20 s erneut versuchen.');
  expect((await contractBody('news.list', await t.call('/news'))).length).toBe(before);

  const blank = await t.call('/news/generate', { method: 'POST', json: { topic: '  ' } });
  expect(blank.status).toBe(400);
  expect((await errorBody(blank)).issues?.[0].path).toBe('body.topic');
});

test('publish only drafts, retry only failed items — 409 otherwise, 404 for unknown ids', async () => {
  // news-3 is a draft, news-5 failed, news-1 published (fixture order of statuses).
  const published = await contractBody('news.publish', await t.call('/news/news-3/publish', { method: 'POST' }));
  expect(published.status).toBe('published');
  expect(published.publishedAt).not.toBeNull();
  const again = await t.call('/news/news-3/publish', { method: 'POST' });
  expect(again.status).toBe(409);
  expect((await errorBody(again)).message).toBe('Nur Entwürfe können veröffentlicht werden.');

  const retried = await contractBody('news.retry', await t.call('/news/news-5/retry', { method: 'POST' }));
  expect(retried.status).toBe('draft');
  const notFailed = await t.call('/news/news-1/retry', { method: 'POST' });
  expect(notFailed.status).toBe(409);
  expect((await errorBody(notFailed)).message).toBe('Nur fehlgeschlagene Meldungen können wiederholt werden.');
  expect((await t.call('/news/nope/publish', { method: 'POST' })).status).toBe(404);

  const stored = await contractBody('news.list', await t.call('/news'));
  expect(stored.find((n) => n.id === 'news-3')?.status).toBe('published');
});
