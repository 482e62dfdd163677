import Dexie from 'dexie';
import { forceCloseDatabase } from 'fake-indexeddb';
import { openConnection, type NewsdeskDb } from './db';
import { ERROR_LOG_CAPACITY, recordError } from './error-log';
import { watchDatabase, type DatabaseEvent } from './lifecycle';

// Each test uses a database of its own, so the app's `db` (cleared by tests/setup.ts) is never involved.
let name = '';
const open: Dexie[] = [];
beforeEach(() => {
  name = `lifecycle-${crypto.randomUUID()}`;
});
afterEach(async () => {
  for (const c of open.splice(0)) c.close();
  await Dexie.delete(name);
});
function connection(): NewsdeskDb {
  const c = openConnection(name);
  open.push(c);
  return c;
}
/** The same database as a newer app version has it: one schema version more. */
function newerConnection(): Dexie {
  const c = new Dexie(name);
  c.version(1).stores({
    errorLog: '++id, timestamp, service, resolved',
    outbox: 'id, status, createdAt, idempotencyKey',
    settings: 'key',
    prompts: 'id, createdAt, category',
  });
  c.version(2).stores({ drafts: 'id' });
  open.push(c);
  return c;
}

test('a newer tab upgrading the schema: this tab closes its connection (the upgrade goes through) and is told', async () => {
  const old = connection();
  await old.open();
  const events: DatabaseEvent[] = [];
  watchDatabase(old, (e) => events.push(e));
  const newer = newerConnection();
  await newer.open();
  expect(newer.verno).toBe(2);
  expect(events).toEqual(['upgraded-elsewhere']);
  expect(old.isOpen()).toBe(false);
  // It does not reopen with its old schema behind the operator's back; a write fails (and is reported by the caller).
  await expect(
    old.errorLog.add({ service: 'x', error: 'y', retryCount: 0, resolved: false, context: {}, timestamp: 0 } as never),
  ).rejects.toMatchObject({ name: 'DatabaseClosedError' });
});

test('an upgrade that another tab blocks is reported, and goes through once that tab closes', async () => {
  // An old tab that ignores versionchange (as an app version without this handling does).
  const stale = await new Promise<IDBDatabase>((resolve, reject) => {
    const request = indexedDB.open(name, 10);
    request.onupgradeneeded = () =>
      request.result.createObjectStore('errorLog', { keyPath: 'id', autoIncrement: true });
    request.onsuccess = () => resolve(request.result);
    request.onerror = () => reject(request.error);
  });
  const newer = newerConnection();
  const events: DatabaseEvent[] = [];
  watchDatabase(newer, (e) => events.push(e));
  const opening = newer.open();
  await vi.waitFor(() => expect(events).toEqual(['blocked']));
  stale.close();
  await opening;
  expect(newer.verno).toBe(2);
});

test('a database wiped while the app is open is reported and works again, empty', async () => {
  const tab = connection();
  await recordError({ service: 'news', error: 'vorher' }, tab);
  const events: DatabaseEvent[] = [];
  watchDatabase(tab, (e) => events.push(e));
  // What "clear site data" or DevTools does from outside the page.
  await new Promise<void>((resolve, reject) => {
    const request = indexedDB.deleteDatabase(name);
    request.onsuccess = () => resolve();
    request.onerror = () => reject(request.error);
  });
  await vi.waitFor(() => expect(events).toEqual(['wiped']));
  await recordError({ service: 'news', error: 'nachher' }, tab);
  expect((await tab.errorLog.toArray()).map((e) => e.error)).toEqual(['nachher']);
});

/**
 * Runs `write` and, once it is mid-way, does what a browser does when it force-closes a connection (site data
 * cleared): aborts the connection's running transaction with AbortError, then closes it with a 'close' event.
 * (fake-indexeddb's forceCloseDatabase waits for running transactions instead of aborting them.)
 */
async function abortMidWrite(tab: NewsdeskDb, write: () => Promise<unknown>): Promise<unknown> {
  let fired = false;
  // The hook runs inside the write's transaction, after the fold's delete and just before its add.
  const onCreating = () => {
    if (fired) return;
    fired = true;
    Dexie.currentTransaction?.idbtrans.abort();
    // Its typings name the IDBDatabase class where it takes a connection.
    (forceCloseDatabase as unknown as (connection: IDBDatabase) => void)(tab.backendDB());
  };
  tab.errorLog.hook('creating', onCreating);
  try {
    return await write().then(
      () => 'geschrieben',
      (error: unknown) => error,
    );
  } finally {
    tab.errorLog.hook('creating').unsubscribe(onCreating);
    expect(fired).toBe(true);
  }
}

test('a write aborted mid-way by a forced close leaves nothing half-written: the folded entry is neither lost nor doubled', async () => {
  const tab = connection();
  await recordError({ service: 'news', error: 'Zeitüberschreitung' }, tab);
  await recordError({ service: 'obs', error: 'andere' }, tab);
  const before = await tab.errorLog.toArray();
  watchDatabase(tab, () => undefined);
  // Folding deletes the old entry and adds it again with count 2: the delete must not land without the add.
  const outcome = await abortMidWrite(tab, () => recordError({ service: 'news', error: 'Zeitüberschreitung' }, tab));
  expect(outcome).toBeInstanceOf(Error);
  // The watcher reopens the closed connection; the log is exactly as before the aborted write.
  await vi.waitFor(() => expect(tab.isOpen()).toBe(true));
  expect(await tab.errorLog.toArray()).toEqual(before);
  // And the next write works.
  await recordError({ service: 'news', error: 'Zeitüberschreitung' }, tab);
  expect((await tab.errorLog.where('service').equals('news').toArray()).map((e) => e.count)).toEqual([2]);
});

test('a write aborted mid-way by a wipe: reported as wiped, the database starts empty and takes the next write whole', async () => {
  const tab = connection();
  await recordError({ service: 'news', error: 'Zeitüberschreitung' }, tab);
  const events: DatabaseEvent[] = [];
  watchDatabase(tab, (e) => events.push(e));
  // "Clear site data": the connection is force-closed mid-write, then the database deleted.
  const outcome = await abortMidWrite(tab, () => recordError({ service: 'news', error: 'Zeitüberschreitung' }, tab));
  expect(outcome).toBeInstanceOf(Error);
  await Dexie.delete(name);
  await vi.waitFor(() => expect(events).toEqual(['wiped']));
  expect(await tab.errorLog.count()).toBe(0);
  await recordError({ service: 'news', error: 'nachher' }, tab);
  expect((await tab.errorLog.toArray()).map((e) => [e.error, e.count])).toEqual([['nachher', 1]]);
});

test('two tabs writing the error log at the same time keep exactly the newest 100', async () => {
  const one = connection();
  const two = connection();
  await Promise.all([one.open(), two.open()]);
  // Both tabs fire their writes without waiting for each other, so their transactions interleave.
  const writes: Array<Promise<number>> = [];
  for (let i = 0; i < 120; i++) {
    writes.push(recordError({ service: 'news', error: `Tab 1 Fehler ${i}` }, one));
    writes.push(recordError({ service: 'news', error: `Tab 2 Fehler ${i}` }, two));
  }
  const ids = await Promise.all(writes);
  const kept = await one.errorLog.toCollection().primaryKeys();
  expect(kept).toHaveLength(ERROR_LOG_CAPACITY);
  expect(kept).toEqual([...ids].sort((a, b) => a - b).slice(-ERROR_LOG_CAPACITY));
  expect(await two.errorLog.count()).toBe(ERROR_LOG_CAPACITY);
  // 240 transactions take a few seconds on fake-indexeddb, more on a loaded 2-core machine.
}, 60_000);
