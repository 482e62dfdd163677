import { afterAll, beforeAll, expect, test } from 'vitest';
import { seedDemo } from '../../db/seed';
import { contractBody, createTestApp, errorBody, type TestApp } from '../../testing';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
  await seedDemo(t.database.db);
});
afterAll(() => t.close());

test('list and latest come from the stored items', async () => {
  const list = await contractBody('news.list', await t.call('/news'));
  expect(list).toHaveLength(15);
  expect(list[0].title).toBe('Neuer KI-Chip halbiert den Stromverbrauch');
  const latest = await contractBody('news.latest', await t.call('/news/latest'));
  expect(latest).toHaveLength(10);
  expect(latest.map((n) => n.createdAt)).toEqual([...latest.map((n) => n.createdAt)].sort().reverse());
});

test('generate stores a draft on the topic; a blank topic is refused', async () => {
  const item = await contractBody('news.generate', await t.call('/news/generate', { method: 'POST', json: { topic: '  Künstliche Intelligenz ' } }));
  expect(item).toMatchObject({ title: 'Künstliche Intelligenz', status: 'draft', publishedAt: null });
  expect((await contractBody('news.latest', await t.call('/news/latest')))[0].id).toBe(item.id);
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
