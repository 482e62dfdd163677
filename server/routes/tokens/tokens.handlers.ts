// Personal API tokens: made by a user for n8n or scripts, acting with that user's role; listed without their secret.
import { and, desc, eq } from 'drizzle-orm';
import type { Hono } from 'hono';
import type { ApiToken } from '../../../src/contract';
import type { AppEnv } from '../../context';
import { apiTokens } from '../../data/db/schema';
import { HttpError } from '../../http/errors';
import { register } from '../../http/operation';
import { createApiToken } from '../../identity/identity';

const toToken = (row: typeof apiTokens.$inferSelect): ApiToken => ({
  id: row.id,
  name: row.name,
  prefix: row.prefix,
  userId: row.userId,
  createdAt: new Date(row.createdAt).toISOString(),
  lastUsedAt: row.lastUsedAt ? new Date(row.lastUsedAt).toISOString() : null,
});

const noUser = () => new HttpError(403, 'Nur eine angemeldete Person hat eigene API-Tokens.', 'forbidden');

export function registerTokens(app: Hono<AppEnv>): void {
  register(app, 'tokens.list', async ({ c, actor }) => {
    if (!actor?.userId) throw noUser();
    const { db } = c.get('deps').database;
    const rows = await db
      .select()
      .from(apiTokens)
      .where(actor.role === 'Admin' ? undefined : eq(apiTokens.userId, actor.userId))
      .orderBy(desc(apiTokens.seq));
    return rows.map(toToken);
  });

  register(app, 'tokens.create', async ({ body, c, actor }) => {
    if (!actor?.userId) throw noUser();
    // A leaked token must not be able to mint others that outlive its revocation: tokens are made by a person.
    if (actor.tokenId)
      throw new HttpError(
        403,
        'Ein API-Token kann keine weiteren API-Tokens anlegen: bitte in der Konsole anmelden und dort anlegen.',
        'forbidden',
      );
    const { row, secret } = await createApiToken(c.get('deps').database, actor.userId, body.name);
    return { token: toToken(row), secret };
  });

  register(app, 'tokens.delete', async ({ params, c, actor }) => {
    if (!actor?.userId) throw noUser();
    const { db } = c.get('deps').database;
    const mine = actor.role === 'Admin' ? undefined : eq(apiTokens.userId, actor.userId);
    const gone = await db
      .delete(apiTokens)
      .where(and(eq(apiTokens.id, params.id), mine))
      .returning({ id: apiTokens.id, userId: apiTokens.userId });
    if (gone.length === 0) throw new HttpError(404, 'Diesen API-Token gibt es nicht.', 'not_found');
    // Its owner's change: an event stream opened with this token asks again at once, and ends.
    await c.get('deps').events.publish({ topic: 'users', action: 'updated', id: gone[0].userId });
  });
}
