import type { Platform } from '@/contract';

/** Character limit per platform, in one place: Instagram caption, YouTube description, Telegram message, Facebook post, TikTok caption. */
export const PLATFORM_LIMITS: Record<Platform, number> = {
  instagram: 2200,
  youtube: 5000,
  telegram: 4096,
  facebook: 63206,
  tiktok: 2200,
};

/** Length as the platforms count it (code points, so an emoji counts once). */
export function textLength(text: string): number {
  return [...text].length;
}
