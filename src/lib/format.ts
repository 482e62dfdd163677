// de-DE date and number formatting shared by the screens (one formatter each, created on first use: the first Intl
// object sets up ICU's locale data in one long task, which a screen — or a module fetched ahead for offline use — that
// never formats should not pay).

type DateInput = string | number | Date | null | undefined;

const once = <T>(make: () => T): (() => T) => {
  let made: T | undefined;
  return () => (made ??= make());
};

const number = once(() => new Intl.NumberFormat('de-DE'));
const dateTime = once(() => new Intl.DateTimeFormat('de-DE', { dateStyle: 'short', timeStyle: 'medium' }));
const dateTimeMedium = once(() => new Intl.DateTimeFormat('de-DE', { dateStyle: 'medium', timeStyle: 'short' }));
const dateTimeShort = once(() => new Intl.DateTimeFormat('de-DE', { dateStyle: 'short', timeStyle: 'short' }));
const dateTimeNumeric = once(
  () =>
    new Intl.DateTimeFormat('de-DE', {
      day: '2-digit',
      month: '2-digit',
      year: 'numeric',
      hour: '2-digit',
      minute: '2-digit',
    }),
);
const time = once(() => new Intl.DateTimeFormat('de-DE', { hour: '2-digit', minute: '2-digit', second: '2-digit' }));

/** '–' for a missing or unreadable date, so a bad value from a backend never throws in a render. */
function formatWith(format: () => Intl.DateTimeFormat, value: DateInput): string {
  if (value === null || value === undefined || value === '') return '–';
  const date = value instanceof Date ? value : new Date(value);
  return Number.isNaN(date.getTime()) ? '–' : format().format(date);
}

/** 1.234.567 */
export const formatNumber = (n: number) => number().format(n);
/** '4,5 %' */
export const formatPercent = (n: number) => `${number().format(n)} %`;
/** '23.11.26, 19:05:07' (logs, last runs, last tests). */
export const formatDateTime = (value: DateInput) => formatWith(dateTime, value);
/** '23.11.2026, 19:05' (lists). */
export const formatDateTimeMedium = (value: DateInput) => formatWith(dateTimeMedium, value);
/** '23.11.26, 19:05' (compact rows). */
export const formatDateTimeShort = (value: DateInput) => formatWith(dateTimeShort, value);
/** '23.11.2026, 19:05' with a two-digit day and month (tables). */
export const formatDateTimeNumeric = (value: DateInput) => formatWith(dateTimeNumeric, value);
/** '19:05:07' */
export const formatTime = (value: DateInput) => formatWith(time, value);
/** A calendar day '2024-01-15' → '15.01.2024': read from the text, since a day is no instant and has no time zone. */
export function formatDay(day: string): string {
  const m = /^(\d{4})-(\d{2})-(\d{2})/.exec(day);
  return m ? `${m[3]}.${m[2]}.${m[1]}` : day;
}
