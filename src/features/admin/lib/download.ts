/** Offers a JSON value as a file download (the text must be redacted already). */
export function downloadJson(filename: string, text: string): void {
  const blob = new Blob([text], { type: 'application/json' });
  const url = URL.createObjectURL(blob);
  const a = document.createElement('a');
  a.href = url;
  a.download = filename;
  a.rel = 'noopener';
  document.body.append(a);
  a.click();
  a.remove();
  // Give the browser a moment to start the download before the address is revoked.
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}

/** YYYY-MM-DD of a date, for file names. */
export function dateStamp(date = new Date()): string {
  return date.toISOString().slice(0, 10);
}
