import type { NewsStatus } from '@/contract';

/** The badge tone of a story's status, in the list and in its details. */
export const STATUS_TONE: Record<NewsStatus, 'ok' | 'info' | 'neutral' | 'warn' | 'error'> = {
  published: 'ok',
  scheduled: 'info',
  draft: 'neutral',
  review: 'warn',
  failed: 'error',
  rejected: 'error',
};
