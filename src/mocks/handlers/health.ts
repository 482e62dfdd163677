import type { AnyHandler } from '../types';

/** Mock handlers for the health area (filled in by the screen that owns it). */
export const healthHandlers: AnyHandler[] = [];
