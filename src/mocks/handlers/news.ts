import type { AnyHandler } from '../types';

/** Mock handlers for the news area (filled in by the screen that owns it). */
export const newsHandlers: AnyHandler[] = [];
