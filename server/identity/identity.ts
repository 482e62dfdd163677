// Who is calling: a person's session (cookie or bearer), a personal API token, or the desk's own operator token (an
// administrator's API token, so existing set-ups keep working). Secrets are stored as SHA-256 only.
import { createHash, randomBytes, randomUUID, timingSafeEqual } from 'node:crypto';
import { and, eq, gt, isNotNull, isNull, lt, or, sql } from 'drizzle-orm';
import type { Role, User } from '../../src/contract';
import type { StreamHolder } from '../data/events';
import type { Database, Db } from '../data/db/client';
import { apiTokens, passwordLinks, sessions, users } from '../data/db/schema';
import { toUser } from '../routes/users/users.queries';

export interface Actor {
  kind: 'user' | 'token' | 'system';
  userId: string | null;
  /** The user's name, or the system's part („Pipeline“, „Zeitplan“, „n8n“). */
  name: string;
  role: Role;
  tokenName?: string;
  /** The personal API token presented (not the operator's token): its stream ends when it is revoked. */
  tokenId?: string;
  session?: { id: string; csrf: string; kind: 'cookie' | 'bearer'; expiresAt: string };
}

export const SESSION_COOKIE = 'newsdesk_session';
/** A session ends after this long without a call… */
export const IDLE_MS = 12 * 60 * 60 * 1000;
/** …and a cookie session after this long in any case; a bearer session (another origin) lives no longer than idle. */
export const ABSOLUTE_MS = 7 * 24 * 60 * 60 * 1000;
export const LINK_MS = 24 * 60 * 60 * 1000;
/** How often a session's last use is written (not on every call). */
const TOUCH_MS = 60 * 1000;
/** The user the operator token acts as: the administrator every desk is created with. */
export const FIRST_ADMIN = 'user-admin';

export const sha256 = (value: string) => createHash('sha256').update(value).digest('hex');

/** Constant-time comparison of a presented token with the operator token. */
export function tokenMatches(presented: string, token: string): boolean {
  return timingSafeEqual(createHash('sha256').update(presented).digest(), createHash('sha256').update(token).digest());
}
const secret = (prefix: string) => `${prefix}${randomBytes(32).toString('base64url')}`;

/** How the audit trail and the session name the operator token of the desk's settings. */
export const OPERATOR_TOKEN_NAME = 'NEWSDESK_TOKEN';

/** The user behind a presented bearer credential, or undefined when it is nobody's (a wrong token). */
export async function actorForBearer(
  database: Database,
  presented: string,
  operatorToken: string,
  now = Date.now(),
): Promise<Actor | undefined> {
  if (tokenMatches(presented, operatorToken)) {
    const [admin] = await database.db.select().from(users).where(eq(users.id, FIRST_ADMIN));
    return {
      kind: 'token',
      userId: admin?.id ?? null,
      name: admin?.name ?? 'Administrator',
      role: 'Admin',
      tokenName: OPERATOR_TOKEN_NAME,
    };
  }
  if (presented.startsWith('nds_')) return actorForSession(database, presented, 'bearer', now);
  if (!presented.startsWith('ndt_')) return undefined;
  const [row] = await database.db
    .select({ token: apiTokens, user: users })
    .from(apiTokens)
    .innerJoin(users, eq(users.id, apiTokens.userId))
    .where(eq(apiTokens.tokenHash, sha256(presented)));
  if (!row || row.user.disabled) return undefined;
  const last = row.token.lastUsedAt ? Date.parse(row.token.lastUsedAt) : 0;
  if (now - last > TOUCH_MS)
    await database.db
      .update(apiTokens)
      .set({ lastUsedAt: new Date(now).toISOString() })
      .where(eq(apiTokens.id, row.token.id));
  return {
    kind: 'token',
    userId: row.user.id,
    name: row.user.name,
    role: row.user.role as Role,
    tokenName: row.token.name,
    tokenId: row.token.id,
  };
}

/** The user of a session token, while the session is neither idle too long nor past its end, and the user enabled. */
export async function actorForSession(
  database: Database,
  token: string,
  kind: 'cookie' | 'bearer',
  now = Date.now(),
): Promise<Actor | undefined> {
  const [row] = await database.db
    .select({ session: sessions, user: users })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .where(and(eq(sessions.tokenHash, sha256(token)), eq(sessions.kind, kind)));
  if (!row) return undefined;
  const idle = now - Date.parse(row.session.lastSeenAt) > IDLE_MS;
  if (row.user.disabled || idle || Date.parse(row.session.expiresAt) <= now) {
    await database.db.delete(sessions).where(eq(sessions.id, row.session.id));
    return undefined;
  }
  if (now - Date.parse(row.session.lastSeenAt) > TOUCH_MS)
    await database.db
      .update(sessions)
      .set({ lastSeenAt: new Date(now).toISOString() })
      .where(eq(sessions.id, row.session.id));
  return {
    kind: 'user',
    userId: row.user.id,
    name: row.user.name,
    role: row.user.role as Role,
    session: { id: row.session.id, csrf: row.session.csrf, kind, expiresAt: row.session.expiresAt },
  };
}

/** Opens a session: its token (for the cookie or the bearer header) is returned once and stored hashed. */
export async function openSession(
  database: Database,
  userId: string,
  kind: 'cookie' | 'bearer',
  now = Date.now(),
): Promise<{ token: string; csrf: string; expiresAt: string }> {
  const token = secret('nds_');
  const csrf = randomBytes(24).toString('base64url');
  const expiresAt = new Date(now + (kind === 'cookie' ? ABSOLUTE_MS : IDLE_MS)).toISOString();
  const at = new Date(now).toISOString();
  await database.db.transaction(async (tx) => {
    await tx.insert(sessions).values({
      id: `session-${randomUUID()}`,
      userId,
      tokenHash: sha256(token),
      csrf,
      kind,
      createdAt: at,
      lastSeenAt: at,
      expiresAt,
    });
    await tx.update(users).set({ lastSignInAt: at }).where(eq(users.id, userId));
    // Ended sessions of everyone are swept here rather than by a timer of their own.
    await tx
      .delete(sessions)
      .where(or(lt(sessions.expiresAt, at), lt(sessions.lastSeenAt, new Date(now - IDLE_MS).toISOString())));
  });
  return { token, csrf, expiresAt };
}

export async function endSessions(database: Database, userId: string, only?: string): Promise<void> {
  await database.db
    .delete(sessions)
    .where(only ? and(eq(sessions.userId, userId), eq(sessions.id, only)) : eq(sessions.userId, userId));
}

/** A one-time link to set a password: the user's earlier unused links stop working. */
export async function makePasswordLink(
  database: Database,
  userId: string,
  origin: string,
  now = Date.now(),
): Promise<{ url: string; expiresAt: string }> {
  const token = randomBytes(32).toString('base64url');
  const expiresAt = new Date(now + LINK_MS).toISOString();
  await database.db.transaction(async (tx) => {
    await tx.delete(passwordLinks).where(eq(passwordLinks.userId, userId));
    await tx.insert(passwordLinks).values({ tokenHash: sha256(token), userId, expiresAt });
  });
  // In the fragment, so the token never reaches a server's or proxy's request log.
  return { url: `${origin.replace(/\/+$/, '')}/dashboard#passwort=${token}`, expiresAt };
}

/** Uses a link once: the user whose password may now be set, or undefined for a used, expired or unknown link. */
export async function useLink(
  database: Database,
  token: string,
  setHash: (userId: string) => Promise<string>,
  now = Date.now(),
): Promise<string | undefined> {
  const at = new Date(now).toISOString();
  const [link] = await database.db
    .update(passwordLinks)
    .set({ usedAt: at })
    .where(
      and(eq(passwordLinks.tokenHash, sha256(token)), isNull(passwordLinks.usedAt), gt(passwordLinks.expiresAt, at)),
    )
    .returning();
  if (!link) return undefined;
  const hash = await setHash(link.userId);
  await database.db.transaction(async (tx) => {
    await tx.update(users).set({ passwordHash: hash }).where(eq(users.id, link.userId));
    await tx.delete(sessions).where(eq(sessions.userId, link.userId));
  });
  return link.userId;
}

/** A new personal API token: the secret goes out in this answer only. */
export async function createApiToken(
  database: Database,
  userId: string,
  name: string,
): Promise<{ row: typeof apiTokens.$inferSelect; secret: string }> {
  const value = secret('ndt_');
  const [row] = await database.db
    .insert(apiTokens)
    .values({ id: `token-${randomUUID()}`, userId, name, prefix: value.slice(0, 10), tokenHash: sha256(value) })
    .returning();
  return { row, secret: value };
}

/**
 * Administrators other than `except` who can sign in (enabled, with a password: one only invited cannot, and their
 * link may lapse): a change that would leave none is refused. Called in the change's transaction, it holds their rows
 * until it commits, so two administrators demoting each other at once cannot both succeed.
 */
export async function otherActiveAdmins(db: Db, except: string): Promise<number> {
  const rows = await db
    .select({ id: users.id })
    .from(users)
    .where(and(eq(users.role, 'Admin'), eq(users.disabled, false), isNotNull(users.passwordHash)))
    .for('update');
  return rows.filter((row) => row.id !== except).length;
}

export async function userById(database: Database, id: string): Promise<User | undefined> {
  const [row] = await database.db.select().from(users).where(eq(users.id, id));
  return row ? toUser(row) : undefined;
}

/** True while no enabled administrator has a password: the first start hands out a link to set one. */
export async function needsFirstAdmin(database: Database): Promise<boolean> {
  const [row] = await database.db
    .select({ n: sql<number>`count(*)::int` })
    .from(users)
    .where(and(eq(users.role, 'Admin'), eq(users.disabled, false), isNotNull(users.passwordHash)));
  if ((row?.n ?? 0) > 0) return false;
  const [first] = await database.db.select({ id: users.id }).from(users).where(eq(users.id, FIRST_ADMIN));
  return first !== undefined;
}

/**
 * Whether an event stream's holder may still read: the desk always; a user while enabled, and with their session while
 * it is open or their API token while it is not revoked.
 */
export async function holderMayRead(database: Database, holder: StreamHolder, now = Date.now()): Promise<boolean> {
  if (holder === 'desk') return true;
  const [kind, userId, credentialId] = holder.split(':');
  const [user] = await database.db.select({ disabled: users.disabled }).from(users).where(eq(users.id, userId));
  if (!user || user.disabled) return false;
  if (kind === 'token') {
    const [token] = await database.db
      .select({ id: apiTokens.id })
      .from(apiTokens)
      .where(and(eq(apiTokens.id, credentialId), eq(apiTokens.userId, userId)));
    return token !== undefined;
  }
  if (kind !== 'session') return true;
  const [session] = await database.db
    .select({ expiresAt: sessions.expiresAt })
    .from(sessions)
    .where(and(eq(sessions.id, credentialId), eq(sessions.userId, userId)));
  return session !== undefined && Date.parse(session.expiresAt) > now;
}

/** Whose event stream a ticket taken by `actor` opens. */
export function streamHolderOf(actor: Actor | undefined): StreamHolder {
  if (!actor || actor.kind === 'system' || actor.tokenName === OPERATOR_TOKEN_NAME || !actor.userId) return 'desk';
  if (actor.session) return `session:${actor.userId}:${actor.session.id}`;
  return actor.tokenId ? `token:${actor.userId}:${actor.tokenId}` : `user:${actor.userId}`;
}
