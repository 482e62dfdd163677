import { activeScenario, scenarioFromSearch, setActiveScenario } from './mock-scenarios';

afterEach(() => setActiveScenario('default'));

test('?scenario= names one of the five scenarios; anything else is the default', () => {
  expect(scenarioFromSearch('?scenario=error')).toBe('error');
  expect(scenarioFromSearch('?x=1&scenario=offline')).toBe('offline');
  expect(scenarioFromSearch('?scenario=ERROR')).toBe('default');
  expect(scenarioFromSearch('?scenario=')).toBe('default');
  expect(scenarioFromSearch('')).toBe('default');
});

test('the active scenario is the default until the boot sets one', () => {
  expect(activeScenario()).toBe('default');
  setActiveScenario('empty');
  expect(activeScenario()).toBe('empty');
});
