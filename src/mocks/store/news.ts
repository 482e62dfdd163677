import type { SourceItem } from '@/contract';
import type { AiNewsDetails, AiNewsItem, NewsPlatformResult, NewsSourceRef } from '@/contract';
import { DESK_SETTINGS_FIXTURE } from '../fixtures/sources';
import { makeNews } from '../fixtures/news';
import { registerStore } from './index';
import { socialStore } from './social';
import { sourcesStore } from './sources';

/** What a story carries beside its list entry (AiNewsDetails without the AiNewsItem fields). */
type StoryDetails = Omit<AiNewsDetails, keyof AiNewsItem>;

let items: AiNewsItem[] = [];
let details = new Map<string, StoryDetails>();
let seq = 0;

/** How the demo writes every story: extractive, like the server without an LLM. */
export const EXTRACTIVE = 'Automatisch zusammengefasst (ohne KI)';
/** A seeded story draws on at most this many of its source's items. */
const SEEDED_ITEMS = 3;

export class NewsTransitionError extends Error {}
/** No source item carries the topic (the server's 422). */
export class NoMatchingItemError extends Error {}

function patch(id: string, change: (item: AiNewsItem) => AiNewsItem): AiNewsItem | undefined {
  const item = items.find((n) => n.id === id);
  if (!item) return undefined;
  const next = change(item);
  items = items.map((n) => (n.id === id ? next : n));
  return next;
}

/** The first sentence of a text as it stands there (nothing added but what the text holds). */
function leadSentence(text: string, language: string): string | undefined {
  const segmenter = new Intl.Segmenter(language, { granularity: 'sentence' });
  for (const { segment } of segmenter.segment(text.replace(/\s+/g, ' '))) {
    const sentence = segment.trim();
    if (sentence) return sentence;
  }
  return undefined;
}

/** An extractive story: each item's lead sentence followed by its citation [n]; the teaser is the first sentence. */
function extractive(used: SourceItem[]): StoryDetails {
  const sources: NewsSourceRef[] = used.map((item, i) => ({
    n: i + 1,
    title: item.title,
    url: item.url,
    sources: [...item.sources],
    publishedAt: item.publishedAt,
  }));
  const sentences = used.flatMap((item, i) => {
    const sentence = leadSentence(item.summary, item.language);
    return sentence ? [{ sentence, n: i + 1 }] : [];
  });
  return {
    script: sentences.map(({ sentence, n }) => `${sentence} [${n}]`).join(' '),
    teaser: sentences[0]?.sentence ?? '',
    writtenBy: EXTRACTIVE,
    sources: sentences.length > 0 ? sources : [],
    runId: null,
    disclosure: null,
    publicUrl: null,
    platforms: [],
  };
}

const words = (text: string) =>
  new Set(
    text
      .toLowerCase()
      .split(/[^\p{L}\p{N}]+/u)
      .filter((w) => w.length >= 3),
  );

/** A seeded story's items: the demo items its source carries, those sharing most words with its title first. */
function seededItems(item: AiNewsItem): SourceItem[] {
  const title = words(item.title);
  const shared = (i: SourceItem) => [...words(i.title)].filter((w) => title.has(w)).length;
  return sourcesStore
    .items(Number.MAX_SAFE_INTEGER)
    .filter((i) => i.sources.includes(item.source))
    .map((i, order) => ({ i, order, score: shared(i) }))
    .sort((a, b) => b.score - a.score || a.order - b.order)
    .slice(0, SEEDED_ITEMS)
    .map(({ i }) => i);
}

/** Where a published story went: every connected platform of the demo took it, the others were skipped. */
function platformResults(): NewsPlatformResult[] {
  return socialStore
    .platforms()
    .map((p) =>
      p.connected
        ? { platform: p.id, state: 'published' }
        : { platform: p.id, state: 'skipped', reason: `${p.name} ist nicht verbunden.` },
    );
}

/** The details of a story: kept since generation, or made from the demo sources on first use for a seeded one. */
function detailsOf(item: AiNewsItem): StoryDetails {
  let found = details.get(item.id);
  if (!found) {
    found = extractive(seededItems(item));
    // A seeded published story went out reviewed, with the desk's default line.
    if (item.status === 'published')
      found = { ...found, disclosure: DESK_SETTINGS_FIXTURE.disclosure.reviewed, platforms: platformResults() };
    details.set(item.id, found);
  }
  return found;
}

/** AI News Central: publish moves a draft or a story in review to published, reject one in review to rejected, retry a failed one to a draft. */
export const newsStore = {
  list: (): AiNewsItem[] => items,
  latest: (limit = 10): AiNewsItem[] =>
    // ISO times sort as strings; localeCompare would build a collator on the overview, which creates none.
    [...items].sort((a, b) => (a.createdAt < b.createdAt ? 1 : a.createdAt > b.createdAt ? -1 : 0)).slice(0, limit),
  /** A story with its script, sources and where it went. */
  get(id: string): AiNewsDetails | undefined {
    const item = items.find((n) => n.id === id);
    return item && structuredClone({ ...item, ...detailsOf(item) });
  },
  /** A draft written from the demo sources' items on the topic, under the first item's source; none: NoMatchingItemError. */
  generate(topic: string): AiNewsItem {
    const used = sourcesStore.itemsFor(topic);
    const [first] = used;
    if (!first) throw new NoMatchingItemError(`Keine aktuelle Meldung zum Thema „${topic}“ gefunden.`);
    seq += 1;
    const item: AiNewsItem = {
      id: `news-gen-${Date.now().toString(36)}-${seq}`,
      title: first.title,
      source: first.sources[0],
      category: first.category,
      status: 'draft',
      createdAt: new Date().toISOString(),
      publishedAt: null,
      views: 0,
      engagement: 0,
    };
    items = [item, ...items];
    details.set(item.id, extractive(used));
    return item;
  },
  /** The operator's Publish: the story carries the reviewed disclosure; the demo has no public channel. */
  publish(id: string): AiNewsItem | undefined {
    const next = patch(id, (n) => {
      if (n.status !== 'draft' && n.status !== 'review')
        throw new NewsTransitionError('Nur Entwürfe und Meldungen in Prüfung können veröffentlicht werden.');
      // The demo is signed in as its administrator, who approves what it publishes.
      return { ...n, status: 'published', publishedAt: new Date().toISOString(), approvedBy: 'Administrator' };
    });
    if (next)
      details.set(id, {
        ...detailsOf(next),
        disclosure: sourcesStore.settings().disclosure.reviewed,
        publicUrl: null,
        platforms: platformResults(),
      });
    return next;
  },
  reject(id: string): AiNewsItem | undefined {
    return patch(id, (n) => {
      if (n.status !== 'review') throw new NewsTransitionError('Nur Meldungen in Prüfung können abgelehnt werden.');
      return { ...n, status: 'rejected' };
    });
  },
  /** Re-seeds with `count` items (benchmark). */
  seed(count: number): void {
    items = makeNews(count);
    details = new Map();
  },
  retry(id: string): AiNewsItem | undefined {
    return patch(id, (n) => {
      if (n.status !== 'failed')
        throw new NewsTransitionError('Nur fehlgeschlagene Meldungen können wiederholt werden.');
      return { ...n, status: 'draft' };
    });
  },
};

registerStore((scenario) => {
  items = scenario === 'empty' ? [] : makeNews();
  details = new Map();
});
