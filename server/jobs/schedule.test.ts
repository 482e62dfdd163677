// Scheduled posts through the job queue on the embedded database: published at their time (in their zone), once;
// moved with their time; retried after a platform failure; never sent twice after a crash mid-publish.
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, expect, test } from 'vitest';
import { startTelegramFake, TELEGRAM_TOKEN } from '../../tests/fakes/telegram-social';
import { createCredentials } from '../adapters/providers/credentials';
import { createJobWorker } from '../adapters/providers/social/services';
import { contractBody, createTestApp, type TestApp } from '../testing';

let t: TestApp;
let telegram: Awaited<ReturnType<typeof startTelegramFake>>;
let clock = new Date('2026-11-24T06:00:00Z');
const worker = (id: string, claimTimeoutMs = 60_000) =>
  createJobWorker(t.database, t.social, { pollMs: 1000, now: () => clock, workerId: id, claimTimeoutMs });

beforeAll(async () => {
  telegram = await startTelegramFake(0);
  t = await createTestApp({
    credentials: createCredentials({
      TELEGRAM_API_URL: telegram.url,
      TELEGRAM_BOT_TOKEN: TELEGRAM_TOKEN,
      TELEGRAM_CHAT_ID: '@desk',
    }),
  });
  await t.call('/social/platforms/telegram/connect', { method: 'POST' });
});
afterAll(async () => {
  await t?.close();
  await telegram?.close();
});
beforeEach(async () => {
  await t.database.db.execute(sql`DELETE FROM jobs`);
});

const schedule = async (content: string, scheduledAt: string, timeZone?: string) =>
  contractBody(
    'social.post',
    await t.call('/social/post/telegram', {
      method: 'POST',
      json: { content, title: content, scheduledAt, ...(timeZone ? { timeZone } : {}) },
    }),
  );
const sentTexts = () => telegram.sent().map((m) => m.text);

test('a post scheduled for 08:00 Europe/Berlin goes out at 07:00 UTC, once, and the Schedule list says published', async () => {
  clock = new Date('2026-11-24T06:00:00Z');
  const result = await schedule('Morgenpost', '2026-11-24T08:00', 'Europe/Berlin');
  expect(result.status).toBe('scheduled');
  const listed = (await contractBody('social.scheduled', await t.call('/social/scheduled'))).find(
    (s) => s.id === result.id,
  );
  expect(listed).toMatchObject({ platform: 'telegram', time: '2026-11-24T08:00', status: 'scheduled' });

  clock = new Date('2026-11-24T06:59:59Z');
  expect(await worker('w1').runDue()).toBe(0);
  expect(sentTexts()).not.toContain('Morgenpost');

  clock = new Date('2026-11-24T07:00:00Z');
  expect(await worker('w1').runDue()).toBe(1);
  expect(await worker('w2').runDue()).toBe(0);
  expect(sentTexts().filter((x) => x === 'Morgenpost')).toHaveLength(1);
  expect(
    (await contractBody('social.scheduled', await t.call('/social/scheduled'))).find((s) => s.id === result.id)?.status,
  ).toBe('published');
});

test('an ISO time with its offset is taken as it is; editing the time moves the job', async () => {
  clock = new Date('2026-11-24T06:00:00Z');
  const result = await schedule('Verschoben', '2026-11-24T09:00:00+01:00');
  const [listed] = (await contractBody('social.scheduled', await t.call('/social/scheduled'))).filter(
    (s) => s.id === result.id,
  );
  await contractBody(
    'social.updateScheduled',
    await t.call(`/social/scheduled/${result.id}`, {
      method: 'PUT',
      json: { ...listed, time: '2026-11-24T10:00:00+01:00' },
    }),
  );
  clock = new Date('2026-11-24T08:30:00Z');
  expect(await worker('w1').runDue()).toBe(0);
  clock = new Date('2026-11-24T09:00:00Z');
  expect(await worker('w1').runDue()).toBe(1);
  expect(sentTexts().filter((x) => x === 'Verschoben')).toHaveLength(1);
});

test('a platform failure (5xx) sends the job back for later; it then goes out once', async () => {
  clock = new Date('2026-11-24T06:00:00Z');
  const result = await schedule('Nach Störung', '2026-11-24T06:00:00Z');
  telegram.failNext(/sendMessage/, { status: 502, body: { ok: false, error_code: 502, description: 'Bad Gateway' } });
  expect(await worker('w1').runDue()).toBe(1);
  expect(sentTexts()).not.toContain('Nach Störung');
  expect(
    (await contractBody('social.scheduled', await t.call('/social/scheduled'))).find((s) => s.id === result.id)?.status,
  ).toBe('scheduled');
  clock = new Date('2026-11-24T06:01:00Z');
  expect(await worker('w1').runDue()).toBe(1);
  expect(sentTexts().filter((x) => x === 'Nach Störung')).toHaveLength(1);
});

test('a worker that died mid-publish: after the claim timeout another takes the job over and does not post again blindly', async () => {
  clock = new Date('2026-11-24T06:00:00Z');
  const result = await schedule('Absturz', '2026-11-24T06:00:00Z');
  const dying = worker('dying', 60_000);
  expect(await dying.claim()).toBeDefined();
  // It got as far as marking the result "publishing" and then the process ended.
  await t.database.db.execute(sql`UPDATE social_post_results SET status = 'publishing' WHERE id = ${result.id}`);
  expect(await worker('other').runDue()).toBe(0);
  clock = new Date('2026-11-24T06:01:01Z');
  expect(await worker('other').runDue()).toBe(1);
  expect(sentTexts()).not.toContain('Absturz');
  expect(
    (await contractBody('social.scheduled', await t.call('/social/scheduled'))).find((s) => s.id === result.id)?.status,
  ).toBe('failed');
});

const listedOf = async (id: string) =>
  (await contractBody('social.scheduled', await t.call('/social/scheduled'))).find((s) => s.id === id);
const edit = (id: string, change: Record<string, unknown>, listed: object | undefined) =>
  t.call(`/social/scheduled/${id}`, { method: 'PUT', json: { ...listed, ...change } });

test('an edit of a scheduled post that has gone out answers 409 and leaves it as published', async () => {
  clock = new Date('2026-11-24T06:00:00Z');
  const result = await schedule('Schon draußen', '2026-11-24T06:00:00Z');
  const stale = await listedOf(result.id);
  expect(await worker('w1').runDue()).toBe(1);
  const res = await edit(result.id, { title: 'Zu spät', content: 'Zu spät' }, stale);
  expect(res.status).toBe(409);
  expect(((await res.json()) as { message: string }).message).toBe(
    'Der Post ist bereits veröffentlicht und kann nicht mehr geändert werden.',
  );
  expect(await listedOf(result.id)).toMatchObject({ title: 'Schon draußen', status: 'published' });
});

test('an edit while a worker holds the job answers 409: the post goes out as it was, once', async () => {
  clock = new Date('2026-11-24T06:00:00Z');
  const result = await schedule('Im Versand', '2026-11-24T06:00:00Z');
  const listed = await listedOf(result.id);
  const holder = worker('w1');
  const job = await holder.claim();
  expect(job).toBeDefined();
  const res = await edit(result.id, { content: 'Neuer Text', time: '2026-11-24T09:00:00Z' }, listed);
  expect(res.status).toBe(409);
  expect(((await res.json()) as { message: string }).message).toBe(
    'Der Post wird gerade veröffentlicht und kann nicht mehr geändert werden.',
  );
  expect(await listedOf(result.id)).toMatchObject({ content: 'Im Versand', time: '2026-11-24T06:00:00Z' });
  await t.social.publisher.runJob(job!);
  expect(sentTexts().filter((x) => x === 'Im Versand')).toHaveLength(1);
  expect(sentTexts()).not.toContain('Neuer Text');
});

test('an edit whose time has no zone answers 400 and changes nothing', async () => {
  clock = new Date('2026-11-24T06:00:00Z');
  const result = await schedule('Ohne Zone', '2026-11-24T09:00:00+01:00');
  const listed = await listedOf(result.id);
  const res = await edit(result.id, { title: 'Umbenannt', time: '2026-11-24T10:00' }, listed);
  expect(res.status).toBe(400);
  expect(await listedOf(result.id)).toMatchObject({ title: 'Ohne Zone', time: '2026-11-24T09:00:00+01:00' });
  clock = new Date('2026-11-24T08:00:00Z');
  expect(await worker('w1').runDue()).toBe(1);
  expect(sentTexts().filter((x) => x === 'Ohne Zone')).toHaveLength(1);
});

test('an edit of a scheduled post whose own job has ended answers 409 instead of claiming it is being sent', async () => {
  clock = new Date('2026-11-24T06:00:00Z');
  const result = await schedule('Beendet', '2026-11-24T09:00:00Z');
  const listed = await listedOf(result.id);
  await t.database.db.execute(sql`UPDATE jobs SET done_at = now() WHERE unique_key = ${`social-post:${result.id}`}`);
  const res = await edit(result.id, { time: '2026-11-24T10:00:00Z' }, listed);
  expect(res.status).toBe(409);
  expect(((await res.json()) as { message: string }).message).toBe(
    'Der Post wartet nicht mehr auf seine Zeit (siehe „Veröffentlichungen“) und kann nicht mehr geändert werden.',
  );
});
