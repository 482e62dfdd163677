import {
  compareIso,
  compareNames,
  formatDateTime,
  formatDateTimeMedium,
  formatDateTimeNumeric,
  formatDateTimeShort,
  formatNumber,
  formatPercent,
  formatTime,
} from './format';

// A fixed sequence (a linear congruential generator): the same values on every run.
function sequence(seed: number): () => number {
  let state = seed;
  return () => {
    state = (state * 1_103_515_245 + 12_345) % 2 ** 31;
    return state / 2 ** 31;
  };
}

test('numbers read as German readers write them', () => {
  expect(formatNumber(1234567)).toBe('1.234.567');
  expect(formatNumber(999)).toBe('999');
  expect(formatNumber(1000)).toBe('1.000');
  expect(formatNumber(4.5)).toBe('4,5');
  expect(formatNumber(-0.125)).toBe('-0,125');
  expect(formatNumber(2.0005)).toBe('2,001');
  expect(formatNumber(1.5, { min: 1, max: 1 })).toBe('1,5');
  expect(formatNumber(2, { min: 1, max: 1 })).toBe('2,0');
  expect(formatPercent(98.7)).toBe('98,7 %');
});

test("every number is written as Intl.NumberFormat('de-DE') writes it", () => {
  const values = [0, -0, 1, -1, 12, 1234, 12345.678, 0.0005, 0.0004, 1.0005, 2.675, 1e6, 123456789.987654, -98765.4321];
  for (const v of values) {
    expect(formatNumber(v)).toBe(new Intl.NumberFormat('de-DE').format(v));
    const fixed = { minimumFractionDigits: 1, maximumFractionDigits: 1 };
    expect(formatNumber(v, { min: 1, max: 1 })).toBe(new Intl.NumberFormat('de-DE', fixed).format(v));
  }
  const random = sequence(7);
  for (let i = 0; i < 500; i++) {
    const v = Math.round((random() - 0.5) * 10 ** (1 + (i % 9)) * 1000) / 1000;
    expect(formatNumber(v)).toBe(new Intl.NumberFormat('de-DE').format(v));
  }
  expect(formatNumber(Number.NaN)).toBe(new Intl.NumberFormat('de-DE').format(Number.NaN));
  expect(formatNumber(Number.POSITIVE_INFINITY)).toBe(new Intl.NumberFormat('de-DE').format(Number.POSITIVE_INFINITY));
});

test('dates and times read as the German examples', () => {
  const at = new Date(2026, 10, 23, 19, 5, 7);
  expect(formatDateTime(at)).toBe('23.11.26, 19:05:07');
  expect(formatDateTimeMedium(at)).toBe('23.11.2026, 19:05');
  expect(formatDateTimeShort(at)).toBe('23.11.26, 19:05');
  expect(formatDateTimeNumeric(new Date(2026, 0, 5, 9, 3))).toBe('05.01.2026, 09:03');
  expect(formatTime(new Date(2026, 0, 5, 0, 0, 9))).toBe('00:00:09');
  expect(formatDateTime(null)).toBe('–');
  expect(formatDateTime('kein Datum')).toBe('–');
});

test("every date is written as Intl.DateTimeFormat('de-DE') writes it, in the browser's time zone", () => {
  const formats: Array<[(d: Date) => string, Intl.DateTimeFormatOptions]> = [
    [formatDateTime, { dateStyle: 'short', timeStyle: 'medium' }],
    [formatDateTimeMedium, { dateStyle: 'medium', timeStyle: 'short' }],
    [formatDateTimeShort, { dateStyle: 'short', timeStyle: 'short' }],
    [formatDateTimeNumeric, { day: '2-digit', month: '2-digit', year: 'numeric', hour: '2-digit', minute: '2-digit' }],
    [formatTime, { hour: '2-digit', minute: '2-digit', second: '2-digit' }],
  ];
  const start = Date.UTC(2001, 0, 1);
  const random = sequence(11);
  for (let i = 0; i < 300; i++) {
    const date = new Date(start + Math.floor(random() * 40 * 365 * 86_400_000));
    for (const [format, options] of formats)
      expect(format(date)).toBe(new Intl.DateTimeFormat('de-DE', options).format(date));
  }
});

test('ISO dates and times order as their instants do', () => {
  expect(['2026-11-23T19:05:00Z', '2026-01-02T00:00:00Z', '2026-11-23T08:00:00Z'].sort(compareIso)).toEqual([
    '2026-01-02T00:00:00Z',
    '2026-11-23T08:00:00Z',
    '2026-11-23T19:05:00Z',
  ]);
  expect(compareIso('19:05', '19:05')).toBe(0);
  expect(compareIso('09:00', '19:05')).toBeLessThan(0);
});

test('names order as a German list does: case aside, umlauts as their base letter, ß as ss', () => {
  expect(
    ['Zeit Online', 'heise online', 'Ärzteblatt', 'ARD', 'Süddeutsche', 'Spiegel', 'Straße & Verkehr'].sort(
      compareNames,
    ),
  ).toEqual(['ARD', 'Ärzteblatt', 'heise online', 'Spiegel', 'Straße & Verkehr', 'Süddeutsche', 'Zeit Online']);
  expect(['Öko-Test', 'Oekonom', 'Ozean'].sort(compareNames)).toEqual(['Oekonom', 'Öko-Test', 'Ozean']);
  expect(compareNames('tagesschau', 'Tagesschau')).not.toBe(0);
  expect(compareNames('Tagesschau', 'Tagesschau')).toBe(0);
});
