import type { HttpHandler, WebSocketHandler } from 'msw';

export type AnyHandler = HttpHandler | WebSocketHandler;
export { SLOW_DELAY_MS, type Scenario } from '@/lib/mock-scenarios';
