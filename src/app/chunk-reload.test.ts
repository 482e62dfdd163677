import { isChunkLoadError } from '@/lib/chunk-error';
import { loadChunk } from './chunk-reload';

const stale = () => Promise.reject(new TypeError('Failed to fetch dynamically imported module: /assets/posts-old.js'));
// The host's answer to the look whether it is there (any status counts), and the browser's failure while offline.
const hostAnswers = () => vi.fn(() => Promise.resolve(new Response(null, { status: 404 })));
const noAnswer = () => vi.fn(() => Promise.reject(new TypeError('Failed to fetch')));

afterEach(() => {
  sessionStorage.clear();
  vi.unstubAllGlobals();
  vi.useRealTimers();
});

test("recognises the browsers' chunk load errors and nothing else", () => {
  expect(isChunkLoadError(new TypeError('Failed to fetch dynamically imported module: x.js'))).toBe(true);
  expect(isChunkLoadError(new TypeError('Importing a module script failed.'))).toBe(true);
  expect(isChunkLoadError(new Error('Cannot read properties of undefined'))).toBe(false);
});

test('a stale chunk reloads the page once, after asking the page itself by HEAD past the cache', async () => {
  const head = hostAnswers();
  vi.stubGlobal('fetch', head);
  const reload = vi.fn();
  void loadChunk(stale, reload);
  await vi.waitFor(() => expect(reload).toHaveBeenCalledTimes(1));
  expect(head).toHaveBeenCalledWith(location.href, expect.objectContaining({ method: 'HEAD', cache: 'no-store' }));
});

test('never a second reload within a minute of the first: the error goes to the error page; after it, again', async () => {
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(1_000_000);
  vi.stubGlobal('fetch', hostAnswers());
  const reload = vi.fn();
  void loadChunk(stale, reload);
  await vi.waitFor(() => expect(reload).toHaveBeenCalledTimes(1));
  vi.setSystemTime(1_005_000);
  await expect(loadChunk(stale, reload)).rejects.toThrow('dynamically imported module');
  expect(reload).toHaveBeenCalledTimes(1);
  vi.setSystemTime(1_061_000);
  void loadChunk(stale, reload);
  await vi.waitFor(() => expect(reload).toHaveBeenCalledTimes(2));
});

test('never while offline, nor while the host does not answer (the browser may still call itself online)', async () => {
  const failed = noAnswer();
  vi.stubGlobal('fetch', failed);
  const reload = vi.fn();
  await expect(loadChunk(stale, reload)).rejects.toThrow('dynamically imported module');
  expect(failed).toHaveBeenCalledTimes(1);
  expect(reload).not.toHaveBeenCalled();
});

test('other errors are not reloads, and ask nothing', async () => {
  const head = hostAnswers();
  vi.stubGlobal('fetch', head);
  const reload = vi.fn();
  await expect(loadChunk(() => Promise.reject(new Error('boom')), reload)).rejects.toThrow('boom');
  expect(reload).not.toHaveBeenCalled();
  expect(head).not.toHaveBeenCalled();
});

test('a successful import is returned as is', async () => {
  await expect(loadChunk(() => Promise.resolve({ Page: 1 }))).resolves.toEqual({ Page: 1 });
});
