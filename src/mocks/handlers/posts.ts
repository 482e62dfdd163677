import type { AnyHandler } from '../types';

/** Mock handlers for the posts area (filled in by the screen that owns it). */
export const postsHandlers: AnyHandler[] = [];
