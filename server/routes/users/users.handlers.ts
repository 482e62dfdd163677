// Users: list, invite (with a one-time link to set the password), change role, disable, delete, reset link. The last
// active administrator cannot be demoted, disabled or deleted: the desk would have nobody to manage it.
import { randomUUID } from 'node:crypto';
import { asc, eq } from 'drizzle-orm';
import type { Context, Hono } from 'hono';
import type { AppEnv } from '../../context';
import { users } from '../../data/db/schema';
import { HttpError } from '../../http/errors';
import { register } from '../../http/operation';
import { endSessions, makePasswordLink, otherActiveAdmins } from '../../identity/identity';
import { ACCESS_BY_ROLE, toUser } from './users.queries';

/** Where the console is reached, for the links an administrator passes on. */
export function consoleOrigin(c: Context<AppEnv>): string {
  const { publicUrl } = c.get('deps');
  if (publicUrl) return new URL(publicUrl).origin;
  const origin = c.req.header('origin');
  return origin && /^https?:\/\//.test(origin) ? origin : new URL(c.req.url).origin;
}

const notFound = () => new HttpError(404, 'Diesen Benutzer gibt es nicht.', 'not_found');
const lastAdmin = () =>
  new HttpError(
    409,
    'Der letzte aktive Administrator kann nicht herabgestuft, deaktiviert oder gelöscht werden.',
    'last_admin',
  );

export function registerUsers(app: Hono<AppEnv>): void {
  register(app, 'users.list', async ({ c }) =>
    (await c.get('deps').database.db.select().from(users).orderBy(asc(users.seq))).map(toUser),
  );

  register(app, 'users.create', async ({ body, c }) => {
    const { database, events } = c.get('deps');
    const email = body.email.toLowerCase();
    const [row] = await database.db
      .insert(users)
      .values({
        id: `user-${randomUUID()}`,
        name: body.name,
        email,
        role: body.role,
        access: ACCESS_BY_ROLE[body.role],
      })
      .onConflictDoNothing({ target: users.email })
      .returning();
    if (!row) throw new HttpError(409, `Die E-Mail-Adresse ${email} ist bereits vergeben.`, 'email_taken');
    const link = await makePasswordLink(database, row.id, consoleOrigin(c));
    await events.publish({ topic: 'users', action: 'created', id: row.id });
    return { user: toUser(row), link };
  });

  register(app, 'users.update', async ({ params, body, c }) => {
    const { database, events } = c.get('deps');
    const [current] = await database.db.select().from(users).where(eq(users.id, params.id));
    if (!current) throw notFound();
    const role = body.role ?? current.role;
    const disabled = body.disabled ?? current.disabled;
    const stillAdmin = role === 'Admin' && !disabled;
    const row = await database.db.transaction(async (tx) => {
      if (
        current.role === 'Admin' &&
        !current.disabled &&
        !stillAdmin &&
        (await otherActiveAdmins(tx, current.id)) === 0
      )
        throw lastAdmin();
      const [updated] = await tx
        .update(users)
        .set({ role, access: ACCESS_BY_ROLE[role as keyof typeof ACCESS_BY_ROLE], disabled })
        .where(eq(users.id, params.id))
        .returning();
      return updated;
    });
    // A disabled user's open consoles are signed out on their next call.
    if (disabled && !current.disabled) await endSessions(database, current.id);
    await events.publish({ topic: 'users', action: 'updated', id: row.id });
    return toUser(row);
  });

  register(app, 'users.delete', async ({ params, c }) => {
    const { database, events } = c.get('deps');
    const [current] = await database.db.select().from(users).where(eq(users.id, params.id));
    if (!current) throw notFound();
    // Sessions, links and API tokens go with the user (foreign keys); the audit trail keeps the name it recorded.
    await database.db.transaction(async (tx) => {
      if (current.role === 'Admin' && !current.disabled && (await otherActiveAdmins(tx, current.id)) === 0)
        throw lastAdmin();
      await tx.delete(users).where(eq(users.id, params.id));
    });
    await events.publish({ topic: 'users', action: 'deleted', id: params.id });
  });

  register(app, 'users.passwordLink', async ({ params, c }) => {
    const { database } = c.get('deps');
    const [current] = await database.db.select().from(users).where(eq(users.id, params.id));
    if (!current) throw notFound();
    return makePasswordLink(database, current.id, consoleOrigin(c));
  });
}
