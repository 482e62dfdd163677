import { setupServer } from 'msw/node';
import { handlers } from './handlers';
import { scenarioHandlers } from './scenarios';
import { resetStore } from './store';
import type { Scenario } from './types';

/** MSW's Node server over the same handlers the browser uses. */
export const server = setupServer(...handlers);

/**
 * Puts a test into a scenario, as ?scenario= does in the browser: 'empty' re-seeds the stores empty,
 * 'error' | 'slow' | 'offline' put their handlers in front. tests/setup.ts undoes both after each test.
 */
export function applyScenario(scenario: Scenario): void {
  resetStore(scenario);
  server.use(...scenarioHandlers(scenario, handlers));
}
