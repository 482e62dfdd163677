// Dexie (30 KB gzip) loads with the first database access, not with the screens that merely may touch it.
import type * as DatabaseModule from './db';

export type { DatabaseModule };

let loaded: typeof DatabaseModule | undefined;
let loading: Promise<typeof DatabaseModule> | undefined;

/** The database module (src/db/db.ts with Dexie), imported once on first use. */
export function loadDatabase(): Promise<typeof DatabaseModule> {
  loading ??= import('./db').then(
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
