import { useQuery } from '@tanstack/react-query';
import type { AiNewsItem } from '@/contract';
import { apiQuery } from '@/lib/api/query';
import { startOfToday, todaysStories } from '../lib/todays-stories';

/**
 * Today's published stories: the server sends only those published since the operator's midnight (the whole AI News
 * list is megabytes on a busy desk), and the page keeps the ones of today's date in the operator's time zone.
 */
export const useRundown = () =>
  useQuery({
    ...apiQuery('news.list', { query: { publishedSince: startOfToday().toISOString() } }),
    select: (items: AiNewsItem[]) => todaysStories(items),
  });
