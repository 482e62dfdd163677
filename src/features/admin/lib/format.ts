/** A time of day in German notation (HH:MM:SS). */
export function formatTime(value: string | number | null | undefined): string {
  if (value === null || value === undefined) return '–';
  const date = new Date(value);
  if (Number.isNaN(date.getTime())) return '–';
  return date.toLocaleTimeString('de-DE', { hour: '2-digit', minute: '2-digit', second: '2-digit' });
}

/** Date and time in German notation. */
export function formatDateTime(value: string | number | null | undefined): string {
  if (value === null || value === undefined) return '–';
  const date = new Date(value);
  if (Number.isNaN(date.getTime())) return '–';
  return date.toLocaleString('de-DE', { dateStyle: 'short', timeStyle: 'medium' });
}
