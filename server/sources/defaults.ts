// The feeds a fresh real desk starts with: well-known public news feeds that anyone may read, each attributed by name.
// Seeded once; what the operator changes or deletes afterwards stays changed (README: "Sources").
import type { Db } from '../data/db/client';
import { keyValues, sources } from '../data/db/schema';

export const DEFAULT_SOURCES = [
  {
    id: 'src-tagesschau',
    name: 'tagesschau.de',
    url: 'https://www.tagesschau.de/index~rss2.xml',
    category: 'general',
    language: 'de',
  },
  {
    id: 'src-dw-de',
    name: 'Deutsche Welle',
    url: 'https://rss.dw.com/xml/rss-de-all',
    category: 'general',
    language: 'de',
  },
  {
    id: 'src-heise',
    name: 'heise online',
    url: 'https://www.heise.de/rss/heise-atom.xml',
    category: 'Technologie',
    language: 'de',
  },
  {
    id: 'src-bbc-world',
    name: 'BBC News',
    url: 'https://feeds.bbci.co.uk/news/world/rss.xml',
    category: 'general',
    language: 'en',
  },
  {
    id: 'src-nasa',
    name: 'NASA',
    url: 'https://www.nasa.gov/news-release/feed/',
    category: 'Wissenschaft',
    language: 'en',
  },
] as const;

const SEEDED = 'sources.defaultsSeeded';

export async function seedDefaultSources(db: Db): Promise<void> {
  await db.transaction(async (tx) => {
    const [marker] = await tx.insert(keyValues).values({ key: SEEDED, value: true }).onConflictDoNothing().returning();
    if (!marker) return;
    await tx
      .insert(sources)
      .values(DEFAULT_SOURCES.map((s) => ({ ...s })))
      .onConflictDoNothing();
  });
}
