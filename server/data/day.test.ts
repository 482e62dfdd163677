import { expect, test } from 'vitest';
import { deskDay } from './day';

test('the desk day is Berlin’s: half past midnight there is that day, not UTC’s previous one', () => {
  // 23:30 UTC on 26 November is 00:30 on 27 November in Berlin (winter time, UTC+1).
  expect(deskDay(new Date('2026-11-26T23:30:00Z'))).toBe('2026-11-27');
  // 21:59 UTC on 30 June is 23:59 in Berlin (summer time, UTC+2): still that day.
  expect(deskDay(new Date('2026-06-30T21:59:00Z'))).toBe('2026-06-30');
  expect(deskDay(new Date('2026-06-30T22:00:00Z'))).toBe('2026-07-01');
});
