import type { AiNewsItem } from '@/lib/api/types';
import { makeNews } from '../fixtures/news';
import { registerStore } from './index';
import { sourcesStore } from './sources';

let items: AiNewsItem[] = [];
let seq = 0;

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

/** AI News Central: publish moves a draft to published, retry moves a failed item back to a draft. */
export const newsStore = {
  list: (): AiNewsItem[] => items,
  latest: (limit = 10): AiNewsItem[] => [...items].sort((a, b) => b.createdAt.localeCompare(a.createdAt)).slice(0, limit),
  /** A draft written from the demo sources' items on the topic, under the first item's source; none: NoMatchingItemError. */
  generate(topic: string): AiNewsItem {
    const [first] = sourcesStore.itemsFor(topic);
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
    return item;
  },
  publish(id: string): AiNewsItem | undefined {
    return patch(id, (n) => {
      if (n.status !== 'draft') throw new NewsTransitionError('Nur Entwürfe können veröffentlicht werden.');
      return { ...n, status: 'published', publishedAt: new Date().toISOString() };
    });
  },
  /** Re-seeds with `count` items (benchmark). */
  seed(count: number): void {
    items = makeNews(count);
  },
  retry(id: string): AiNewsItem | undefined {
    return patch(id, (n) => {
      if (n.status !== 'failed') throw new NewsTransitionError('Nur fehlgeschlagene Meldungen können wiederholt werden.');
      return { ...n, status: 'draft' };
    });
  },
};

registerStore((scenario) => {
  items = scenario === 'empty' ? [] : makeNews();
});
