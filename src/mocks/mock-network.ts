import { FetchInterceptor } from '@mswjs/interceptors/fetch';
import { WebSocketInterceptor } from '@mswjs/interceptors/WebSocket';
import { XMLHttpRequestInterceptor } from '@mswjs/interceptors/XMLHttpRequest';
import { defineNetwork, InterceptorSource } from 'msw/experimental';
import { handlers } from './handlers';
import { scenarioHandlers } from './scenarios';

export { scenarioFromSearch } from './scenarios';
import { resetStore } from './store';
import type { AnyHandler, Scenario } from './types';

type MockNetwork = ReturnType<typeof defineNetwork<[InterceptorSource]>>;
let network: MockNetwork | null = null;

/**
 * Starts the in-page mock network (no service worker: the PWA's worker stays the only one). Requests
 * no handler matches pass through, so an address the operator typed in still reaches the real server.
 */
export async function startMockNetwork(options: { scenario?: Scenario } = {}): Promise<MockNetwork> {
  if (network) return network;
  const scenario = options.scenario ?? 'default';
  resetStore(scenario);
  // msw 2.15's types do not accept the real interceptors; they are the versions msw itself runs on.
  const interceptors = [new FetchInterceptor(), new XMLHttpRequestInterceptor(), new WebSocketInterceptor()] as unknown as ConstructorParameters<typeof InterceptorSource>[0]['interceptors'];
  network = defineNetwork({
    sources: [new InterceptorSource({ interceptors })],
    handlers: [...scenarioHandlers(scenario, handlers), ...handlers],
    onUnhandledFrame: 'bypass',
  });
  await network.enable();
  return network;
}

/** Adds handlers at run time (fixture gallery). */
export function useMockHandlers(...extra: AnyHandler[]): void {
  network?.use(...extra);
}
