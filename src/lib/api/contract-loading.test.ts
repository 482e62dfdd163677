// The contract is evaluated file by file, each in a task of its own (one module graph was one long task).
const contractOrder: string[] = [];

vi.mock('@/lib/next-task', () => ({
  nextTask: () => {
    contractOrder.push('next task');
    return Promise.resolve();
  },
}));
vi.mock('@/contract/entities/content', async (importOriginal) => {
  contractOrder.push('content');
  return importOriginal();
});
vi.mock('@/contract/entities/production', async (importOriginal) => {
  contractOrder.push('production');
  return importOriginal();
});
vi.mock('@/contract/entities/admin', async (importOriginal) => {
  contractOrder.push('admin');
  return importOriginal();
});

test('loadContract evaluates the entity files one per task, then the operation table', async () => {
  const { loadContract } = await import('./client');
  const contract = await loadContract();
  expect(contractOrder).toEqual(['content', 'next task', 'production', 'next task', 'admin', 'next task']);
  expect(contract.operations['posts.list'].path).toBe('/posts');
  expect(contract.schemas.Post.safeParse({}).success).toBe(false);
  // Loaded once: a second call neither imports nor yields again.
  expect(await loadContract()).toBe(contract);
  expect(contractOrder).toHaveLength(6);
});
