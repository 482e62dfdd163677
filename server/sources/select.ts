// The Scraper stage's choice of items: a topic picks the matching items of the last hours; 'Breaking News' picks the
// story most sources carry now (items grouped by shared key terms, the group with the most distinct sources wins).
import { desc, gte, or } from 'drizzle-orm';
import type { Db } from '../data/db/client';
import { sourceItems } from '../data/db/schema';
import { normalizeTitle } from './feed';
import { originsOf } from './store';

export interface SelectedItem {
  id: string;
  title: string;
  url: string;
  summary: string;
  body: string | null;
  language: string;
  category: string;
  publishedAt: string | null;
  sources: string[];
}

export const BREAKING_NEWS = 'breaking news';
export const RECENT_HOURS = 24;
const MAX_ITEMS = 5;
const MAX_CANDIDATES = 2000;

const STOPWORD_TEXT =
  'der die das den dem des ein eine einer eines einem einen und oder aber auch nicht noch nur mit von vom zum zur für fuer auf aus bei nach über ueber unter vor im in ist sind war wird werden hat haben wie was wer als an am um bis so sich es er sie wir ihr ' +
  'the a an and or but not with from for on at by to of in is are was were be been has have had as it its this that these those new neue neuer neues mehr more after over into about than';
// Folded like the titles they are compared with ('über' becomes what normalizeTitle makes of it).
let stopwords: Set<string> | undefined;
const isStopword = (word: string) => (stopwords ??= new Set(normalizeTitle(STOPWORD_TEXT).split(' '))).has(word);

/** The words of a text that can carry a story: normalized, no stopwords, at least three letters (KI, EU, UN: two). */
export function keyTerms(text: string): string[] {
  return normalizeTitle(text)
    .split(' ')
    .filter((w: string) => w.length >= 2 && !isStopword(w) && !/^\d+$/.test(w));
}

/** The run's category filter: SPEC's default 'general' (or none) means every category. */
const categoryMatches = (wanted: string | undefined, category: string) => {
  const w = wanted?.trim().toLowerCase();
  return !w || w === 'general' || w === 'all' || category.toLowerCase() === w;
};

async function recentItems(db: Db, now: Date): Promise<SelectedItem[]> {
  const since = new Date(now.getTime() - RECENT_HOURS * 3600_000).toISOString();
  const rows = await db
    .select()
    .from(sourceItems)
    .where(or(gte(sourceItems.publishedAt, since), gte(sourceItems.fetchedAt, since)))
    .orderBy(desc(sourceItems.fetchedAt), desc(sourceItems.seq))
    .limit(MAX_CANDIDATES);
  // An item dated in the future or long ago (a feed re-sending old items) is only recent when its date says so.
  const fresh = rows.filter((r) => !r.publishedAt || Date.parse(r.publishedAt) >= Date.parse(since));
  const names = await originsOf(
    db,
    fresh.map((r) => r.id),
  );
  return fresh.map((r) => ({
    id: r.id,
    title: r.title,
    url: r.url,
    summary: r.summary,
    body: r.body,
    language: r.language,
    category: r.category,
    publishedAt: r.publishedAt ? new Date(r.publishedAt).toISOString() : null,
    sources: names.get(r.id) ?? [],
  }));
}

const timeOf = (item: SelectedItem) => (item.publishedAt ? Date.parse(item.publishedAt) : 0);

/** Items about the topic: every key term of the topic appears in the item's title, summary or text. */
function byTopic(items: SelectedItem[], topic: string): SelectedItem[] {
  const terms = keyTerms(topic);
  if (terms.length === 0) return [];
  return items
    .map((item) => ({
      item,
      text: normalizeTitle(`${item.title} ${item.summary} ${item.body ?? ''}`),
      title: normalizeTitle(item.title),
    }))
    .filter(({ text }) => terms.every((t) => text.includes(t)))
    .sort((a, b) => {
      const inTitle = (x: { title: string }) => terms.filter((t) => x.title.includes(t)).length;
      return (
        inTitle(b) - inTitle(a) || b.item.sources.length - a.item.sources.length || timeOf(b.item) - timeOf(a.item)
      );
    })
    .map(({ item }) => item);
}

/**
 * The story most sources carry: an item sharing two key terms with the title that began a group is that story. Its
 * terms stay the first title's: grown by each member's, they chained unrelated reports into one story.
 */
export function topStory(items: SelectedItem[]): SelectedItem[] {
  const groups: Array<{ terms: Set<string>; items: SelectedItem[] }> = [];
  for (const item of items) {
    const terms = new Set(keyTerms(item.title));
    const home = groups.find((g) => [...terms].filter((t) => g.terms.has(t)).length >= 2);
    if (home) {
      home.items.push(item);
    } else {
      groups.push({ terms, items: [item] });
    }
  }
  const distinctSources = (g: { items: SelectedItem[] }) => new Set(g.items.flatMap((i) => i.sources)).size;
  const newest = (g: { items: SelectedItem[] }) => Math.max(...g.items.map(timeOf));
  const best = groups.sort((a, b) => distinctSources(b) - distinctSources(a) || newest(b) - newest(a))[0];
  return best ? [...best.items].sort((a, b) => b.sources.length - a.sources.length || timeOf(b) - timeOf(a)) : [];
}

/** The run's items, best first (at most five); empty when nothing recent matches. */
export async function selectItems(
  db: Db,
  input: { topic: string; category?: string; now?: Date },
): Promise<SelectedItem[]> {
  const candidates = (await recentItems(db, input.now ?? new Date())).filter((i) =>
    categoryMatches(input.category, i.category),
  );
  const topic = input.topic.trim();
  const chosen = !topic || topic.toLowerCase() === BREAKING_NEWS ? topStory(candidates) : byTopic(candidates, topic);
  return chosen.slice(0, MAX_ITEMS);
}
