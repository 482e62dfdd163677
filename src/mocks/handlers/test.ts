import type { AnyHandler } from '../types';

/** Mock handlers for the test area (filled in by the screen that owns it). */
export const testHandlers: AnyHandler[] = [];
