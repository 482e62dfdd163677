// Authentication of /api: a person's session (cookie or bearer), a personal API token, or the operator token (from
// NEWSDESK_TOKEN, or generated once into the data folder: an administrator's API token). Wrong tokens from one address
// get 429 for a while.
import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { BlockList, isIP } from 'node:net';
import path from 'node:path';
import type { Context, MiddlewareHandler } from 'hono';
import { deleteCookie, getCookie } from 'hono/cookie';
import { actorForBearer, actorForSession, SESSION_COOKIE } from '../identity/identity';
import type { AppEnv } from '../context';
import { HttpError } from './errors';

export const TOKEN_FILE = 'operator-token';

/** The token in force, and whether it was just generated (then main.ts prints it once). */
export function resolveToken(
  envToken: string | undefined,
  dataDir: string,
): { token: string; generated: boolean; file?: string } {
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

export interface AuthOptions {
  maxFailures: number;
  windowMs: number;
  /** Paths under /api that need no user (they check something else or show nothing). */
  isOpen: (path: string, method: string) => boolean;
  clientAddress: (c: Context<AppEnv>) => string;
  now?: () => number;
}

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

/**
 * Finds who is calling: a bearer credential (the operator token, a session's or an API token) or the session cookie.
 * Wrong bearer tokens are limited per address; the right one passes even then, so guessing never locks anyone out. A
 * cookie session's changes must carry its CSRF token, which another site cannot read.
 */
export function authenticate(options: AuthOptions): MiddlewareHandler<AppEnv> {
  const failures = new Map<string, { count: number; since: number }>();
  const now = options.now ?? Date.now;
  return async (c, next) => {
    const address = options.clientAddress(c);
    c.set('address', address);
    if (c.req.method === 'OPTIONS' || options.isOpen(c.req.path, c.req.method)) return next();
    const { database, token } = c.get('deps');
    // X-Newsdesk-Token carries the credential when Authorization carries a provider key (POST /test/openai).
    const alternate = c.req.header('x-newsdesk-token')?.trim();
    const presented = alternate || /^Bearer\s+(.+)$/i.exec(c.req.header('authorization') ?? '')?.[1]?.trim();
    if (presented) {
      const actor = await actorForBearer(database, presented, token, now());
      if (actor) {
        failures.delete(address);
        c.set('actor', actor);
        return next();
      }
      const t = now();
      const entry = failures.get(address);
      const current = entry && t - entry.since <= options.windowMs ? entry : undefined;
      if (current && current.count >= options.maxFailures) {
        const retryAfter = Math.max(1, Math.ceil((current.since + options.windowMs - t) / 1000));
        throw new HttpError(
          429,
          'Zu viele ungültige Anmeldeversuche. Bitte später erneut versuchen.',
          'too_many_failures',
          undefined,
          { 'Retry-After': String(retryAfter) },
        );
      }
      if (failures.size > 10_000) failures.clear();
      failures.set(address, { count: (current?.count ?? 0) + 1, since: current?.since ?? t });
      throw new HttpError(401, 'Token ungültig.', 'unauthorized', undefined, { 'WWW-Authenticate': 'Bearer' });
    }
    const cookie = getCookie(c, SESSION_COOKIE);
    if (cookie) {
      const actor = await actorForSession(database, cookie, 'cookie', now());
      if (!actor) {
        deleteCookie(c, SESSION_COOKIE, { path: '/api' });
        throw new HttpError(401, 'Die Sitzung ist abgelaufen. Bitte erneut anmelden.', 'session_expired');
      }
      if (!SAFE_METHODS.has(c.req.method) && c.req.header('x-newsdesk-csrf') !== actor.session?.csrf)
        throw new HttpError(
          403,
          'Sicherheitsprüfung fehlgeschlagen: Bitte die Seite neu laden und erneut versuchen.',
          'csrf',
        );
      c.set('actor', actor);
      return next();
    }
    throw new HttpError(401, 'Anmeldung erforderlich: Zugangs-Token fehlt.', 'unauthorized', undefined, {
      'WWW-Authenticate': 'Bearer',
    });
  };
}

/** The client's address: X-Forwarded-For's nearest untrusted hop only behind a trusted proxy, so no client forges one. */
export function forwardedClient(
  peer: string,
  forwardedFor: string | undefined,
  trusted: BlockList | undefined,
): string {
  if (!trusted || !forwardedFor || !isIn(trusted, peer)) return peer;
  const chain = forwardedFor
    .split(',')
    .map((a) => a.trim())
    .filter(Boolean);
  for (let i = chain.length - 1; i >= 0; i -= 1) if (!isIn(trusted, chain[i])) return chain[i];
  return chain[0] ?? peer;
}

const plain = (address: string) => address.replace(/^::ffff:(?=\d+\.\d+\.\d+\.\d+$)/, '');

function isIn(list: BlockList, address: string): boolean {
  const a = plain(address);
  const family = isIP(a);
  return family !== 0 && list.check(a, family === 6 ? 'ipv6' : 'ipv4');
}

/** Parses NEWSDESK_TRUSTED_PROXIES; throws with the German reason on an entry that is no address or CIDR. */
export function trustedProxies(setting: string | undefined): BlockList | undefined {
  const entries = (setting ?? '')
    .split(',')
    .map((e) => e.trim())
    .filter(Boolean);
  if (entries.length === 0) return undefined;
  const list = new BlockList();
  for (const entry of entries) {
    const [address, bits] = entry.split('/');
    const family = isIP(plain(address));
    const prefix = bits === undefined ? undefined : Number(bits);
    if (
      family === 0 ||
      (prefix !== undefined && (!Number.isInteger(prefix) || prefix < 0 || prefix > (family === 6 ? 128 : 32)))
    ) {
      throw new Error(`NEWSDESK_TRUSTED_PROXIES: „${entry}“ ist keine IP-Adresse und kein CIDR-Bereich.`);
    }
    const type = family === 6 ? 'ipv6' : 'ipv4';
    if (prefix === undefined) list.addAddress(plain(address), type);
    else list.addSubnet(plain(address), prefix, type);
  }
  return list;
}
