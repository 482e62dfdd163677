// A slow platform never makes a post look failed, nor go out twice: Post Now answers 202 with the publication at once,
// the job queue publishes it, and a browser that sends the same Idempotency-Key again (it gave up waiting, or the
// server crashed before answering) gets that same publication as it stands — the platform receives the post once.
import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { startTelegramFake, TELEGRAM_TOKEN } from '../../../tests/fakes/telegram-social';
import type { JobWorker } from '../../jobs/queue';
import { createCredentials } from '../../adapters/providers/credentials';
import { createJobWorker } from '../../adapters/providers/social/services';
import { contractBody, createTestApp, errorBody, type TestApp } from '../../testing';

let t: TestApp;
let telegram: Awaited<ReturnType<typeof startTelegramFake>>;

beforeAll(async () => {
  telegram = await startTelegramFake(0);
  t = await createTestApp({
    credentials: createCredentials({
      TELEGRAM_API_URL: telegram.url,
      TELEGRAM_BOT_TOKEN: TELEGRAM_TOKEN,
      TELEGRAM_CHAT_ID: '@newsdesk',
    }),
  });
  await t.call('/social/platforms/telegram/connect', { method: 'POST' });
});
afterAll(async () => {
  await t?.close();
  await telegram?.close();
});

const postOnce = (content: string, key: string) =>
  t.call('/social/post/telegram', { method: 'POST', json: { content }, headers: { 'Idempotency-Key': key } });
/** How many sendMessage calls with this text reached the platform (answered or not). */
const arrivals = (content: string) =>
  telegram.requests.filter((r) => r.path.endsWith('/sendMessage') && r.text.includes(content)).length;
const delivered = (content: string) => telegram.sent().filter((m) => m.text === content).length;

test('Post Now answers 202 at once while the platform is slow; the same key while publishing and after gets the same publication; one post', async () => {
  const worker: JobWorker = createJobWorker(t.database, t.social, { pollMs: 60_000, workerId: 'slow-a' });
  worker.start();
  try {
    const content = `Langsame Plattform ${randomUUID()}`;
    const key = randomUUID();
    const slow = telegram.holdNext(/sendMessage$/);
    const started = Date.now();
    const accepted = await contractBody('social.post', await postOnce(content, key));
    expect(accepted).toMatchObject({ platform: 'telegram', status: 'pending' });
    // Answered before the platform has answered (it holds the post until released).
    expect(Date.now() - started).toBeLessThan(5000);

    // The worker is woken by the accepted post, not by its next poll (a minute away).
    await slow.arrived;
    const whilePublishing = await postOnce(content, key);
    expect(whilePublishing.status).toBe(202);
    expect(await contractBody('social.post', whilePublishing)).toEqual({
      id: accepted.id,
      platform: 'telegram',
      status: 'publishing',
    });
    expect(arrivals(content)).toBe(1);

    slow.release();
    await expect
      .poll(async () => (await contractBody('social.post', await postOnce(content, key))).status, { timeout: 10_000 })
      .toBe('published');
    const after = await contractBody('social.post', await postOnce(content, key));
    expect(after).toEqual({ id: accepted.id, platform: 'telegram', status: 'published' });
    expect(arrivals(content)).toBe(1);
    expect(delivered(content)).toBe(1);
    const listed = (await contractBody('social.publications', await t.call('/social/publications'))).filter(
      (p) => p.content === content,
    );
    expect(listed.map((p) => [p.id, p.status])).toEqual([[accepted.id, 'published']]);
  } finally {
    await worker.stop();
  }
});

test('two requests with one key at the same moment: one publication, one post', async () => {
  const content = `Doppelt gesendet ${randomUUID()}`;
  const key = randomUUID();
  const [a, b] = await Promise.all([postOnce(content, key), postOnce(content, key)]);
  const [first, second] = [await contractBody('social.post', a), await contractBody('social.post', b)];
  expect(second.id).toBe(first.id);
  expect(await t.runPublishJobs()).toBe(1);
  expect(delivered(content)).toBe(1);
});

test('a crash after publishing, before any answer was kept: the same key answers the published row and posts nothing again', async () => {
  const content = `Nach dem Absturz ${randomUUID()}`;
  const key = randomUUID();
  const accepted = await contractBody('social.post', await postOnce(content, key));
  expect(await t.runPublishJobs()).toBe(1);
  // The record of the post is its publication row, not a stored answer of the request.
  await t.database.db.execute(sql`DELETE FROM idempotency_keys WHERE key = ${key}`);
  const retried = await contractBody('social.post', await postOnce(content, key));
  expect(retried).toEqual({ id: accepted.id, platform: 'telegram', status: 'published' });
  expect(await t.runPublishJobs()).toBe(0);
  expect(arrivals(content)).toBe(1);
});

test('a worker that died while the platform had the post: the job taken over marks it failed to check, never sends it again', async () => {
  const content = `Worker weg ${randomUUID()}`;
  const key = randomUUID();
  const accepted = await contractBody('social.post', await postOnce(content, key));
  // What a crash mid-publish leaves: the row being published, its job claimed by a worker whose lease has lapsed.
  await t.database.db.execute(sql`UPDATE social_post_results SET status = 'publishing' WHERE id = ${accepted.id}`);
  await t.database.db.execute(
    sql`UPDATE jobs SET claimed_by = 'gone', claimed_until = now() - interval '1 minute', attempts = 1 WHERE unique_key = ${`social-post:${accepted.id}`}`,
  );
  expect(await t.runPublishJobs()).toBe(1);
  expect(arrivals(content)).toBe(0);
  const retried = await contractBody('social.post', await postOnce(content, key));
  expect(retried).toEqual({
    id: accepted.id,
    platform: 'telegram',
    status: 'failed',
    error:
      'Die Veröffentlichung wurde unterbrochen (Server-Neustart) – bitte auf der Plattform prüfen und bei Bedarf erneut senden.',
  });
});

test('the same key with another text is refused (422) and posts nothing', async () => {
  const key = randomUUID();
  const content = `Erster Text ${randomUUID()}`;
  await contractBody('social.post', await postOnce(content, key));
  const other = await postOnce(`Anderer Text ${randomUUID()}`, key);
  expect(other.status).toBe(422);
  expect(await errorBody(other)).toEqual({
    message: 'Dieser Idempotency-Key gehört zu einer anderen Anfrage.',
    code: 'idempotency_key_reused',
  });
  const invalid = await postOnce(content, ' ');
  expect(invalid.status).toBe(400);
  await t.runPublishJobs();
  expect(delivered(content)).toBe(1);
});
