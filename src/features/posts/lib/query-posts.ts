import type { Platform, Post, PostStatus } from '@/contract';
import { compareIso } from '@/lib/format';

export type SortKey = 'title' | 'status' | 'platform' | 'views' | 'engagement' | 'publishDate';
export interface PostQuery {
  search: string;
  status: PostStatus | 'all';
  platform: Platform | 'all';
  category: string | 'all';
  /** yyyy-mm-dd, inclusive; '' = open. */
  from: string;
  to: string;
  sort: { key: SortKey; dir: 'asc' | 'desc' };
}

export const DEFAULT_QUERY: PostQuery = {
  search: '',
  status: 'all',
  platform: 'all',
  category: 'all',
  from: '',
  to: '',
  sort: { key: 'publishDate', dir: 'desc' },
};

export interface IndexedPost {
  post: Post;
  /** Lower-cased title + category, built once per data change so a keystroke only scans strings. */
  haystack: string;
  day: string;
}

export function indexPosts(posts: Post[]): IndexedPost[] {
  return posts.map((post) => ({
    post,
    haystack: `${post.title}\u0000${post.category}`.toLowerCase(),
    day: post.publishDate.slice(0, 10),
  }));
}

// Made at the first sort by a text column, not at load: the default order (by date) needs none, and no screen's first
// render creates an Intl object.
let german: Intl.Collator | undefined;
const collator = { compare: (a: string, b: string) => (german ??= new Intl.Collator('de')).compare(a, b) };

function compare(a: Post, b: Post, key: SortKey): number {
  if (key === 'publishDate') return compareIso(a.publishDate, b.publishDate);
  const x = a[key];
  const y = b[key];
  return typeof x === 'number' && typeof y === 'number' ? x - y : collator.compare(String(x), String(y));
}

/** Sorts the whole list once per sort change (not per keystroke). */
export function sortPosts(items: IndexedPost[], sort: PostQuery['sort']): IndexedPost[] {
  const sign = sort.dir === 'asc' ? 1 : -1;
  // Ties in id order, as text: an id is no word to collate.
  return [...items].sort((a, b) => sign * compare(a.post, b.post, sort.key) || compareIso(a.post.id, b.post.id));
}

/** Search (title or category), status, platform, category and the date range; keeps the given order. */
export function filterPosts(items: IndexedPost[], q: Omit<PostQuery, 'sort'>): Post[] {
  const needle = q.search.trim().toLowerCase();
  const out: Post[] = [];
  for (const item of items) {
    const p = item.post;
    if (needle && !item.haystack.includes(needle)) continue;
    if (q.status !== 'all' && p.status !== q.status) continue;
    if (q.platform !== 'all' && p.platform !== q.platform) continue;
    if (q.category !== 'all' && p.category !== q.category) continue;
    if (q.from && item.day < q.from) continue;
    if (q.to && item.day > q.to) continue;
    out.push(p);
  }
  return out;
}

/** The four counters, from the data (SPEC fixtures: 127 / 89 / 23 / 15). */
export function countPosts(posts: Post[]) {
  let published = 0;
  let scheduled = 0;
  let drafts = 0;
  for (const p of posts) {
    if (p.status === 'published') published += 1;
    else if (p.status === 'scheduled') scheduled += 1;
    else if (p.status === 'draft') drafts += 1;
  }
  return { total: posts.length, published, scheduled, drafts };
}
