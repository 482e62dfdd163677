import type { AnyHandler } from '../types';

/** Mock handlers for the media area (filled in by the screen that owns it). */
export const mediaHandlers: AnyHandler[] = [];
