import type { AnyHandler } from '../types';

/** Mock handlers for the overview area (filled in by the screen that owns it). */
export const overviewHandlers: AnyHandler[] = [];
