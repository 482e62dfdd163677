import type { AiNewsItem, NewsCategory, NewsSource } from '@/lib/api/types';
import { makeNews, NEWS_CATEGORIES, NEWS_SOURCES } from '../fixtures/news';
import { registerStore } from './index';

let items: AiNewsItem[] = [];
let seq = 0;

export class NewsTransitionError extends Error {}

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
  generate(topic: string): AiNewsItem {
    seq += 1;
    const item: AiNewsItem = {
      id: `news-gen-${Date.now().toString(36)}-${seq}`,
      title: topic,
      source: NEWS_SOURCES[seq % NEWS_SOURCES.length] as NewsSource,
      category: NEWS_CATEGORIES[seq % NEWS_CATEGORIES.length] as NewsCategory,
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
