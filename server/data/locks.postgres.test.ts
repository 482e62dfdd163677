// On a PostgreSQL server, where two requests really run at once (PGlite takes one transaction at a time): changes that
// read, decide and write hold their rows, so a settings save and the last-administrator guard lose nothing to a race.
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { openDatabase, type Database } from './db/client';
import { postgresUnavailable, startPostgres, type PostgresCluster } from './postgres-harness';
import { contractBody, createTestApp, type TestApp } from '../testing';

const unavailable = process.env.CI ? undefined : postgresUnavailable();

describe.skipIf(unavailable)('row locks on a PostgreSQL server', () => {
  let cluster: PostgresCluster;
  let database: Database;
  let t: TestApp;

  beforeAll(async () => {
    cluster = await startPostgres();
    database = await openDatabase({ databaseUrl: cluster.url });
    t = await createTestApp({ database });
  });
  afterAll(async () => {
    await t?.close();
    await database?.close();
    await cluster?.stop();
  });

  test('six settings saved at the same moment all hold', async () => {
    const patch = (json: unknown) => t.call('/settings', { method: 'PATCH', json });
    await contractBody('settings.update', await patch({ review: false, fourEyes: false }));
    const answers = await Promise.all([
      patch({ review: true }),
      patch({ fourEyes: true }),
      patch({ schedule: { everyMinutes: 30 } }),
      patch({ schedule: { enabled: true } }),
      patch({ onAir: { mediaSource: 'AI News Video' } }),
      patch({ disclosure: { automatic: 'Automatisch erstellt.' } }),
    ]);
    for (const answer of answers) expect(answer.status).toBe(200);
    expect(await contractBody('settings.get', await t.call('/settings'))).toMatchObject({
      review: true,
      fourEyes: true,
      schedule: { enabled: true, everyMinutes: 30 },
      onAir: { mediaSource: 'AI News Video' },
      disclosure: { automatic: 'Automatisch erstellt.' },
    });
  });

  test('two administrators demoting each other at the same moment leave one', async () => {
    const admins: string[] = [];
    for (const [name, email] of [
      ['Erste', 'erste@desk.example'],
      ['Zweite', 'zweite@desk.example'],
    ]) {
      const { user, link } = await contractBody(
        'users.create',
        await t.call('/users', { method: 'POST', json: { name, email, role: 'Admin' } }),
      );
      const set = await t.app.request('/api/session/password', {
        method: 'POST',
        headers: { 'Content-Type': 'application/json' },
        body: JSON.stringify({
          token: new URL(link.url).hash.replace('#passwort=', ''),
          password: 'ein sehr langes Passwort 42',
        }),
      });
      expect(set.status).toBe(204);
      admins.push(user.id);
    }
    const answers = await Promise.all(
      admins.map((id) => t.call(`/users/${id}`, { method: 'PATCH', json: { role: 'Editor' } })),
    );
    expect(answers.map((a) => a.status).sort()).toEqual([200, 409]);
    const list = await contractBody('users.list', await t.call('/users'));
    expect(list.filter((u) => admins.includes(u.id) && u.role === 'Admin')).toHaveLength(1);
  });
});
