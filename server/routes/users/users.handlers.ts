// Users: list and add; the access text follows the role (the administrator has 'Vollzugriff').
import { randomUUID } from 'node:crypto';
import { asc } from 'drizzle-orm';
import type { Hono } from 'hono';
import type { AppEnv } from '../../context';
import { users } from '../../data/db/schema';
import { HttpError } from '../../http/errors';
import { register } from '../../http/operation';
import { ACCESS_BY_ROLE, toUser } from './users.queries';

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
    await events.publish({ topic: 'users', action: 'created', id: row.id });
    return toUser(row);
  });
}
