import type { Scenario } from '../types';

type Resetter = (scenario: Scenario) => void;
const resetters = new Set<Resetter>();

/** Each area's store registers how it seeds itself; resetStore() re-seeds them all. */
export function registerStore(reset: Resetter): void {
  resetters.add(reset);
  reset(currentScenario);
}

let currentScenario: Scenario = 'default';

/** Re-seeds every area: 'empty' gives empty collections, any other scenario the spec's sample data. */
export function resetStore(scenario: Scenario = 'default'): void {
  currentScenario = scenario;
  for (const reset of resetters) reset(scenario);
}
