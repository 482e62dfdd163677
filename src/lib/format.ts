// de-DE date and number formatting shared by the screens, written out rather than asked of Intl: a page's first Intl
// formatter sets up ICU's locale data in one long task (README, Performance notes), which every screen's first
// render paid. The output is Intl's for de-DE, as format.test.ts checks against it.

type DateInput = string | number | Date | null | undefined;

const pad = (n: number) => String(n).padStart(2, '0');

/** Thousands of an integer's digits: '1234567' → '1.234.567'. */
const group = (digits: string) => digits.replace(/\B(?=(\d{3})+(?!\d))/g, '.');

/**
 * Rounds half away from zero on the number's shortest decimal form, as Intl does (1.0005 → 1.001, where toFixed sees the
 * binary 1.000499…): the integer digits and at most `max` (≤ 6) fraction digits of a magnitude under 1e21.
 */
function roundDecimal(magnitude: number, max: number): [string, string] {
  const text = String(magnitude);
  if (text.includes('e')) return ['0', '']; // under 1e-6: nothing shows at six digits
  const [int, fraction = ''] = text.split('.');
  if (fraction.length <= max) return [int, fraction];
  const up = fraction.charCodeAt(max) >= 53; // '5'
  const units = (BigInt(int + fraction.slice(0, max)) + (up ? 1n : 0n)).toString().padStart(max + 1, '0');
  return max === 0 ? [units, ''] : [units.slice(0, -max), units.slice(-max)];
}

/**
 * A number as Intl.NumberFormat('de-DE') writes it: '1.234.567', '4,5', '-0,125'; `min`/`max` fraction digits as its
 * minimumFractionDigits/maximumFractionDigits (0 and 3 by default).
 */
export function formatNumber(
  n: number,
  { min = 0, max = Math.max(3, min) }: { min?: number; max?: number } = {},
): string {
  if (Number.isNaN(n)) return 'NaN';
  const sign = n < 0 || Object.is(n, -0) ? '-' : '';
  if (!Number.isFinite(n)) return `${sign}∞`;
  const magnitude = Math.abs(n);
  // Intl writes such a figure in full; no count or rate of this desk comes near it.
  if (magnitude >= 1e21) return `${sign}${String(magnitude)}`;
  const [int, fraction] = roundDecimal(magnitude, max);
  const digits = fraction.replace(/0+$/, '').padEnd(min, '0');
  return `${sign}${group(int)}${digits ? `,${digits}` : ''}`;
}

/** '4,5 %' */
export const formatPercent = (n: number) => `${formatNumber(n)} %`;

/** '–' for a missing or unreadable date, so a bad value from a backend never throws in a render. */
function formatWith(format: (date: Date) => string, value: DateInput): string {
  if (value === null || value === undefined || value === '') return '–';
  const date = value instanceof Date ? value : new Date(value);
  return Number.isNaN(date.getTime()) ? '–' : format(date);
}

const day = (d: Date) => `${pad(d.getDate())}.${pad(d.getMonth() + 1)}`;
const shortYear = (d: Date) => pad(Math.abs(d.getFullYear()) % 100);
const minutes = (d: Date) => `${pad(d.getHours())}:${pad(d.getMinutes())}`;
const seconds = (d: Date) => `${minutes(d)}:${pad(d.getSeconds())}`;

/** '23.11.26, 19:05:07' (logs, last runs, last tests): Intl's dateStyle short, timeStyle medium. */
export const formatDateTime = (value: DateInput) =>
  formatWith((d) => `${day(d)}.${shortYear(d)}, ${seconds(d)}`, value);
/** '23.11.2026, 19:05' (lists): Intl's dateStyle medium, timeStyle short. */
export const formatDateTimeMedium = (value: DateInput) =>
  formatWith((d) => `${day(d)}.${d.getFullYear()}, ${minutes(d)}`, value);
/** '23.11.26, 19:05' (compact rows): Intl's dateStyle short, timeStyle short. */
export const formatDateTimeShort = (value: DateInput) =>
  formatWith((d) => `${day(d)}.${shortYear(d)}, ${minutes(d)}`, value);
/** '23.11.2026, 19:05' with a two-digit day and month (tables): in German the same as dateStyle medium. */
export const formatDateTimeNumeric = formatDateTimeMedium;
/** '19:05:07' */
export const formatTime = (value: DateInput) => formatWith(seconds, value);

/** A calendar day '2024-01-15' → '15.01.2024': read from the text, since a day is no instant and has no time zone. */
export function formatDay(day: string): string {
  const m = /^(\d{4})-(\d{2})-(\d{2})/.exec(day);
  return m ? `${m[3]}.${m[2]}.${m[1]}` : day;
}

const FOLDED: Record<string, string> = { ä: 'a', ö: 'o', ü: 'u', ß: 'ss' };
const foldName = (name: string) => name.toLowerCase().replace(/[äöüß]/g, (ch) => FOLDED[ch] ?? ch);

/**
 * Orders names as a German list does (DIN 5007: case aside, ä as a, ß as ss), for the few short names of a filter
 * drawn with a screen's data; localeCompare would set up ICU's collation inside that render. Equal folds keep a fixed
 * order by their code points.
 */
export function compareNames(a: string, b: string): number {
  const x = foldName(a);
  const y = foldName(b);
  if (x !== y) return x < y ? -1 : 1;
  return a < b ? -1 : a > b ? 1 : 0;
}

/** Orders ISO dates and times ('2026-11-23T19:05', '19:05') as text; localeCompare would set up ICU's collation. */
export function compareIso(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}
