// The desk's calendar day: a post or a media item made at 00:30 in Hamburg belongs to that day, not to UTC's previous one.
const DESK_TIME_ZONE = 'Europe/Berlin';
const dayFormat = new Intl.DateTimeFormat('en-CA', {
  timeZone: DESK_TIME_ZONE,
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
});

/** YYYY-MM-DD of `at` in the desk's time zone (the one its public pages show times in). */
export function deskDay(at: Date = new Date()): string {
  return dayFormat.format(at);
}
