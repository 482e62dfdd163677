import type { AnyHandler } from '../types';

/** Mock handlers for the telegram area (filled in by the screen that owns it). */
export const telegramHandlers: AnyHandler[] = [];
