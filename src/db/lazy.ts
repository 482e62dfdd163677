// Dexie (30 KB gzip) loads with the first database access, not with the screens that merely may touch it.
import { nextTask } from '@/lib/next-task';
import type * as DatabaseModule from './db';

export type { DatabaseModule };

let loaded: typeof DatabaseModule | undefined;
let loading: Promise<typeof DatabaseModule> | undefined;

/**
 * The database module (src/db/db.ts with Dexie), imported once on first use. In three tasks, not one: Dexie's
 * evaluation, the connection's schema (db.ts), then the caller's first read. As one they were a 40 ms task at 1× CPU
 * (160 ms at Lighthouse's 4×) while a screen's data arrived.
 */
export function loadDatabase(): Promise<typeof DatabaseModule> {
  loading ??= (async () => {
    await import('dexie');
    await nextTask();
    const module = await import('./db');
    await nextTask();
    return module;
  })().then(
    (module) => (loaded = module),
    (error: unknown) => {
      loading = undefined; // a failed chunk load may be retried by the next access
      throw error;
    },
  );
  return loading;
}

/** The database module if it has loaded already (callers then read synchronously, as liveQuery's zone needs). */
export function loadedDatabase(): typeof DatabaseModule | undefined {
  return loaded;
}

/**
 * Runs `use` with the database: synchronously when it has loaded (so a liveQuery querier's reads are observed, and
 * nothing is awaited between a Dexie call and its caller's zone), after the import otherwise.
 */
export function withDatabase<T>(use: (db: DatabaseModule.NewsdeskDb) => T | PromiseLike<T>): Promise<T> {
  const module = loaded;
  if (!module) return loadDatabase().then(({ db }) => use(db));
  return new Promise<T>((resolve) => resolve(use(module.db)));
}
