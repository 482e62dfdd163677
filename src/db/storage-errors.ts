// What a failed IndexedDB write means for the operator: the input stays in the form, and a German text says why.

/** Shown when the browser's storage is full; the typed input stays in the form. */
export const STORAGE_FULL_MESSAGE = 'Speicher voll – Eingabe wurde nicht gespeichert.';
/** Any other failed write (database closed, blocked, wiped). */
export const STORAGE_FAILED_MESSAGE = 'Speichern fehlgeschlagen – Eingabe wurde nicht gespeichert.';

/** True for QuotaExceededError, also when Dexie wraps it (inner) or another error carries it as its cause. */
export function isQuotaError(error: unknown): boolean {
  let e: unknown = error;
  for (let depth = 0; e && depth < 4; depth += 1) {
    const name = (e as { name?: string }).name;
    if (name === 'QuotaExceededError' || name === 'QuotaExceeded') return true;
    e = (e as { inner?: unknown; cause?: unknown }).inner ?? (e as { cause?: unknown }).cause;
  }
  return false;
}

/** The German text for a failed save. */
export function storageFailureMessage(error: unknown): string {
  return isQuotaError(error) ? STORAGE_FULL_MESSAGE : STORAGE_FAILED_MESSAGE;
}
