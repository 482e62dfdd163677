import type { AnyHandler } from '../types';

/** Mock handlers for the webhooks area (filled in by the screen that owns it). */
export const webhooksHandlers: AnyHandler[] = [];
