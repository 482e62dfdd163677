import { expect, test } from 'vitest';
import { parseZoned } from './zoned-time';

test('a wall-clock time in its zone, across both daylight-saving seasons; an offset as given; no zone: undefined', () => {
  expect(parseZoned('2026-11-24T08:00', 'Europe/Berlin')?.toISOString()).toBe('2026-11-24T07:00:00.000Z');
  expect(parseZoned('2026-07-01T08:00', 'Europe/Berlin')?.toISOString()).toBe('2026-07-01T06:00:00.000Z');
  expect(parseZoned('2026-03-29T03:30', 'Europe/Berlin')?.toISOString()).toBe('2026-03-29T01:30:00.000Z');
  expect(parseZoned('2026-11-24T08:00', 'America/New_York')?.toISOString()).toBe('2026-11-24T13:00:00.000Z');
  expect(parseZoned('2026-11-24T08:00:00+01:00')?.toISOString()).toBe('2026-11-24T07:00:00.000Z');
  expect(parseZoned('2026-11-24T08:00')).toBeUndefined();
  expect(parseZoned('2026-11-24T08:00', 'Mars/Olympus')).toBeUndefined();
});
