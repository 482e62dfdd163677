import type { Platform } from '@/contract';
import { PLATFORM_LABELS } from './labels';

/** The platforms as select options, in PLATFORM_LABELS' order (apart from labels.ts, which screens load up front). */
export const PLATFORM_OPTIONS = (Object.keys(PLATFORM_LABELS) as Platform[]).map((value) => ({
  value,
  label: PLATFORM_LABELS[value],
}));
