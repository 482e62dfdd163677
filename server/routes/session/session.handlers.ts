// Signing in and out: e-mail address and password give a session (an HttpOnly cookie on the console's own origin, a
// bearer token for a console elsewhere); one-time links set a password. Wrong passwords are limited per account and
// per address, and the answer never tells whether an address exists.
import { eq } from 'drizzle-orm';
import type { Context, Hono } from 'hono';
import { deleteCookie, setCookie } from 'hono/cookie';
import type { Session } from '../../../src/contract';
import type { AppEnv } from '../../context';
import { users } from '../../data/db/schema';
import { HttpError } from '../../http/errors';
import { register } from '../../http/operation';
import { recordAudit } from '../../identity/audit';
import { dummyHash, hashPassword, verifyPassword } from '../../identity/passwords';
import {
  ABSOLUTE_MS,
  endSessions,
  OPERATOR_TOKEN_NAME,
  openSession,
  SESSION_COOKIE,
  useLink,
  userById,
  type Actor,
} from '../../identity/identity';
import { SignInLimiter } from '../../identity/limiter';
import { ACCESS_BY_ROLE } from '../users/users.queries';

const WRONG = 'E-Mail-Adresse oder Passwort ist falsch.';

function isHttps(c: Context<AppEnv>): boolean {
  return (c.req.header('x-forwarded-proto') ?? new URL(c.req.url).protocol.replace(':', '')) === 'https';
}

export function registerSession(app: Hono<AppEnv>, limiter = new SignInLimiter()): void {
  register(app, 'session.get', async ({ c, actor }) => {
    // The operator token acts as the desk's administrator whatever became of its account (demoted, disabled, deleted):
    // the console must show it as one, or the way back to a working team desk is closed.
    if (actor && !actor.session && actor.tokenName === OPERATOR_TOKEN_NAME) {
      const account = actor.userId ? await userById(c.get('deps').database, actor.userId) : undefined;
      const user: Session['user'] = {
        ...(account ?? { id: 'desk', name: actor.name, email: '' }),
        role: 'Admin',
        access: ACCESS_BY_ROLE.Admin,
        status: 'active',
      };
      return { user, via: 'token', tokenName: actor.tokenName } satisfies Session;
    }
    if (!actor?.userId) throw new HttpError(401, 'Anmeldung erforderlich: Zugangs-Token fehlt.', 'unauthorized');
    const user = await userById(c.get('deps').database, actor.userId);
    if (!user) throw new HttpError(401, 'Anmeldung erforderlich: Zugangs-Token fehlt.', 'unauthorized');
    const session: Session = actor.session
      ? {
          user,
          via: 'session',
          // The cookie's holder reads its CSRF token here; another site cannot (same-origin policy, no CORS for it).
          csrf: actor.session.kind === 'cookie' ? actor.session.csrf : undefined,
          expiresAt: actor.session.expiresAt,
        }
      : { user, via: 'token', tokenName: actor.tokenName };
    return session;
  });

  register(app, 'session.signIn', async ({ body, c }) => {
    // A form on another site can post text/plain but not JSON without the CORS preflight this server refuses it:
    // nobody is signed in to someone else's account behind their back.
    if (!/^application\/json\b/i.test(c.req.header('content-type') ?? ''))
      throw new HttpError(
        415,
        'Die Anmeldung erwartet JSON (Content-Type: application/json).',
        'unsupported_media_type',
      );
    const { database } = c.get('deps');
    const email = body.email.toLowerCase();
    const address = c.get('address') ?? 'unbekannt';
    const wait = await limiter.begin(database, email, address);
    if (wait) {
      await recordAudit(database, {
        actor: { kind: 'anonymous', name: email },
        action: 'session.signIn',
        summary: 'Zu viele Versuche',
        address,
        status: 429,
      });
      throw new HttpError(
        429,
        'Zu viele Anmeldeversuche. Bitte später erneut versuchen.',
        'too_many_attempts',
        undefined,
        {
          'Retry-After': String(wait),
        },
      );
    }
    const [row] = await database.db.select().from(users).where(eq(users.email, email));
    const matches = await verifyPassword(body.password, row?.passwordHash ?? (await dummyHash()));
    if (!row || !row.passwordHash || !matches || row.disabled) {
      await recordAudit(database, {
        actor: row ? { kind: 'user', userId: row.id, name: row.name } : { kind: 'anonymous', name: email },
        action: 'session.signIn',
        targetId: row?.id ?? null,
        summary: row?.disabled ? 'Benutzer deaktiviert' : 'Falsche Anmeldedaten',
        address,
        status: 401,
      });
      throw new HttpError(401, WRONG, 'wrong_credentials');
    }
    await limiter.succeeded(database, email);
    const kind = body.bearer ? 'bearer' : 'cookie';
    const opened = await openSession(database, row.id, kind);
    if (kind === 'cookie')
      setCookie(c, SESSION_COOKIE, opened.token, {
        httpOnly: true,
        sameSite: 'Strict',
        // localhost is a secure context without TLS; a LAN address over plain HTTP would drop a Secure cookie.
        secure: isHttps(c),
        path: '/api',
        maxAge: ABSOLUTE_MS / 1000,
      });
    const actor: Actor = { kind: 'user', userId: row.id, name: row.name, role: row.role as Actor['role'] };
    await recordAudit(database, { actor, action: 'session.signIn', targetId: row.id, address, status: 201 });
    const user = await userById(database, row.id);
    if (!user) throw new HttpError(401, WRONG, 'wrong_credentials');
    return {
      user,
      via: 'session',
      csrf: kind === 'cookie' ? opened.csrf : undefined,
      token: kind === 'bearer' ? opened.token : undefined,
      expiresAt: opened.expiresAt,
    } satisfies Session;
  });

  register(app, 'session.signOut', async ({ query, c, actor }) => {
    const { database } = c.get('deps');
    if (actor?.userId && query.everywhere === 'true') await endSessions(database, actor.userId);
    else if (actor?.userId && actor.session) await endSessions(database, actor.userId, actor.session.id);
    deleteCookie(c, SESSION_COOKIE, { path: '/api' });
  });

  register(app, 'session.setPassword', async ({ body, c }) => {
    const { database } = c.get('deps');
    const userId = await useLink(database, body.token, () => hashPassword(body.password));
    if (!userId) throw new HttpError(410, 'Dieser Link ist abgelaufen oder wurde schon benutzt.', 'link_gone');
    const user = await userById(database, userId);
    await recordAudit(database, {
      actor: { kind: 'user', userId, name: user?.name ?? userId },
      action: 'session.setPassword',
      targetId: userId,
      address: c.get('address'),
      status: 204,
    });
  });
}
