import type { AnyHandler } from '../types';

/** Mock handlers for the users area (filled in by the screen that owns it). */
export const usersHandlers: AnyHandler[] = [];
