import type { AnyHandler } from '../types';

/** Mock handlers for the ai area (filled in by the screen that owns it). */
export const aiHandlers: AnyHandler[] = [];
