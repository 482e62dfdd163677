// The operator token: from NEWSDESK_TOKEN, or generated once into the data folder. Every /api call but the open
// paths must carry it as a bearer token; repeated wrong tokens from one address get 429 for a while.
import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { BlockList, isIP } from 'node:net';
import path from 'node:path';
import type { MiddlewareHandler } from 'hono';
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

/** Limits wrong tokens per address; the right token passes even then, so guessing never locks the operator out. */
export function bearerAuth(options: AuthOptions): MiddlewareHandler<AppEnv> {
  const failures = new Map<string, { count: number; since: number }>();
  const now = options.now ?? Date.now;
  return async (c, next) => {
    if (c.req.method === 'OPTIONS' || options.isOpen(c.req.path, c.req.method)) return next();
    // X-Newsdesk-Token carries the operator token when Authorization carries a provider key (POST /test/openai).
    const alternate = c.req.header('x-newsdesk-token')?.trim();
    const match = alternate ? [alternate, alternate] : /^Bearer\s+(.+)$/i.exec(c.req.header('authorization') ?? '');
    if (!match)
      throw new HttpError(401, 'Anmeldung erforderlich: Zugangs-Token fehlt.', 'unauthorized', undefined, {
        'WWW-Authenticate': 'Bearer',
      });
    const address = options.clientAddress(c);
    if (tokenMatches(match[1].trim(), c.get('deps').token)) {
      failures.delete(address);
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
