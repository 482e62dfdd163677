/** Hands a blob to the browser as a file download. */
export function saveBlob(blob: Blob, filename: string): void {
  const url = URL.createObjectURL(blob);
  saveUrl(url, filename);
  // Give the browser a moment to start the download before the address is revoked.
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}

/** Downloads a file from its address under `filename` (the name holds for same-origin, data: and blob: addresses). */
export function saveUrl(url: string, filename: string): void {
  const link = document.createElement('a');
  link.href = url;
  link.download = filename;
  link.rel = 'noopener';
  document.body.append(link);
  link.click();
  link.remove();
}

/** Offers a JSON text as a file download (the text must be redacted already). */
export function downloadJson(filename: string, text: string): void {
  saveBlob(new Blob([text], { type: 'application/json' }), filename);
}

/** YYYY-MM-DD of a date, for file names. */
export function dateStamp(date = new Date()): string {
  return date.toISOString().slice(0, 10);
}
