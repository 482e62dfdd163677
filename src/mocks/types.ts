import type { HttpHandler, WebSocketHandler } from 'msw';

export type AnyHandler = HttpHandler | WebSocketHandler;
export type Scenario = 'default' | 'empty' | 'error' | 'slow' | 'offline';
export const SCENARIOS: readonly Scenario[] = ['default', 'empty', 'error', 'slow', 'offline'];
/** How long the 'slow' scenario holds every mocked call before answering normally. */
export const SLOW_DELAY_MS = 1500;
