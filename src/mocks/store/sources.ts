import {
  schemas,
  type DeskSettings,
  type DeskSettingsPatch,
  type FeedSource,
  type FeedSourcePatch,
  type SourceFetch,
  type SourceItem,
} from '@/contract';
import {
  DESK_SETTINGS_FIXTURE,
  FAILING_FEEDS,
  NEXT_HEADLINES,
  SOURCE_FIXTURES,
  SOURCE_ITEM_FIXTURES,
  UNREACHABLE_FEED_ERROR,
} from '../fixtures/sources';
import { registerStore } from './index';

type StoredSource = Omit<FeedSource, 'itemCount'>;

let sources: StoredSource[] = [];
let items: SourceItem[] = [];
let settings: DeskSettings = structuredClone(DESK_SETTINGS_FIXTURE);
let fetches = 0;
let found = 0;

// The demo page keeps the desk's settings for the tab's session, a reload included, as a desk keeps them on its server.
const SESSION_KEY = 'newsdesk-demo-desk-settings';
let keepForSession = false;

function sessionSettings(): DeskSettings | undefined {
  try {
    const stored = sessionStorage.getItem(SESSION_KEY);
    const parsed = stored ? schemas.DeskSettings.safeParse(JSON.parse(stored)) : undefined;
    return parsed?.success ? parsed.data : undefined;
  } catch {
    return undefined;
  }
}

function saveForSession(value: DeskSettings): void {
  if (!keepForSession) return;
  try {
    sessionStorage.setItem(SESSION_KEY, JSON.stringify(value));
  } catch {
    // Storage refused (private mode, quota): the settings last until the reload, like the rest of the demo.
  }
}

/** The browser demo (not the tests): saved desk settings survive a reload of the tab. */
export function keepDeskSettingsForSession(): void {
  keepForSession = true;
}

registerStore((scenario) => {
  const empty = scenario === 'empty';
  sources = empty ? [] : structuredClone(SOURCE_FIXTURES);
  items = empty ? [] : structuredClone(SOURCE_ITEM_FIXTURES);
  settings = (keepForSession && !empty ? sessionSettings() : undefined) ?? structuredClone(DESK_SETTINGS_FIXTURE);
  fetches = 0;
  found = 0;
});

const withCount = (source: StoredSource): FeedSource => ({
  ...structuredClone(source),
  itemCount: items.filter((i) => i.sources.includes(source.name)).length,
});

const newest = (a: SourceItem, b: SourceItem) =>
  (b.publishedAt ?? b.fetchedAt).localeCompare(a.publishedAt ?? a.fetchedAt);

const unreachable = (url: string) => {
  try {
    return new URL(url).hostname.endsWith('.invalid');
  } catch {
    return true;
  }
};

/** A demo fetch: a failing or unreachable address fails, any other finds 1, 2, 0, 1, … new items in turn (deterministic for tests). */
function read(source: StoredSource): SourceFetch {
  const at = new Date().toISOString();
  const failure = FAILING_FEEDS[source.url];
  if (failure) return { at, status: failure.status, newItems: 0, error: failure.error };
  if (unreachable(source.url)) return { at, newItems: 0, error: UNREACHABLE_FEED_ERROR };
  fetches += 1;
  const count = fetches % 3;
  for (let i = 0; i < count; i++) {
    found += 1;
    const title = NEXT_HEADLINES[(found - 1) % NEXT_HEADLINES.length];
    items.unshift({
      id: `item-new-${found}`,
      title,
      url: `https://articles.newsdesk.example/neu-${found}`,
      summary: `${title}.`,
      author: null,
      publishedAt: at,
      fetchedAt: at,
      category: source.category,
      language: source.language,
      sources: [source.name],
    });
  }
  return { at, status: 200, newItems: count };
}

/** Admin → Quellen: the feeds, their fetches and the items they brought; the desk's schedule. */
export const sourcesStore = {
  list: (): FeedSource[] => sources.map(withCount),
  hasUrl: (url: string, except?: string): boolean => sources.some((s) => s.url === url && s.id !== except),
  create(input: Omit<StoredSource, 'id' | 'lastFetch'>): FeedSource {
    const base =
      input.name
        .toLowerCase()
        .replace(/[^a-z0-9]+/g, '-')
        .replace(/^-|-$/g, '') || 'quelle';
    let id = `src-${base}`;
    for (let n = 2; sources.some((s) => s.id === id); n++) id = `src-${base}-${n}`;
    const source: StoredSource = { id, ...input, lastFetch: null };
    sources.push(source);
    return withCount(source);
  },
  update(id: string, patch: FeedSourcePatch): FeedSource | undefined {
    const source = sources.find((s) => s.id === id);
    if (!source) return undefined;
    // The items keep their provenance under the source's new name, as the server's store does by id.
    if (patch.name !== undefined && patch.name !== source.name) {
      const old = source.name;
      const name = patch.name;
      items = items.map((i) =>
        i.sources.includes(old) ? { ...i, sources: i.sources.map((s) => (s === old ? name : s)) } : i,
      );
    }
    Object.assign(source, patch);
    return withCount(source);
  },
  remove(id: string): boolean {
    const before = sources.length;
    sources = sources.filter((s) => s.id !== id);
    return sources.length < before;
  },
  fetch(id: string): FeedSource | undefined {
    const source = sources.find((s) => s.id === id);
    if (!source) return undefined;
    source.lastFetch = read(source);
    return withCount(source);
  },
  fetchAll(): FeedSource[] {
    for (const source of sources) if (source.enabled) source.lastFetch = read(source);
    return sources.map(withCount);
  },
  items(limit = 50, q?: string): SourceItem[] {
    const needle = q?.trim().toLowerCase();
    const found = needle
      ? items.filter((i) => i.title.toLowerCase().includes(needle) || i.summary.toLowerCase().includes(needle))
      : items;
    return structuredClone([...found].sort(newest).slice(0, Math.max(0, limit)));
  },
  /**
   * The items a story on this topic is written from, best first: every word of the topic in the title or summary
   * ('Breaking News': the item most sources carry). Empty when none matches: the demo never invents a story either.
   */
  itemsFor(topic: string): SourceItem[] {
    const words = topic
      .toLowerCase()
      .split(/[^\p{L}\p{N}]+/u)
      .filter((w) => w.length >= 2);
    const breaking = topic.trim().toLowerCase() === 'breaking news';
    const matching = breaking
      ? items
      : items.filter(
          (i) => words.length > 0 && words.every((w) => `${i.title} ${i.summary}`.toLowerCase().includes(w)),
        );
    return structuredClone(
      [...matching].sort((a, b) => b.sources.length - a.sources.length || newest(a, b)).slice(0, 5),
    );
  },
  settings: (): DeskSettings => structuredClone(settings),
  updateSettings(patch: DeskSettingsPatch): DeskSettings {
    settings = {
      schedule: { ...settings.schedule, ...patch.schedule },
      review: patch.review ?? settings.review,
      disclosure: { ...settings.disclosure, ...patch.disclosure },
      ttsRoles: patch.ttsRoles ?? settings.ttsRoles,
      onAir: { ...settings.onAir, ...patch.onAir },
      fourEyes: patch.fourEyes ?? settings.fourEyes,
    };
    saveForSession(settings);
    return structuredClone(settings);
  },
};
