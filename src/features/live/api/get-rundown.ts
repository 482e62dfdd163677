import { useQuery } from '@tanstack/react-query';
import type { AiNewsItem } from '@/contract';
import { apiQuery } from '@/lib/api/query';
import { todaysStories } from '../lib/todays-stories';

/** The AI News list (shared with AI News Central), narrowed to today's published stories. */
export const useRundown = () =>
  useQuery({ ...apiQuery('news.list'), select: (items: AiNewsItem[]) => todaysStories(items) });
