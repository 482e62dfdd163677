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

test('two reports of one feed under one title are two items; only another feed’s report of it is the same story', async () => {
  const ticker = await createSource(t.database.db, {
    name: 'Ticker',
    url: 'https://ticker.example/feed',
    category: 'general',
    language: 'de',
    enabled: true,
  });
  const other = await createSource(t.database.db, {
    name: 'Andere',
    url: 'https://andere.example/feed',
    category: 'general',
    language: 'de',
    enabled: true,
  });
  const report = (url: string, summary: string) => ({
    title: 'Live: Alle Entwicklungen im Überblick',
    url,
    summary,
  });
  const from = (source: typeof ticker) => ({ ...source, category: 'general', language: 'de' });
  expect(
    await storeItems(t.database.db, from(ticker), [
      report('https://ticker.example/live-1', 'Am Morgen: der Gipfel beginnt.'),
    ]),
  ).toBe(1);
  // The next edition of the ticker, and one in the same read: new reports, not the first one again.
  expect(
    await storeItems(t.database.db, from(ticker), [
      report('https://ticker.example/live-2', 'Am Mittag: erste Ergebnisse.'),
      report('https://ticker.example/live-3', 'Am Abend: die Einigung.'),
    ]),
  ).toBe(2);
  // Another feed under the same title within the window: carried by that story, no item of its own.
  expect(await storeItems(t.database.db, from(other), [report('https://andere.example/live', 'Der Gipfel.')])).toBe(0);
  const mine = (await listItems(t.database.db, { limit: 50 })).filter((i) => i.title.startsWith('Live:'));
  expect(mine.map((i) => i.url).sort()).toEqual([
    'https://ticker.example/live-1',
    'https://ticker.example/live-2',
    'https://ticker.example/live-3',
  ]);
  expect(mine.filter((i) => i.sources.includes('Andere'))).toHaveLength(1);
});
