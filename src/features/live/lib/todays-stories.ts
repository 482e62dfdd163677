import type { AiNewsItem } from '@/contract';
import { compareIso } from '@/lib/format';

/** The operator's midnight today (the page's time zone). */
export function startOfToday(now = new Date()): Date {
  return new Date(now.getFullYear(), now.getMonth(), now.getDate());
}

/** Same calendar day in the operator's time zone. */
const sameDay = (iso: string, now: Date) => new Date(iso).toDateString() === now.toDateString();

/** Today's published stories, in the order they went out: the rundown of the Live screen. */
export function todaysStories(items: AiNewsItem[], now = new Date()): Array<AiNewsItem & { publishedAt: string }> {
  return items
    .filter(
      (n): n is AiNewsItem & { publishedAt: string } =>
        n.status === 'published' && n.publishedAt !== null && sameDay(n.publishedAt, now),
    )
    .sort((a, b) => compareIso(a.publishedAt, b.publishedAt));
}
