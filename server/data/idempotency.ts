// Idempotency-Key for real: the first answer is stored under the key's primary key, so a repeat — after a restart or on
// another instance of the same database — gets that answer back and the action runs once.
import { createHash } from 'node:crypto';
import { and, eq, isNull, lt, sql } from 'drizzle-orm';
import type { Context } from 'hono';
import type { AppEnv } from '../context';
import { HttpError, UNCERTAIN } from '../http/errors';
import { idempotencyKeys } from './db/schema';

const MAX_KEY_LENGTH = 200;
/** A reservation older than this is taken to belong to a crashed request and may be taken over. */
const STALE_MS = 5 * 60_000;

const replay = (stored: typeof idempotencyKeys.$inferSelect): Response => {
  const headers = new Headers({ 'Idempotent-Replayed': 'true' });
  if (stored.contentType) headers.set('Content-Type', stored.contentType);
  return new Response(stored.status === 204 ? null : stored.body, { status: stored.status ?? 200, headers });
};
const storableOf = (response: Response) => {
  const contentType = response.headers.get('content-type');
  return {
    contentType,
    storable: response.status < 500 && (response.status === 204 || (contentType ?? '').includes('json')),
  };
};

/** A database-only operation: key, change and answer in one transaction; a repeat waits for the commit and gets its answer. */
async function inOneTransaction(
  c: Context<AppEnv>,
  key: string,
  fingerprint: string,
  act: () => Promise<Response>,
): Promise<Response> {
  const deps = c.get('deps');
  return deps.events.afterCommit(() =>
    deps.database.db.transaction(async (tx) => {
      const reserved = await tx
        .insert(idempotencyKeys)
        .values({ key, fingerprint })
        .onConflictDoNothing()
        .returning({ key: idempotencyKeys.key });
      if (reserved.length === 0) {
        const [stored] = await tx.select().from(idempotencyKeys).where(eq(idempotencyKeys.key, key));
        if (stored && stored.fingerprint !== fingerprint)
          throw new HttpError(422, 'Dieser Idempotency-Key gehört zu einer anderen Anfrage.', 'idempotency_key_reused');
        if (!stored || stored.status === null)
          throw new HttpError(
            409,
            'Diese Anfrage wird gerade bearbeitet. Bitte gleich erneut versuchen.',
            'idempotency_in_progress',
            undefined,
            { 'Retry-After': '1' },
          );
        return replay(stored);
      }
      // The handler works in this transaction: its database is the transaction's for the call.
      c.set('deps', { ...deps, database: { ...deps.database, db: tx as unknown as typeof deps.database.db } });
      let response: Response;
      try {
        response = await act();
      } finally {
        c.set('deps', deps);
      }
      const { contentType, storable } = storableOf(response);
      if (!storable) await tx.delete(idempotencyKeys).where(eq(idempotencyKeys.key, key));
      else
        await tx
          .update(idempotencyKeys)
          .set({
            status: response.status,
            contentType,
            body: response.status === 204 ? null : await response.clone().text(),
          })
          .where(eq(idempotencyKeys.key, key));
      return response;
    }),
  );
}

/** A key must name something: 1–200 characters, not only blanks (400 otherwise). */
export function checkIdempotencyKey(key: string): void {
  if (key.trim() === '' || key.length > MAX_KEY_LENGTH)
    throw new HttpError(400, 'Der Idempotency-Key ist ungültig (1–200 Zeichen).', 'invalid_idempotency_key');
}

export async function withIdempotency(
  c: Context<AppEnv>,
  key: string,
  request: string,
  act: () => Promise<Response>,
  options: { transactional?: boolean } = {},
): Promise<Response> {
  checkIdempotencyKey(key);
  const { db } = c.get('deps').database;
  const fingerprint = createHash('sha256').update(request).digest('hex');
  if (options.transactional) return inOneTransaction(c, key, fingerprint, act);
  await db
    .delete(idempotencyKeys)
    .where(
      and(
        eq(idempotencyKeys.key, key),
        isNull(idempotencyKeys.status),
        lt(idempotencyKeys.createdAt, sql`now() - ${`${STALE_MS} milliseconds`}::interval`),
      ),
    );
  const reserved = await db
    .insert(idempotencyKeys)
    .values({ key, fingerprint })
    .onConflictDoNothing()
    .returning({ key: idempotencyKeys.key });
  if (reserved.length === 0) {
    const [stored] = await db.select().from(idempotencyKeys).where(eq(idempotencyKeys.key, key));
    if (!stored)
      throw new HttpError(
        409,
        'Diese Anfrage wird gerade bearbeitet. Bitte gleich erneut versuchen.',
        'idempotency_in_progress',
        undefined,
        { 'Retry-After': '1' },
      );
    if (stored.fingerprint !== fingerprint)
      throw new HttpError(422, 'Dieser Idempotency-Key gehört zu einer anderen Anfrage.', 'idempotency_key_reused');
    if (stored.status === null)
      throw new HttpError(
        409,
        'Diese Anfrage wird gerade bearbeitet. Bitte gleich erneut versuchen.',
        'idempotency_in_progress',
        undefined,
        { 'Retry-After': '1' },
      );
    return replay(stored);
  }
  let response: Response;
  try {
    response = await act();
  } catch (error) {
    if (error instanceof HttpError && error.code === UNCERTAIN) {
      // The provider may have acted: a retry gets this answer back instead of acting again.
      await db
        .update(idempotencyKeys)
        .set({ status: error.status, contentType: 'application/json; charset=utf-8', body: JSON.stringify(error.body) })
        .where(eq(idempotencyKeys.key, key));
      throw error;
    }
    await db.delete(idempotencyKeys).where(eq(idempotencyKeys.key, key));
    throw error;
  }
  const { contentType, storable } = storableOf(response);
  if (!storable) {
    // A server-side failure (or a file) is not remembered: a retry with the same key may act.
    await db.delete(idempotencyKeys).where(eq(idempotencyKeys.key, key));
    return response;
  }
  const body = response.status === 204 ? null : await response.clone().text();
  await db
    .update(idempotencyKeys)
    .set({ status: response.status, contentType, body })
    .where(eq(idempotencyKeys.key, key));
  return response;
}

/** Forgets answers older than a day (called at start). */
export async function pruneIdempotencyKeys(c: { db: AppEnv['Variables']['deps']['database']['db'] }): Promise<void> {
  await c.db.delete(idempotencyKeys).where(lt(idempotencyKeys.createdAt, sql`now() - interval '1 day'`));
}
