// Idempotency-Key for real: the first answer is stored under the key's primary key, so a repeat — after a restart or on
// another instance of the same database — gets that answer back and the action runs once.
import { createHash } from 'node:crypto';
import { and, eq, isNull, lt, sql } from 'drizzle-orm';
import type { Context } from 'hono';
import type { AppEnv } from './context';
import { HttpError } from './errors';
import { idempotencyKeys } from './db/schema';

const MAX_KEY_LENGTH = 200;
/** A reservation older than this is taken to belong to a crashed request and may be taken over. */
const STALE_MS = 5 * 60_000;

export async function withIdempotency(c: Context<AppEnv>, key: string, request: string, act: () => Promise<Response>): Promise<Response> {
  if (key.trim() === '' || key.length > MAX_KEY_LENGTH) throw new HttpError(400, 'Der Idempotency-Key ist ungültig (1–200 Zeichen).', 'invalid_idempotency_key');
  const { db } = c.get('deps').database;
  const fingerprint = createHash('sha256').update(request).digest('hex');
  await db.delete(idempotencyKeys).where(and(eq(idempotencyKeys.key, key), isNull(idempotencyKeys.status), lt(idempotencyKeys.createdAt, sql`now() - ${`${STALE_MS} milliseconds`}::interval`)));
  const reserved = await db.insert(idempotencyKeys).values({ key, fingerprint }).onConflictDoNothing().returning({ key: idempotencyKeys.key });
  if (reserved.length === 0) {
    const [stored] = await db.select().from(idempotencyKeys).where(eq(idempotencyKeys.key, key));
    if (!stored) throw new HttpError(409, 'Diese Anfrage wird gerade bearbeitet. Bitte gleich erneut versuchen.', 'idempotency_in_progress', undefined, { 'Retry-After': '1' });
    if (stored.fingerprint !== fingerprint) throw new HttpError(422, 'Dieser Idempotency-Key gehört zu einer anderen Anfrage.', 'idempotency_key_reused');
    if (stored.status === null) throw new HttpError(409, 'Diese Anfrage wird gerade bearbeitet. Bitte gleich erneut versuchen.', 'idempotency_in_progress', undefined, { 'Retry-After': '1' });
    const headers = new Headers({ 'Idempotent-Replayed': 'true' });
    if (stored.contentType) headers.set('Content-Type', stored.contentType);
    return new Response(stored.status === 204 ? null : stored.body, { status: stored.status, headers });
  }
  let response: Response;
  try {
    response = await act();
  } catch (error) {
    await db.delete(idempotencyKeys).where(eq(idempotencyKeys.key, key));
    throw error;
  }
  const contentType = response.headers.get('content-type');
  const storable = response.status < 500 && (response.status === 204 || (contentType ?? '').includes('json'));
  if (!storable) {
    // A server-side failure (or a file) is not remembered: a retry with the same key may act.
    await db.delete(idempotencyKeys).where(eq(idempotencyKeys.key, key));
    return response;
  }
  const body = response.status === 204 ? null : await response.clone().text();
  await db.update(idempotencyKeys).set({ status: response.status, contentType, body }).where(eq(idempotencyKeys.key, key));
  return response;
}

/** Forgets answers older than a day (called at start). */
export async function pruneIdempotencyKeys(c: { db: AppEnv['Variables']['deps']['database']['db'] }): Promise<void> {
  await c.db.delete(idempotencyKeys).where(lt(idempotencyKeys.createdAt, sql`now() - interval '1 day'`));
}
