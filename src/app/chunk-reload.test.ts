import { isChunkLoadError } from '@/lib/chunk-error';
import { loadChunk } from './chunk-reload';

const stale = () => Promise.reject(new TypeError('Failed to fetch dynamically imported module: /assets/posts-old.js'));

afterEach(() => sessionStorage.clear());

test("recognises the browsers' chunk load errors and nothing else", () => {
  expect(isChunkLoadError(new TypeError('Failed to fetch dynamically imported module: x.js'))).toBe(true);
  expect(isChunkLoadError(new TypeError('Importing a module script failed.'))).toBe(true);
  expect(isChunkLoadError(new Error('Cannot read properties of undefined'))).toBe(false);
});

test('a stale chunk reloads the page once', async () => {
  const reload = vi.fn();
  void loadChunk(stale, { reload, online: () => true, now: () => 1_000_000 });
  await vi.waitFor(() => expect(reload).toHaveBeenCalledTimes(1));
});

test('never a second reload right after the first: the error goes to the error page', async () => {
  const reload = vi.fn();
  void loadChunk(stale, { reload, online: () => true, now: () => 1_000_000 });
  await vi.waitFor(() => expect(reload).toHaveBeenCalledTimes(1));
  await expect(loadChunk(stale, { reload, online: () => true, now: () => 1_005_000 })).rejects.toThrow(
    'dynamically imported module',
  );
  expect(reload).toHaveBeenCalledTimes(1);
});

test('never while offline', async () => {
  const reload = vi.fn();
  await expect(loadChunk(stale, { reload, online: () => false })).rejects.toThrow();
  expect(reload).not.toHaveBeenCalled();
});

test('other errors are not reloads', async () => {
  const reload = vi.fn();
  await expect(loadChunk(() => Promise.reject(new Error('boom')), { reload, online: () => true })).rejects.toThrow(
    'boom',
  );
  expect(reload).not.toHaveBeenCalled();
});

test('a successful import is returned as is', async () => {
  await expect(loadChunk(() => Promise.resolve({ Page: 1 }))).resolves.toEqual({ Page: 1 });
});
