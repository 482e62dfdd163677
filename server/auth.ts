// The operator token: from NEWSDESK_TOKEN, or generated once into the data folder. Every /api call but the open
// paths must carry it as a bearer token; repeated wrong tokens from one address get 429 for a while.
import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import type { MiddlewareHandler } from 'hono';
import type { AppEnv } from './context';
import { HttpError } from './errors';

export const TOKEN_FILE = 'operator-token';

/** The token in force, and whether it was just generated (then main.ts prints it once). */
export function resolveToken(envToken: string | undefined, dataDir: string): { token: string; generated: boolean; file?: string } {
  if (envToken) return { token: envToken, generated: false };
  const file = path.join(dataDir, TOKEN_FILE);
  if (existsSync(file)) {
    const stored = readFileSync(file, 'utf8').trim();
    if (stored.length >= 16) return { token: stored, generated: false, file };
  }
  mkdirSync(dataDir, { recursive: true });
  const token = randomBytes(24).toString('base64url');
  writeFileSync(file, `${token}\n`, { mode: 0o600 });
  return { token, generated: true, file };
}

function digest(value: string): Buffer {
  return createHash('sha256').update(value).digest();
}

/** Constant-time comparison of a presented token with the operator token. */
export function tokenMatches(presented: string, token: string): boolean {
  return timingSafeEqual(digest(presented), digest(token));
}

export interface AuthOptions {
  maxFailures: number;
  windowMs: number;
  /** Paths under /api that need no bearer token (they check something else or show nothing). */
  isOpen: (path: string, method: string) => boolean;
  clientAddress: (c: Parameters<MiddlewareHandler<AppEnv>>[0]) => string;
  now?: () => number;
}

/** Bearer auth with a per-address failure counter (in memory per instance: enough to slow down guessing). */
export function bearerAuth(options: AuthOptions): MiddlewareHandler<AppEnv> {
  const failures = new Map<string, { count: number; since: number }>();
  const now = options.now ?? Date.now;
  return async (c, next) => {
    if (c.req.method === 'OPTIONS' || options.isOpen(c.req.path, c.req.method)) return next();
    const address = options.clientAddress(c);
    const entry = failures.get(address);
    const t = now();
    if (entry && t - entry.since > options.windowMs) failures.delete(address);
    const current = failures.get(address);
    if (current && current.count >= options.maxFailures) {
      const retryAfter = Math.max(1, Math.ceil((current.since + options.windowMs - t) / 1000));
      throw new HttpError(429, 'Zu viele ungültige Anmeldeversuche. Bitte später erneut versuchen.', 'too_many_failures', undefined, { 'Retry-After': String(retryAfter) });
    }
    // X-Newsdesk-Token carries the operator token when Authorization carries a provider key (POST /test/openai).
    const alternate = c.req.header('x-newsdesk-token')?.trim();
    const match = alternate ? [alternate, alternate] : /^Bearer\s+(.+)$/i.exec(c.req.header('authorization') ?? '');
    if (!match || !tokenMatches(match[1].trim(), c.get('deps').token)) {
      if (failures.size > 10_000) failures.clear();
      failures.set(address, { count: (current?.count ?? 0) + 1, since: current?.since ?? t });
      throw new HttpError(401, match ? 'Token ungültig.' : 'Anmeldung erforderlich: Zugangs-Token fehlt.', 'unauthorized', undefined, { 'WWW-Authenticate': 'Bearer' });
    }
    failures.delete(address);
    return next();
  };
}
