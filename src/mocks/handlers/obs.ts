import type { AnyHandler } from '../types';

/** Mock handlers for the obs area (filled in by the screen that owns it). */
export const obsHandlers: AnyHandler[] = [];
