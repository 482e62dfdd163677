import { formatCompact } from './compact-number';

// The platform's formatter is the reference: the chart's labels must read exactly as they did with it.
const intl = new Intl.NumberFormat('en', { notation: 'compact', maximumFractionDigits: 1 });

test('small counts print as they are', () => {
  expect(formatCompact(0)).toBe('0');
  expect(formatCompact(7)).toBe('7');
  expect(formatCompact(999)).toBe('999');
});

test('thousands, millions and billions get K, M and B with one decimal at most', () => {
  expect(formatCompact(1000)).toBe('1K');
  expect(formatCompact(1234)).toBe('1.2K');
  expect(formatCompact(15_000)).toBe('15K');
  expect(formatCompact(123_456)).toBe('123.5K');
  expect(formatCompact(12_345_678)).toBe('12.3M');
  expect(formatCompact(2_500_000_000)).toBe('2.5B');
});

test('a value that rounds up to the next unit is named by it', () => {
  expect(formatCompact(999_950)).toBe('1M');
  expect(formatCompact(999_949)).toBe('999.9K');
});

test('every integer to 20,000, and values across every unit, read exactly as Intl.NumberFormat compact gives them', () => {
  const values: number[] = [];
  for (let n = 0; n <= 20_000; n++) values.push(n);
  let seed = 42;
  const next = () => (seed = (seed * 1_103_515_245 + 12_345) % 2 ** 31);
  for (let i = 0; i < 20_000; i++) values.push(next() % 10 ** (3 + (i % 10)));
  for (const edge of [
    1150,
    1250,
    1350,
    1450,
    99_950,
    99_949,
    999_500,
    1_049_999,
    1_050_000,
    9_999_999,
    10 ** 12 - 1,
    10 ** 12,
    5 * 10 ** 14,
  ])
    values.push(edge);
  const wrong = values
    .filter((n) => formatCompact(n) !== intl.format(n))
    .map((n) => `${n}: ${formatCompact(n)} ≠ ${intl.format(n)}`);
  expect(wrong.slice(0, 10)).toEqual([]);
});
