import type { NewsStatus, Platform } from '@/contract';

/** The social platforms' names, as every screen shows them. */
export const PLATFORM_LABELS: Record<Platform, string> = {
  youtube: 'YouTube',
  facebook: 'Facebook',
  telegram: 'Telegram',
  instagram: 'Instagram',
  tiktok: 'TikTok',
};

/** German labels of a post's or a news item's status (SPEC §4). */
export const STATUS_LABELS: Record<NewsStatus, string> = {
  published: 'Veröffentlicht',
  scheduled: 'Geplant',
  draft: 'Entwurf',
  review: 'In Prüfung',
  failed: 'Fehlgeschlagen',
  rejected: 'Abgelehnt',
};
