import { isChunkLoadError } from '@/lib/chunk-error';
import { failedChunkUrl, loadChunk, probeChunk } from './chunk-reload';

const stale = () => Promise.reject(new TypeError('Failed to fetch dynamically imported module: /assets/posts-old.js'));

const gone = () => Promise.resolve('gone' as const);

afterEach(() => {
  sessionStorage.clear();
  vi.unstubAllGlobals();
});

test("recognises the browsers' chunk load errors and nothing else", () => {
  expect(isChunkLoadError(new TypeError('Failed to fetch dynamically imported module: x.js'))).toBe(true);
  expect(isChunkLoadError(new TypeError('Importing a module script failed.'))).toBe(true);
  expect(isChunkLoadError(new Error('Cannot read properties of undefined'))).toBe(false);
});

test('a stale chunk reloads the page once', async () => {
  const reload = vi.fn();
  void loadChunk(stale, { reload, online: () => true, now: () => 1_000_000, probe: gone });
  await vi.waitFor(() => expect(reload).toHaveBeenCalledTimes(1));
});

test('never a second reload right after the first: the error goes to the error page', async () => {
  const reload = vi.fn();
  void loadChunk(stale, { reload, online: () => true, now: () => 1_000_000, probe: gone });
  await vi.waitFor(() => expect(reload).toHaveBeenCalledTimes(1));
  await expect(loadChunk(stale, { reload, online: () => true, now: () => 1_005_000, probe: gone })).rejects.toThrow(
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

test('a chunk the host still has, or a host that does not answer, is an error, not a reload', async () => {
  const reload = vi.fn();
  const present = vi.fn(() => Promise.resolve('present' as const));
  await expect(loadChunk(stale, { reload, online: () => true, probe: present })).rejects.toThrow(
    'dynamically imported module',
  );
  expect(present).toHaveBeenCalledWith('/assets/posts-old.js');
  await expect(
    loadChunk(stale, { reload, online: () => true, probe: () => Promise.resolve('unreachable' as const) }),
  ).rejects.toThrow('dynamically imported module');
  expect(reload).not.toHaveBeenCalled();
});

test("the failed address is read from each browser's message", () => {
  expect(
    failedChunkUrl(new TypeError('Failed to fetch dynamically imported module: http://desk:3000/assets/a-1.js')),
  ).toBe('http://desk:3000/assets/a-1.js');
  expect(failedChunkUrl(new Error('Unable to preload CSS for /assets/b-2.css'))).toBe('/assets/b-2.css');
  expect(failedChunkUrl(new TypeError('Importing a module script failed.'))).toBeUndefined();
});

test('the probe: a script is present; the SPA fallback page, a 404 or a host answer without an address is gone; a network error is unreachable', async () => {
  const answer = (body: string, status: number, type: string) =>
    vi.fn(() => Promise.resolve(new Response(body, { status, headers: { 'content-type': type } })));
  vi.stubGlobal('fetch', answer('export {}', 200, 'text/javascript; charset=utf-8'));
  await expect(probeChunk('/assets/a-1.js')).resolves.toBe('present');
  vi.stubGlobal('fetch', answer('<!doctype html>', 200, 'text/html; charset=utf-8'));
  await expect(probeChunk('/assets/a-1.js')).resolves.toBe('gone');
  vi.stubGlobal('fetch', answer('Not found', 404, 'text/plain'));
  await expect(probeChunk('/assets/a-1.js')).resolves.toBe('gone');
  vi.stubGlobal('fetch', answer('<!doctype html>', 200, 'text/html'));
  await expect(probeChunk(undefined)).resolves.toBe('gone');
  vi.stubGlobal(
    'fetch',
    vi.fn(() => Promise.reject(new TypeError('Failed to fetch'))),
  );
  await expect(probeChunk('/assets/a-1.js')).resolves.toBe('unreachable');
});
