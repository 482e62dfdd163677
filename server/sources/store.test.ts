// Items are stored once: by canonical address, and the same story from two feeds read at the same moment is one item
// carried by both sources.
import { afterAll, beforeAll, expect, test } from 'vitest';
import { createTestApp, type TestApp } from '../testing';
import { createSource, listItems, storeItems } from './store';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

test('the same story from two feeds stored at the same moment is one item with both sources', async () => {
  const a = await createSource(t.database.db, {
    name: 'Alpha',
    url: 'https://alpha.example/feed',
    category: 'general',
    language: 'de',
    enabled: true,
  });
  const b = await createSource(t.database.db, {
    name: 'Beta',
    url: 'https://beta.example/feed',
    category: 'general',
    language: 'de',
    enabled: true,
  });
  const story = (url: string) => ({
    title: 'Bundestag beschließt Gesetz zur Förderung erneuerbarer Energien',
    url,
    summary: 'Der Bundestag hat ein Gesetz beschlossen.',
  });
  const [fromAlpha, fromBeta] = await Promise.all([
    storeItems(t.database.db, { ...a, category: 'general', language: 'de' }, [story('https://alpha.example/gesetz')]),
    storeItems(t.database.db, { ...b, category: 'general', language: 'de' }, [story('https://beta.example/energie')]),
  ]);
  expect(fromAlpha + fromBeta).toBe(1);
  const items = await listItems(t.database.db, { limit: 10 });
  expect(items).toHaveLength(1);
  expect([...items[0].sources].sort()).toEqual(['Alpha', 'Beta']);
  // Read again: nothing new, no second origin.
  expect(
    await storeItems(t.database.db, { ...a, category: 'general', language: 'de' }, [
      story('https://alpha.example/gesetz'),
    ]),
  ).toBe(0);
  expect((await listItems(t.database.db, { limit: 10 }))[0].sources).toHaveLength(2);
});
