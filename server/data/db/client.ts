// The connection: embedded PGlite under the data folder, or a PostgreSQL server by DATABASE_URL. Same schema, same migrations.
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { PGlite } from '@electric-sql/pglite';
import { sql } from 'drizzle-orm';
import { drizzle as drizzleNodePg } from 'drizzle-orm/node-postgres';
import { migrate as migrateNodePg } from 'drizzle-orm/node-postgres/migrator';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import pg from 'pg';
import * as schema from './schema';

export type Db = PgDatabase<PgQueryResultHKT, typeof schema>;

export type ListenState = 'lost' | 'restored';

export interface Database {
  db: Db;
  kind: 'pglite' | 'postgres';
  /** Subscribes to a NOTIFY channel, replacing a lost listening connection with back-off; `onState` hears it. */
  listen(
    channel: string,
    onPayload: (payload: string) => void,
    onState?: (state: ListenState) => void,
  ): Promise<() => Promise<void>>;
  notify(channel: string, payload: string): Promise<void>;
  close(): Promise<void>;
  /** PGlite only: the whole database as a tar file (the test template). */
  dumpDataDir(): Promise<Blob>;
}

const MIGRATIONS = fileURLToPath(new URL('./migrations', import.meta.url));
// Any constant: two instances starting at once on one PostgreSQL take turns migrating.
const MIGRATION_LOCK = 7_324_001;
const LISTEN_RETRY_FIRST_MS = 500;
const LISTEN_RETRY_MAX_MS = 30_000;

export interface OpenOptions {
  databaseUrl?: string;
  /** PGlite's folder; undefined keeps the database in memory (tests). */
  pgliteDir?: string;
  /** PGlite in memory only: start from this dump (a migrated template) instead of running initdb. */
  pgliteTemplate?: Blob;
}

/** Opens the database and brings it to the newest migration. */
export async function openDatabase(options: OpenOptions): Promise<Database> {
  return options.databaseUrl
    ? openPostgres(options.databaseUrl)
    : openPglite(options.pgliteDir, options.pgliteTemplate);
}

async function openPglite(dir: string | undefined, template: Blob | undefined): Promise<Database> {
  if (dir) mkdirSync(path.dirname(dir), { recursive: true });
  const client = dir ? new PGlite(dir) : new PGlite(template ? { loadDataDir: template } : {});
  await client.waitReady;
  const db = drizzlePglite(client, { schema });
  await migratePglite(db, { migrationsFolder: MIGRATIONS });
  return {
    db: db as unknown as Db,
    kind: 'pglite',
    async listen(channel, onPayload) {
      const unsubscribe = await client.listen(channel, onPayload);
      return async () => unsubscribe();
    },
    async notify(channel, payload) {
      await client.query('SELECT pg_notify($1, $2)', [channel, payload]);
    },
    close: () => client.close(),
    dumpDataDir: async () => client.dumpDataDir('none'),
  };
}

async function openPostgres(url: string): Promise<Database> {
  const pool = new pg.Pool({ connectionString: url, max: 10 });
  // An idle client that loses its server must not crash the process; the pool replaces it.
  pool.on('error', (error) => console.error('[db] Verbindung verloren:', error.message));
  const db = drizzleNodePg(pool, { schema });
  const lockClient = await pool.connect();
  try {
    await lockClient.query('SELECT pg_advisory_lock($1)', [MIGRATION_LOCK]);
    await migrateNodePg(drizzleNodePg(lockClient, { schema }), { migrationsFolder: MIGRATIONS });
  } finally {
    await lockClient.query('SELECT pg_advisory_unlock($1)', [MIGRATION_LOCK]).catch(() => undefined);
    lockClient.release();
  }
  const listeners = new Set<() => Promise<void>>();
  return {
    db: db as unknown as Db,
    kind: 'postgres',
    async listen(channel, onPayload, onState) {
      // LISTEN needs one connection of its own for as long as it listens (a pooled one would be handed back).
      let client: pg.Client | undefined;
      let closed = false;
      let delayMs = LISTEN_RETRY_FIRST_MS;
      let timer: ReturnType<typeof setTimeout> | undefined;
      const connect = async () => {
        const next = new pg.Client({ connectionString: url });
        next.on('error', (error) => {
          console.error('[db] LISTEN-Verbindung verloren:', error.message);
          lost(next);
        });
        next.on('end', () => lost(next));
        next.on('notification', (message) => {
          if (message.channel === channel && message.payload !== undefined) onPayload(message.payload);
        });
        try {
          await next.connect();
          await next.query(`LISTEN ${quoteIdent(channel)}`);
        } catch (error) {
          await next.end().catch(() => undefined);
          throw error;
        }
        client = next;
      };
      const reconnect = () => {
        timer = setTimeout(() => {
          connect().then(
            () => {
              delayMs = LISTEN_RETRY_FIRST_MS;
              if (closed) void client?.end().catch(() => undefined);
              else onState?.('restored');
            },
            () => {
              delayMs = Math.min(delayMs * 2, LISTEN_RETRY_MAX_MS);
              if (!closed) reconnect();
            },
          );
        }, delayMs);
      };
      function lost(which: pg.Client) {
        if (closed || which !== client) return;
        client = undefined;
        void which.end().catch(() => undefined);
        onState?.('lost');
        reconnect();
      }
      await connect();
      const unsubscribe = async () => {
        closed = true;
        clearTimeout(timer);
        listeners.delete(unsubscribe);
        await client?.end().catch(() => undefined);
      };
      listeners.add(unsubscribe);
      return unsubscribe;
    },
    async notify(channel, payload) {
      await db.execute(sql`SELECT pg_notify(${channel}, ${payload})`);
    },
    dumpDataDir: () => Promise.reject(new Error('Nur PGlite kann sich als Datei sichern.')),
    async close() {
      await Promise.all([...listeners].map((unsubscribe) => unsubscribe()));
      await pool.end();
    },
  };
}

function quoteIdent(name: string): string {
  return `"${name.replace(/"/g, '""')}"`;
}
