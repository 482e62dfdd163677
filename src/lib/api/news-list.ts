import { queryOptions } from '@tanstack/react-query';
import { getLatestNews, listNews } from './news';

/**
 * The AI News list: AI News Central shows it, the Live screen's rundown takes today's published stories from it. Under
 * ['news'], the event stream's topic, so a story published anywhere shows in both. (Not in query-keys.ts: the screens
 * that import that one would load the news calls before their heading.)
 */
export const aiNewsListKeys = {
  list: () => ['news', 'list'] as const,
  latest: () => ['news', 'latest'] as const,
};

export const aiNewsListQueryOptions = () =>
  queryOptions({ queryKey: aiNewsListKeys.list(), queryFn: ({ signal }) => listNews(signal) });

/** GET /news/latest: the newest stories, newest first (AI News Central's list in short, on the overview). */
export const latestNewsQueryOptions = () =>
  queryOptions({ queryKey: aiNewsListKeys.latest(), queryFn: ({ signal }) => getLatestNews(signal) });
