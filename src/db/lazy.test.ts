// Dexie, the connection (db.ts) and the caller's first read run in tasks of their own (as one they were a long task).
const databaseOrder: string[] = [];

vi.mock('@/lib/next-task', () => ({
  nextTask: () => {
    databaseOrder.push('next task');
    return Promise.resolve();
  },
}));
vi.mock('dexie', async (importOriginal) => {
  databaseOrder.push('dexie');
  return importOriginal();
});
vi.mock('./db', async (importOriginal) => {
  databaseOrder.push('db.ts');
  return importOriginal();
});

test('loadDatabase evaluates Dexie, then the connection, each followed by a new task, and loads once', async () => {
  const { loadDatabase, loadedDatabase, withDatabase } = await import('./lazy');
  expect(loadedDatabase()).toBeUndefined();
  const module = await loadDatabase();
  expect(databaseOrder).toEqual(['dexie', 'next task', 'db.ts', 'next task']);
  expect(loadedDatabase()).toBe(module);
  expect(await withDatabase((db) => db.name)).toBe(module.db.name);
  expect(databaseOrder).toHaveLength(4);
});
