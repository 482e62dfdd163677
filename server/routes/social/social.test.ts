import { afterAll, beforeAll, expect, test } from 'vitest';
import { seedDemo } from '../../data/db/seed';
import { contractBody, createTestApp, errorBody, type TestApp } from '../../testing';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

test('a fresh desk has the five platforms, none connected; connect and disconnect are stored', async () => {
  const fresh = await contractBody('social.platforms', await t.call('/social/platforms'));
  expect(fresh.map((p) => [p.id, p.connected])).toEqual([
    ['facebook', false],
    ['youtube', false],
    ['telegram', false],
    ['instagram', false],
    ['tiktok', false],
  ]);
  expect(
    (await contractBody('social.connect', await t.call('/social/platforms/tiktok/connect', { method: 'POST' })))
      .connected,
  ).toBe(true);
  expect(
    (await contractBody('social.platforms', await t.call('/social/platforms'))).find((p) => p.id === 'tiktok')
      ?.connected,
  ).toBe(true);
  expect(
    (await contractBody('social.disconnect', await t.call('/social/platforms/tiktok/disconnect', { method: 'POST' })))
      .connected,
  ).toBe(false);
  expect((await t.call('/social/platforms/myspace/connect', { method: 'POST' })).status).toBe(400);
});

test('posting needs a connected platform (409) and then its adapter settings (failed with the reason, not a fake success)', async () => {
  const notConnected = await t.call('/social/post/telegram', { method: 'POST', json: { content: 'Hallo' } });
  expect(notConnected.status).toBe(409);
  expect((await errorBody(notConnected)).message).toBe('Telegram Bot ist nicht verbunden.');
  await t.call('/social/platforms/telegram/connect', { method: 'POST' });
  const accepted = await contractBody(
    'social.post',
    await t.call('/social/post/telegram', { method: 'POST', json: { content: 'Hallo' } }),
  );
  expect(accepted.status).toBe('pending');
  await t.runPublishJobs();
  const ended = (await contractBody('social.publications', await t.call('/social/publications'))).find(
    (p) => p.id === accepted.id,
  );
  expect(ended).toMatchObject({
    status: 'failed',
    error:
      'Die Veröffentlichung auf Telegram ist nicht konfiguriert: TELEGRAM_BOT_TOKEN und TELEGRAM_CHAT_ID müssen gesetzt sein.',
  });
});

test('templates and scheduled posts are edited and stored; analytics come from the stored posts', async () => {
  await seedDemo(t.database.db);
  const templates = await contractBody('social.templates', await t.call('/social/templates'));
  expect(templates.map((x) => x.id)).toEqual(['breaking', 'video', 'live', 'daily']);
  const edited = await contractBody(
    'social.updateTemplate',
    await t.call('/social/templates/breaking', {
      method: 'PUT',
      json: { id: 'breaking', name: 'Eilmeldung', content: '🔴 {title}' },
    }),
  );
  expect(edited).toEqual({ id: 'breaking', name: 'Eilmeldung', content: '🔴 {title}' });
  expect((await contractBody('social.templates', await t.call('/social/templates')))[0].name).toBe('Eilmeldung');
  expect(
    (await t.call('/social/templates/nope', { method: 'PUT', json: { id: 'nope', name: 'x', content: 'y' } })).status,
  ).toBe(404);

  const scheduled = await contractBody('social.scheduled', await t.call('/social/scheduled'));
  expect(scheduled).toHaveLength(3);
  const moved = await contractBody(
    'social.updateScheduled',
    await t.call('/social/scheduled/sched-1', { method: 'PUT', json: { ...scheduled[0], time: '2024-01-17T07:00' } }),
  );
  expect(moved.time).toBe('2024-01-17T07:00');

  const analytics = await contractBody('social.analytics', await t.call('/social/analytics'));
  const youtubeReach = analytics.perPlatform.find((p) => p.platform === 'youtube')?.reach ?? 0;
  const publishedYoutube = (await contractBody('posts.list', await t.call('/posts?status=published'))).filter(
    (p) => p.platform === 'youtube',
  );
  expect(youtubeReach).toBe(publishedYoutube.reduce((s, p) => s + p.views, 0));
  expect(analytics.stats.find((s) => s.id === 'scheduled')?.value).toBe('3');
});
