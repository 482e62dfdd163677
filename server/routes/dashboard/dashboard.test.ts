import { afterAll, beforeAll, expect, test } from 'vitest';
import { seedDemo } from '../../db/seed';
import { startOpenAiFake, type OpenAiFake } from '../../../tests/fakes/openai';
import { createCredentials } from '../../providers/credentials';
import { contractBody, createTestApp, type TestApp } from '../../testing';
import { relativeTime } from './dashboard.routes';

let t: TestApp;
let openai: OpenAiFake;
beforeAll(async () => {
  // /news/generate asks the LLM now: a chat-completions fake on a free port.
  openai = await startOpenAiFake(0, { apiKey: 'sk-dashboard-0123456789' });
  t = await createTestApp({ credentials: createCredentials({ OPENAI_API_URL: `${openai.url}/v1`, OPENAI_API_KEY: 'sk-dashboard-0123456789' }) });
});
afterAll(async () => {
  await t.close();
  await openai.close();
});

const stat = (o: { stats: { id: string; value: string; description: string }[] }, id: string) => o.stats.find((s) => s.id === id);

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

  await t.call('/news/generate', { method: 'POST', json: { topic: 'Neu' } });
  await t.call('/posts', { method: 'POST', json: { title: 'Neu', status: 'draft', platform: 'youtube', publishDate: '2026-11-23', category: 'Technologie' } });
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
