import { redact } from '@/lib/security/redact';

let enabled = false;

/** Turns verbose request logging on or off (Admin → System → debug mode). */
export function setDebugLogging(on: boolean): void {
  enabled = on;
}

export function isDebugLogging(): boolean {
  return enabled;
}

/** Strips the query string's secret-looking values and every registered secret from an address. */
export function redactUrl(url: string): string {
  try {
    const parsed = new URL(url);
    for (const key of [...parsed.searchParams.keys()]) {
      if (/key|token|secret|password|auth|code/i.test(key)) parsed.searchParams.set(key, 'REDACTED');
    }
    return redact(parsed.toString());
  } catch {
    return redact(url);
  }
}

export function logRequest(method: string, url: string, status: number | string, durationMs: number): void {
  if (!enabled) return;
  console.debug(`[http] ${method} ${redactUrl(url)} → ${status} (${Math.round(durationMs)} ms)`);
}
