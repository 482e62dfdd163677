import { delay, http, HttpResponse } from 'msw';
import { SCENARIOS, type AnyHandler, type Scenario } from './types';

/** Reads ?scenario= from a URL; anything unknown is the default. */
export function scenarioFromSearch(search: string): Scenario {
  const value = new URLSearchParams(search).get('scenario');
  return (SCENARIOS as readonly string[]).includes(value ?? '') ? (value as Scenario) : 'default';
}

const API = '*/api/*';

/**
 * Handlers prepended for a scenario. 'empty' is a store seeding (see resetStore), 'slow' delays every
 * /api call by 1.5 s and then falls through, 'error' answers 500, 'offline' fails like a dropped network.
 */
export function scenarioHandlers(scenario: Scenario): AnyHandler[] {
  switch (scenario) {
    case 'slow':
      return [http.all(API, async () => { await delay(1500); })];
    case 'error':
      return [http.all(API, () => HttpResponse.json({ message: 'Mock-Szenario: Serverfehler' }, { status: 500 }))];
    case 'offline':
      return [http.all(API, () => HttpResponse.error())];
    default:
      return [];
  }
}
