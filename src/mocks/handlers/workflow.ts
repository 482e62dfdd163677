import type { AnyHandler } from '../types';

/** Mock handlers for the workflow area (filled in by the screen that owns it). */
export const workflowHandlers: AnyHandler[] = [];
