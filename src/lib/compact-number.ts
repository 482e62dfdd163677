// By hand, not Intl: a page's first Intl object sets up ICU's locale data in one long task, kept off /dashboard.
// The output is Intl.NumberFormat('en', { notation: 'compact', maximumFractionDigits: 1 })'s, as the test checks.

const UNITS = ['', 'K', 'M', 'B', 'T'];

/** 999 → '999', 1234 → '1.2K', 999_950 → '1M', 12_345_678 → '12.3M' (half away from zero, as Intl rounds). */
export function formatCompact(value: number): string {
  if (!Number.isFinite(value)) return String(value);
  const sign = value < 0 ? '-' : '';
  let magnitude = Math.abs(value);
  let unit = 0;
  while (magnitude >= 1000 && unit < UNITS.length - 1) {
    magnitude /= 1000;
    unit++;
  }
  let rounded = roundHalfAway(magnitude);
  // 999.95K rounds to 1000K: Intl then names the next unit ('1M').
  if (rounded >= 1000 && unit < UNITS.length - 1) {
    unit++;
    rounded = roundHalfAway(rounded / 1000);
  }
  return `${sign}${rounded}${UNITS[unit]}`;
}

/** One decimal at most, half away from zero; an integer prints without a decimal point. */
function roundHalfAway(n: number): number {
  return Math.round(n * 10 + Number.EPSILON * n * 10) / 10;
}
