import { delay, http, HttpHandler, HttpResponse } from 'msw';
import { SLOW_DELAY_MS, type AnyHandler, type Scenario } from './types';

export { SLOW_DELAY_MS };

/**
 * A predicate for "a request the mock layer answers": whatever one of `mocked` matches (the /api calls,
 * the demo n8n webhooks, provider tests on their hosts). Everything else — an address the operator typed
 * in — is left alone by the scenarios, just as it passes through the mocks.
 */
function isMocked(mocked: readonly AnyHandler[]) {
  const httpHandlers = mocked.filter((h): h is HttpHandler => h instanceof HttpHandler);
  return async ({ request }: { request: Request }): Promise<boolean> => {
    for (const handler of httpHandlers) if (await handler.test({ request: request.clone() })) return true;
    return false;
  };
}

/**
 * Handlers put in front of the happy-path ones for a scenario: 'slow' holds every mocked call for
 * 1.5 s and then lets it through, 'error' answers 500, 'offline' fails like a dropped network.
 * 'empty' is no handler but a store seeding (resetStore('empty')).
 */
export function scenarioHandlers(scenario: Scenario, mocked: readonly AnyHandler[]): AnyHandler[] {
  const matches = isMocked(mocked);
  switch (scenario) {
    case 'slow':
      return [
        http.all(matches, async () => {
          await delay(SLOW_DELAY_MS);
        }),
      ];
    case 'error':
      return [
        http.all(matches, () =>
          HttpResponse.json(
            { message: 'Mock-Szenario: Serverfehler' },
            { status: 500, statusText: 'Internal Server Error' },
          ),
        ),
      ];
    case 'offline':
      return [http.all(matches, () => HttpResponse.error())];
    default:
      return [];
  }
}
