// Every text that leaves the app's memory goes through redact(), so no registered secret reaches a log or an export.

const secrets = new Set<string>();
export const REDACTED = '[REDACTED]';

/** Remembers a secret value so that redact() removes it wherever it appears. Short values are ignored. */
export function registerSecret(value: string | null | undefined): void {
  if (value && value.trim().length >= 4) secrets.add(value.trim());
}

/** Forgets a secret that is no longer in use (e.g. a replaced key). */
export function unregisterSecret(value: string | null | undefined): void {
  if (value) secrets.delete(value.trim());
}

/** Forgets every registered secret (tests). */
export function clearSecrets(): void {
  secrets.clear();
}

const PATTERNS: Array<[RegExp, string]> = [
  [/(Bearer\s+)[A-Za-z0-9._~+/=-]+/gi, `$1${REDACTED}`],
  [
    /((?:api[_-]?key|access[_-]?token|token|password|secret|xi-api-key|authorization)["']?\s*[:=]\s*["']?)[^"'&\s,}]+/gi,
    `$1${REDACTED}`,
  ],
];

/** Removes every registered secret and anything shaped like a credential from a text. */
export function redact(text: string): string {
  let out = text;
  // Longest first, so a secret that contains another is removed whole.
  for (const secret of [...secrets].sort((a, b) => b.length - a.length)) {
    out = out.split(secret).join(REDACTED);
  }
  for (const [pattern, replacement] of PATTERNS) out = out.replace(pattern, replacement);
  return out;
}

const SECRET_KEYS = /^(api[_-]?key|apikey|key|token|access[_-]?token|password|secret|authorization|obsPassword)$/i;

/** Deep-copies a JSON-like value with secret-named fields and registered secrets redacted. */
export function redactValue<T>(value: T): T {
  return walk(value) as T;
}

function walk(value: unknown): unknown {
  if (typeof value === 'string') return redact(value);
  if (Array.isArray(value)) return value.map(walk);
  if (value && typeof value === 'object' && !(value instanceof Blob)) {
    const out: Record<string, unknown> = {};
    for (const [k, v] of Object.entries(value)) {
      out[k] = SECRET_KEYS.test(k) && typeof v === 'string' && v !== '' ? REDACTED : walk(v);
    }
    return out;
  }
  return value;
}
