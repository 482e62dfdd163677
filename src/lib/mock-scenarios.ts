/**
 * The names of the mock scenarios (`?scenario=` in mock mode) and the slow scenario's delay: plain data,
 * kept here so that the mock layer and the fixture gallery share them without the gallery (which a live
 * build also ships) importing anything from src/mocks.
 */
export type Scenario = 'default' | 'empty' | 'error' | 'slow' | 'offline';
export const SCENARIOS: readonly Scenario[] = ['default', 'empty', 'error', 'slow', 'offline'];
/** How long the 'slow' scenario holds every mocked call before answering normally. */
export const SLOW_DELAY_MS = 1500;
