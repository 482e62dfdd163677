import type { NewsStatus } from '@/lib/api/types';

export const nativeSelect =
  'min-h-10 w-full rounded-md border border-input bg-background px-3 text-sm focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring';

/** The badge tone of a story's status, in the list and in its details. */
export const STATUS_TONE: Record<NewsStatus, 'ok' | 'info' | 'neutral' | 'warn' | 'error'> = {
  published: 'ok',
  scheduled: 'info',
  draft: 'neutral',
  review: 'warn',
  failed: 'error',
  rejected: 'error',
};
