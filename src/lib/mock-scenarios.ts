// Plain data, so the fixture gallery (which a live build ships too) shares it without importing src/mocks.
export type Scenario = 'default' | 'empty' | 'error' | 'slow' | 'offline';
export const SCENARIOS: readonly Scenario[] = ['default', 'empty', 'error', 'slow', 'offline'];
/** How long the 'slow' scenario holds every mocked call before answering normally. */
export const SLOW_DELAY_MS = 1500;

/** Reads ?scenario= from a URL; anything unknown is the default. */
export function scenarioFromSearch(search: string): Scenario {
  const value = new URLSearchParams(search).get('scenario');
  return (SCENARIOS as readonly string[]).includes(value ?? '') ? (value as Scenario) : 'default';
}

let active: Scenario = 'default';

/** The scenario this page was opened in: main.tsx sets it at boot in mock mode, before the app is imported. */
export function activeScenario(): Scenario {
  return active;
}
export function setActiveScenario(scenario: Scenario): void {
  active = scenario;
}
