import type { AnyHandler } from '../types';

/** Mock handlers for the tts area (filled in by the screen that owns it). */
export const ttsHandlers: AnyHandler[] = [];
