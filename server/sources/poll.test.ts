import { expect, test } from 'vitest';
import { backoffMs, retryAfterMs } from './poll';

test('Retry-After in seconds or as an HTTP date; unreadable is none', () => {
  const now = Date.parse('2026-11-26T10:00:00Z');
  expect(retryAfterMs('120', now)).toBe(120_000);
  expect(retryAfterMs('Thu, 26 Nov 2026 10:05:00 GMT', now)).toBe(300_000);
  expect(retryAfterMs('bald', now)).toBeUndefined();
  expect(retryAfterMs(null, now)).toBeUndefined();
});

test('the back-off doubles per failure, never under the interval, at most six hours', () => {
  const interval = 15 * 60_000;
  expect(backoffMs(1, interval)).toBe(interval);
  expect(backoffMs(5, interval)).toBe(32 * 60_000);
  expect(backoffMs(30, interval)).toBe(6 * 3600_000);
});
