// On a real PostgreSQL, where two feeds are stored on two connections at once: the same story is still one item.
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { openDatabase, type Database } from '../data/db/client';
import { postgresUnavailable, startPostgres, type PostgresCluster } from '../data/postgres-harness';
import { claimDueSources } from './poll';
import { createSource, listItems, storeItems } from './store';

// Skipped only on a developer machine without Debian's postgresql; in CI a missing server fails.
const unavailable = process.env.CI ? undefined : postgresUnavailable();

describe.skipIf(unavailable)('items of two feeds stored at once on PostgreSQL', () => {
  let cluster: PostgresCluster;
  let one: Database;
  let two: Database;
  beforeAll(async () => {
    cluster = await startPostgres();
    one = await openDatabase({ databaseUrl: cluster.url });
    two = await openDatabase({ databaseUrl: cluster.url });
  }, 120_000);
  afterAll(async () => {
    await one?.close();
    await two?.close();
    await cluster?.stop();
  });

  test('the same story from two feeds at the same moment is one item carried by both', async () => {
    for (let round = 0; round < 5; round += 1) {
      const a = await createSource(one.db, {
        name: `Alpha ${round}`,
        url: `https://alpha.example/feed-${round}`,
        category: 'general',
        language: 'de',
        enabled: true,
      });
      const b = await createSource(one.db, {
        name: `Beta ${round}`,
        url: `https://beta.example/feed-${round}`,
        category: 'general',
        language: 'de',
        enabled: true,
      });
      const title = `Runde ${round}: Bundestag beschließt Gesetz zur Förderung erneuerbarer Energien`;
      const story = (url: string) => ({ title, url, summary: 'Der Bundestag hat ein Gesetz beschlossen.' });
      await Promise.all([
        storeItems(one.db, { ...a, category: 'general', language: 'de' }, [
          story(`https://alpha.example/gesetz-${round}`),
        ]),
        storeItems(two.db, { ...b, category: 'general', language: 'de' }, [
          story(`https://beta.example/energie-${round}`),
        ]),
      ]);
      const items = (await listItems(one.db, { limit: 50 })).filter((i) => i.title === title);
      expect(items).toHaveLength(1);
      expect([...items[0].sources].sort()).toEqual([`Alpha ${round}`, `Beta ${round}`]);
    }
  });

  test('two instances claiming due sources at the same moment read each source once', async () => {
    const ids: string[] = [];
    for (let i = 0; i < 12; i += 1)
      ids.push(
        (
          await createSource(one.db, {
            name: `Claim ${i}`,
            url: `https://claim.example/feed-${i}`,
            category: 'general',
            language: 'de',
            enabled: true,
          })
        ).id,
      );
    const now = new Date();
    const [a, b] = await Promise.all([
      claimDueSources(one.db, { now, holdMs: 15 * 60_000, limit: 50, ids }),
      claimDueSources(two.db, { now, holdMs: 15 * 60_000, limit: 50, ids }),
    ]);
    const claimed = [...a, ...b].map((s) => s.id).sort();
    expect(claimed).toEqual([...ids].sort());
    // Held until the next interval: claimed again only then.
    expect(
      await claimDueSources(one.db, { now: new Date(now.getTime() + 60_000), holdMs: 15 * 60_000, limit: 50, ids }),
    ).toEqual([]);
  });
});
