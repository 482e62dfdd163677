// A scheduled time always carries its zone: an ISO offset (…+01:00 / Z) or a wall-clock time plus an IANA zone name.

const WALL = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})(?::(\d{2}))?$/;
const WITH_OFFSET = /(Z|[+-]\d{2}:?\d{2})$/;

/** Offset of `zone` at the instant `utcMs`, in ms (Berlin in winter: +3 600 000). */
function zoneOffsetMs(zone: string, utcMs: number): number {
  const parts = Object.fromEntries(
    new Intl.DateTimeFormat('en-US', {
      timeZone: zone,
      hourCycle: 'h23',
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      second: '2-digit',
    })
      .formatToParts(new Date(utcMs))
      .map((p) => [p.type, p.value]),
  );
  const asUtc = Date.UTC(
    Number(parts.year),
    Number(parts.month) - 1,
    Number(parts.day),
    Number(parts.hour),
    Number(parts.minute),
    Number(parts.second),
  );
  return asUtc - Math.floor(utcMs / 1000) * 1000;
}

export function isTimeZone(zone: string): boolean {
  try {
    new Intl.DateTimeFormat('en-US', { timeZone: zone });
    return true;
  } catch {
    return false;
  }
}

/** The instant of a scheduled time, or undefined when it has no zone (or is no time at all). */
export function parseZoned(text: string, timeZone?: string): Date | undefined {
  const trimmed = text.trim();
  if (WITH_OFFSET.test(trimmed)) {
    const date = new Date(trimmed);
    return Number.isNaN(date.getTime()) ? undefined : date;
  }
  const m = WALL.exec(trimmed);
  if (!m || !timeZone || !isTimeZone(timeZone)) return undefined;
  const wall = Date.UTC(Number(m[1]), Number(m[2]) - 1, Number(m[3]), Number(m[4]), Number(m[5]), Number(m[6] ?? 0));
  // Two passes settle the offset also next to a daylight-saving change.
  let utc = wall - zoneOffsetMs(timeZone, wall);
  utc = wall - zoneOffsetMs(timeZone, utc);
  return new Date(utc);
}
