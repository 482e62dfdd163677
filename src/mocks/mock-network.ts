import { FetchInterceptor } from '@mswjs/interceptors/fetch';
import { WebSocketInterceptor } from '@mswjs/interceptors/WebSocket';
import { XMLHttpRequestInterceptor } from '@mswjs/interceptors/XMLHttpRequest';
import { delay, http, HttpResponse, ws } from 'msw';
import { defineNetwork, InterceptorSource } from 'msw/experimental';
import { handlers } from './handlers';
import { scenarioHandlers } from './scenarios';

import { resetStore } from './store';
import { keepDeskSettingsForSession } from './store/sources';
import type { AnyHandler, Scenario } from './types';

type MockNetwork = ReturnType<typeof defineNetwork<[InterceptorSource]>>;
let network: MockNetwork | null = null;

/**
 * What a browser test may reach in mock mode (window.__newsdeskMocks): add handlers in front of the
 * happy path, like server.use() in unit tests, with msw's own builders. Only the mock chunk defines it,
 * so a live deployment has none of it.
 */
export interface MockHooks {
  use: (...extra: AnyHandler[]) => void;
  resetHandlers: () => void;
  http: typeof http;
  ws: typeof ws;
  HttpResponse: typeof HttpResponse;
  delay: typeof delay;
}

declare global {
  interface Window {
    __newsdeskMocks?: MockHooks;
  }
}

/**
 * Starts the in-page mock network (no service worker: the PWA's worker stays the only one). Requests
 * no handler matches pass through, so an address the operator typed in still reaches the real server.
 */
export async function startMockNetwork(options: { scenario?: Scenario } = {}): Promise<MockNetwork> {
  if (network) return network;
  const scenario = options.scenario ?? 'default';
  keepDeskSettingsForSession();
  resetStore(scenario);
  // msw 2.15's types do not accept the real interceptors; they are the versions msw itself runs on.
  const interceptors = [
    new FetchInterceptor(),
    new XMLHttpRequestInterceptor(),
    new WebSocketInterceptor(),
  ] as unknown as ConstructorParameters<typeof InterceptorSource>[0]['interceptors'];
  const started = defineNetwork({
    sources: [new InterceptorSource({ interceptors })],
    handlers: [...scenarioHandlers(scenario, handlers), ...handlers],
    onUnhandledFrame: 'bypass',
    // msw would log every request with its headers and body to the console: keys and passwords included.
    context: { quiet: true },
  });
  await started.enable();
  network = started;
  if (typeof window !== 'undefined') {
    window.__newsdeskMocks = {
      use: (...extra) => started.use(...extra),
      resetHandlers: () => started.resetHandlers(),
      http,
      ws,
      HttpResponse,
      delay,
    };
  }
  return started;
}

/** Adds handlers at run time (fixture gallery). */
export function useMockHandlers(...extra: AnyHandler[]): void {
  network?.use(...extra);
}
