import type { AnyHandler } from '../types';

/** Mock handlers for the video area (filled in by the screen that owns it). */
export const videoHandlers: AnyHandler[] = [];
