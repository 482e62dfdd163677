import type { HttpHandler, WebSocketHandler } from 'msw';

export type AnyHandler = HttpHandler | WebSocketHandler;
export type Scenario = 'default' | 'empty' | 'error' | 'slow' | 'offline';
export const SCENARIOS: readonly Scenario[] = ['default', 'empty', 'error', 'slow', 'offline'];
