import { useQuery } from '@tanstack/react-query';
import type { AiNewsItem } from '@/contract';
import { aiNewsListQueryOptions } from '@/lib/api/news-list';
import { todaysStories } from '../lib/todays-stories';

/** The AI News list (shared with AI News Central), narrowed to today's published stories. */
export const useRundown = () =>
  useQuery({ ...aiNewsListQueryOptions(), select: (items: AiNewsItem[]) => todaysStories(items) });
