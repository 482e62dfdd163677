import type { AnyHandler } from '../types';

/** Mock handlers for the social area (filled in by the screen that owns it). */
export const socialHandlers: AnyHandler[] = [];
