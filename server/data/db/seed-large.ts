// `--seed large`: a desk of realistic size for measuring; deterministic (one seeded PRNG, a fixed date), sample data.
import { eq } from 'drizzle-orm';
import { PLATFORMS, type MediaType, type NewsStatus, type Platform, type PostStatus } from '../../../src/contract';
import { SAMPLE_VIDEO_URL, svgThumbnail } from '../../../src/mocks/fixtures/media';
import type { Db } from './client';
import * as t from './schema';
import { seedDemoSurroundings } from './seed';

export const LARGE_COUNTS = {
  posts: 10_000,
  news: 10_000,
  media: 2_000,
  scheduled: 240,
  socialResults: 3_000,
  notifications: 2_000,
} as const;
export type LargeCounts = { [K in keyof typeof LARGE_COUNTS]: number };

/** The key_values row that says the large set is in: a second start leaves the desk as the operator left it. */
export const LARGE_SEED_MARKER = 'seed.large';

// Every date hangs off this one instant, so two loads are the same to the byte.
const ANCHOR = Date.UTC(2026, 0, 15, 9, 0, 0);
const DAY = 86_400_000;
const BATCH = 1000;

/** mulberry32: small, fast and good enough to vary sample data. */
function prng(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let x = a;
    x = Math.imul(x ^ (x >>> 15), x | 1);
    x ^= x + Math.imul(x ^ (x >>> 7), x | 61);
    return ((x ^ (x >>> 14)) >>> 0) / 4_294_967_296;
  };
}

type Category = 'Technologie' | 'Umwelt' | 'Wirtschaft' | 'Wissenschaft' | 'Gesundheit';
const SUBJECTS: Record<Category, string[]> = {
  Technologie: [
    'KI-Assistent',
    'Chipfabrik',
    'Glasfaserausbau',
    'Quantencomputer',
    'Smartphone-Markt',
    'Rechenzentrum',
    'Roboterflotte',
    'Datenschutzreform',
    'Open-Source-Projekt',
    'Batterieforschung',
    'Digitale Verwaltung',
    'Mobilfunknetz',
  ],
  Umwelt: [
    'Klimagipfel',
    'Hitzewelle',
    'Hochwasserschutz',
    'Windpark',
    'Aufforstung',
    'Meereis',
    'Artenschutz',
    'Solarausbau',
    'Dürre',
    'Plastikverbot',
    'Luftqualität',
    'Gletscherschmelze',
  ],
  Wirtschaft: [
    'DAX',
    'Zinsentscheid',
    'Inflation',
    'Autobauer',
    'Mittelstand',
    'Startup-Finanzierung',
    'Arbeitsmarkt',
    'Exportzahlen',
    'Immobilienmarkt',
    'Einzelhandel',
    'Energiepreise',
    'Tarifverhandlungen',
  ],
  Wissenschaft: [
    'Marsmission',
    'Teleskop',
    'Exoplanet',
    'Asteroid',
    'Fusionsreaktor',
    'Genforschung',
    'Tiefseeexpedition',
    'Raumstation',
    'Archäologischer Fund',
    'Polarforschung',
    'Teilchenbeschleuniger',
    'Hirnforschung',
  ],
  Gesundheit: [
    'Grippewelle',
    'Impfstoff',
    'Bluttest',
    'Pflegereform',
    'Krankenhausreform',
    'Schlafstudie',
    'Bluthochdruck',
    'Allergiesaison',
    'Telemedizin',
    'Hausarztmangel',
    'Ernährungsstudie',
    'Antibiotika-Resistenz',
  ],
};
const CATEGORIES = Object.keys(SUBJECTS) as Category[];
const PHRASES = [
  'Neue Pläne vorgestellt',
  'Zahlen übertreffen die Erwartungen',
  'Was sich jetzt ändert',
  'Fachleute mahnen zur Vorsicht',
  'Die wichtigsten Fakten',
  'Start verzögert sich',
  'Pilotprojekt beginnt',
  'Rekordwert gemessen',
  'Kritik aus der Branche',
  'Fragen und Antworten',
  'Erste Bilanz gezogen',
  'Entscheidung vertagt',
];
const REGIONS = [
  'Bayern',
  'Hamburg',
  'Sachsen',
  'Berlin',
  'NRW',
  'Hessen',
  'Bremen',
  'Thüringen',
  'Südeuropa',
  'Skandinavien',
];
// Sources that say they are samples: never a real outlet's name.
const SOURCES: Record<Category, string> = {
  Technologie: 'Beispielquelle Technik',
  Umwelt: 'Beispielquelle Umwelt',
  Wirtschaft: 'Beispielquelle Wirtschaft',
  Wissenschaft: 'Beispielquelle Wissenschaft',
  Gesundheit: 'Beispielquelle Gesundheit',
};
const SLUGS: Record<Category, string> = {
  Technologie: 'technik',
  Umwelt: 'umwelt',
  Wirtschaft: 'wirtschaft',
  Wissenschaft: 'wissenschaft',
  Gesundheit: 'gesundheit',
};

function generator(seed: number) {
  const random = prng(seed);
  const int = (min: number, max: number) => min + Math.floor(random() * (max - min + 1));
  const pick = <T>(items: readonly T[]): T => items[Math.floor(random() * items.length)];
  const headline = (category: Category) => {
    const subject = pick(SUBJECTS[category]);
    return random() < 0.4 ? `${subject} in ${pick(REGIONS)}: ${pick(PHRASES)}` : `${subject}: ${pick(PHRASES)}`;
  };
  // Many small, few large figures, as views are.
  const skewed = (min: number, max: number) => Math.round(min * (max / min) ** (random() ** 2));
  return { random, int, pick, headline, skewed };
}

/** Weighted choice over [value, weight] pairs. */
function weighted<T>(random: () => number, table: ReadonlyArray<readonly [T, number]>): T {
  let r = random() * table.reduce((s, [, w]) => s + w, 0);
  for (const [value, w] of table) {
    r -= w;
    if (r < 0) return value;
  }
  return table[table.length - 1][0];
}

const iso = (ms: number) => new Date(ms).toISOString();
const minutes = (ms: number) => new Date(ms).toISOString().slice(0, 16);
const mmss = (seconds: number) => `${Math.floor(seconds / 60)}:${String(seconds % 60).padStart(2, '0')}`;

export function largePosts(count: number): Array<typeof t.posts.$inferInsert> {
  const g = generator(1);
  // SPEC §9's mix (89 published, 23 scheduled, 15 drafts of 127), scaled.
  const published = Math.round((count * 89) / 127);
  const scheduled = Math.round((count * 23) / 127);
  const rows = Array.from({ length: count }, (_, i) => {
    const status: PostStatus = i < published ? 'published' : i < published + scheduled ? 'scheduled' : 'draft';
    const category = g.pick(CATEGORIES);
    const title = g.headline(category);
    const at =
      status === 'published'
        ? ANCHOR - g.int(1, 730) * DAY + g.int(6, 20) * 3_600_000
        : status === 'scheduled'
          ? ANCHOR + g.int(1, 60) * DAY + g.int(6, 20) * 3_600_000
          : ANCHOR - g.int(0, 30) * DAY;
    return {
      id: `large-post-${i + 1}`,
      title,
      status,
      platform: g.pick(PLATFORMS),
      views: status === 'published' ? g.skewed(120, 250_000) : 0,
      engagement: status === 'published' ? Math.round(g.int(5, 140)) / 10 : 0,
      publishDate: iso(at),
      category,
      content: `Beispielbeitrag (Testdaten): ${title}. Die wichtigsten Fakten im Überblick.`,
    };
  });
  // Older first, so the list (newest insert on top) shows the latest dates first.
  return rows.sort((a, b) => a.publishDate.localeCompare(b.publishDate));
}

const NEWS_STATUSES: ReadonlyArray<readonly [NewsStatus, number]> = [
  ['published', 60],
  ['review', 12],
  ['draft', 15],
  ['scheduled', 5],
  ['failed', 5],
  ['rejected', 3],
];

export function largeNews(count: number): {
  news: Array<typeof t.news.$inferInsert>;
  texts: Array<typeof t.newsTexts.$inferInsert>;
} {
  const g = generator(2);
  const news: Array<typeof t.news.$inferInsert> = [];
  const texts: Array<typeof t.newsTexts.$inferInsert> = [];
  // Oldest first, spaced back from the anchor.
  for (let i = count - 1; i >= 0; i--) {
    const id = `large-news-${i + 1}`;
    const category = g.pick(CATEGORIES);
    const title = g.headline(category);
    const status = weighted(g.random, NEWS_STATUSES);
    const created = ANCHOR - i * 3_000_000 - g.int(0, 600) * 1000;
    const published = status === 'published' ? created + g.int(5, 90) * 60_000 : null;
    news.push({
      id,
      title,
      source: SOURCES[category],
      category,
      status,
      createdAt: iso(created),
      publishedAt: published === null ? null : iso(published),
      views: status === 'published' ? g.skewed(50, 120_000) : 0,
      engagement: status === 'published' ? g.int(10, 120) / 10 : 0,
      runId: null,
      slug: null,
    });
    const cited = g.int(1, 3);
    texts.push({
      newsId: id,
      body: `Beispielmeldung (Testdaten): ${title}. Dieser Text wurde für Messungen erzeugt und stammt aus keiner echten Quelle [1].`,
      teaser: `Beispiel: ${title}`,
      model: 'Beispielmeldung (Testdaten)',
      sources: Array.from({ length: cited }, (_, k) => ({
        n: k + 1,
        title: `Beispielartikel ${k + 1} zu „${title}“`,
        url: `https://example.org/beispiel/${SLUGS[category]}/${i + 1}-${k + 1}`,
        sources: [SOURCES[category]],
        publishedAt: iso(created - (k + 1) * 3_600_000),
      })),
      disclosure: status === 'published' ? 'Beispielmeldung mit Testdaten, automatisch erzeugt.' : null,
      reviewed: status === 'published' ? g.random() < 0.7 : null,
      skipped: [],
    });
  }
  return { news, texts };
}

const MEDIA_KINDS: Record<MediaType, string[]> = {
  video: ['Interview', 'Reportage', 'Erklärvideo', 'Schalte', 'Nachrichten-Intro', 'Trailer'],
  audio: ['Podcast', 'Moderation', 'Jingle', 'O-Ton', 'Hörbeitrag'],
  image: ['Thumbnail', 'Grafik', 'Studio-Hintergrund', 'Infografik', 'Titelbild'],
};
const MEDIA_TYPES: ReadonlyArray<readonly [MediaType, number]> = [
  ['video', 45],
  ['audio', 25],
  ['image', 30],
];

export function largeMedia(count: number): Array<typeof t.media.$inferInsert> {
  const g = generator(3);
  const thumbnails = new Map<string, string>();
  return Array.from({ length: count }, (_, j) => {
    const i = count - 1 - j;
    const type = weighted(g.random, MEDIA_TYPES);
    const kind = g.pick(MEDIA_KINDS[type]);
    const subject = g.pick(SUBJECTS[g.pick(CATEGORIES)]);
    const key = `${type}:${kind}`;
    const thumbnail = thumbnails.get(key) ?? svgThumbnail(type, `Beispiel: ${kind}`);
    thumbnails.set(key, thumbnail);
    const mb = type === 'video' ? g.skewed(5, 900) : type === 'audio' ? g.skewed(1, 60) : g.skewed(1, 12) / 10;
    const seconds = type === 'video' ? g.int(10, 900) : type === 'audio' ? g.int(5, 2700) : 0;
    return {
      id: `large-media-${i + 1}`,
      title: `${kind} ${subject} (Beispiel ${i + 1})`,
      type,
      size: `${mb.toFixed(1)} MB`,
      duration: type === 'image' ? null : mmss(seconds),
      date: iso(ANCHOR - Math.floor(i / 3) * DAY).slice(0, 10),
      thumbnail,
      // No files on disk: video and audio play the desk's own sample film (its tone for audio), images show their thumbnail.
      url: type === 'image' ? thumbnail : SAMPLE_VIDEO_URL,
      views: g.skewed(10, 40_000),
    };
  });
}

export function largeScheduled(count: number): Array<typeof t.scheduledPosts.$inferInsert> {
  const g = generator(4);
  return Array.from({ length: count }, (_, i) => {
    const title = g.headline(g.pick(CATEGORIES));
    return {
      id: `large-sched-${i + 1}`,
      title,
      platform: g.pick(PLATFORMS),
      time: minutes(ANCHOR + Math.floor((i * 60 * DAY) / count) + g.int(6, 20) * 3_600_000),
      status: 'scheduled',
      content: `Beispielbeitrag (Testdaten): ${title}`,
    };
  });
}

export function largeSocialResults(count: number): Array<typeof t.socialPostResults.$inferInsert> {
  const g = generator(5);
  const rows: Array<typeof t.socialPostResults.$inferInsert> = [];
  for (let post = 1; rows.length < count; post++) {
    const title = g.headline(g.pick(CATEGORIES));
    const at = ANCHOR - (count - rows.length) * 1_800_000;
    const platforms: Platform[] = [...PLATFORMS];
    for (let k = platforms.length - 1; k > 0; k--) {
      const other = g.int(0, k);
      [platforms[k], platforms[other]] = [platforms[other], platforms[k]];
    }
    platforms.length = g.int(1, 4);
    for (const platform of platforms) {
      if (rows.length >= count) break;
      const failed = g.random() < 0.08;
      rows.push({
        id: `large-sp-${rows.length + 1}`,
        postId: `large-sp-post-${post}`,
        platform,
        status: failed ? 'failed' : 'published',
        content: `Beispielbeitrag (Testdaten): ${title}`,
        title,
        mediaUrl: null,
        scheduledAt: null,
        timeZone: null,
        remoteId: null,
        error: failed ? 'Beispiel (Testdaten): Die Plattform hat den Beitrag abgelehnt.' : null,
        publishedAt: failed ? null : new Date(at + 60_000),
        createdAt: new Date(at),
      });
    }
  }
  return rows;
}

export function largeNotifications(count: number, now: number): Array<typeof t.notifications.$inferInsert> {
  const g = generator(6);
  const platformName = (p: Platform) => p.charAt(0).toUpperCase() + p.slice(1);
  return Array.from({ length: count }, (_, j) => {
    const i = count - 1 - j;
    const title = g.headline(g.pick(CATEGORIES));
    const message = g.pick([
      `Beispiel: Post „${title}“ auf ${platformName(g.pick(PLATFORMS))} veröffentlicht`,
      `Beispiel: Meldung „${title}“ wartet auf Prüfung`,
      `Beispiel: Upload „${title}“ abgeschlossen`,
      `Beispiel: Video zu „${title}“ fertig gerendert`,
    ]);
    return {
      id: `large-n-${i + 1}`,
      message,
      type: message.includes('wartet') ? 'info' : 'success',
      // Relative to the load, as the demo's: the overview shows „vor 2 Minuten“, not a date long past.
      createdAt: new Date(now - (i * 17 + 2) * 60_000),
    };
  });
}

async function insertAll<T>(rows: T[], insert: (slice: T[]) => Promise<unknown>): Promise<void> {
  // In slices: one statement holds at most 65,535 parameters.
  for (let i = 0; i < rows.length; i += BATCH) await insert(rows.slice(i, i + BATCH));
}

/** Loads the large sample set in one transaction; false when it is in already, so the operator's edits stay. */
export async function seedLarge(db: Db, counts: LargeCounts = LARGE_COUNTS): Promise<boolean> {
  return db.transaction(async (tx) => {
    const [done] = await tx.select().from(t.keyValues).where(eq(t.keyValues.key, LARGE_SEED_MARKER));
    if (done) return false;
    await seedDemoSurroundings(tx);
    await insertAll(largePosts(counts.posts), (s) => tx.insert(t.posts).values(s).onConflictDoNothing());
    const { news, texts } = largeNews(counts.news);
    await insertAll(news, (s) => tx.insert(t.news).values(s).onConflictDoNothing());
    await insertAll(texts, (s) => tx.insert(t.newsTexts).values(s).onConflictDoNothing());
    await insertAll(largeMedia(counts.media), (s) => tx.insert(t.media).values(s).onConflictDoNothing());
    await insertAll(largeScheduled(counts.scheduled), (s) =>
      tx.insert(t.scheduledPosts).values(s).onConflictDoNothing(),
    );
    await insertAll(largeSocialResults(counts.socialResults), (s) =>
      tx.insert(t.socialPostResults).values(s).onConflictDoNothing(),
    );
    await insertAll(largeNotifications(counts.notifications, Date.now()), (s) =>
      tx.insert(t.notifications).values(s).onConflictDoNothing(),
    );
    await tx.insert(t.keyValues).values({ key: LARGE_SEED_MARKER, value: counts }).onConflictDoNothing();
    return true;
  });
}
