import { http, HttpResponse } from 'msw';
import { server } from '@/mocks/node';
import { EARLY_READ_TTL_MS, readEarly, takeEarly } from './early-read';
import { transport } from './transport';

// The module remembers every address asked for: each test asks for its own.
let URL_ = '';
let n = 0;
beforeEach(() => {
  n += 1;
  URL_ = `http://desk.test/api/media-${n}`;
});
const HEADERS = { Accept: 'application/json', Authorization: 'Bearer t-1' };

function countRequests() {
  const seen: string[] = [];
  server.use(
    http.get(URL_, ({ request }) => {
      seen.push(request.headers.get('authorization') ?? '');
      return HttpResponse.json([{ id: 'm1' }]);
    }),
  );
  return seen;
}

afterEach(() => vi.useRealTimers());

test("the first call of the same address and headers takes the early answer: one request, the call's result", async () => {
  const seen = countRequests();
  readEarly(URL_, HEADERS);
  expect(await transport(URL_, { headers: { Authorization: 'Bearer t-1' } })).toEqual([{ id: 'm1' }]);
  expect(seen).toEqual(['Bearer t-1']);
  // Taken once: the next call asks again.
  expect(await transport(URL_, { headers: { Authorization: 'Bearer t-1' } })).toEqual([{ id: 'm1' }]);
  expect(seen).toEqual(['Bearer t-1', 'Bearer t-1']);
});

test('a call with other headers (a token entered since) asks itself', async () => {
  const seen = countRequests();
  readEarly(URL_, HEADERS);
  await transport(URL_, { headers: { Authorization: 'Bearer t-2' } });
  await vi.waitFor(() => expect(seen).toHaveLength(2));
  expect(seen.sort()).toEqual(['Bearer t-1', 'Bearer t-2']);
  expect(takeEarly(URL_, HEADERS)).toBeUndefined();
});

test('an early answer not taken in time is dropped', () => {
  vi.useFakeTimers({ toFake: ['performance'] });
  countRequests();
  readEarly(URL_, HEADERS);
  vi.advanceTimersByTime(EARLY_READ_TTL_MS + 1);
  expect(takeEarly(URL_, HEADERS)).toBeUndefined();
});

test("a call aborted while the early answer is under way rejects with the call's reason", async () => {
  server.use(http.get(URL_, () => new Promise<never>(() => undefined)));
  readEarly(URL_, HEADERS);
  const controller = new AbortController();
  const call = transport(URL_, { headers: { Authorization: 'Bearer t-1' }, signal: controller.signal, timeoutMs: 0 });
  controller.abort(new DOMException('weg', 'AbortError'));
  await expect(call).rejects.toThrow('weg');
});

test("an early answer that is an HTTP error is the call's error, in the same words", async () => {
  server.use(http.get(URL_, () => new HttpResponse('Nicht gefunden', { status: 404 })));
  readEarly(URL_, HEADERS);
  await expect(transport(URL_, { headers: { Authorization: 'Bearer t-1' } })).rejects.toThrow(
    'API request failed with status 404: Nicht gefunden',
  );
});

test('an address a call has asked already is not asked for early: one request whichever comes first', async () => {
  const seen = countRequests();
  await transport(URL_, { headers: { Authorization: 'Bearer t-1' } });
  readEarly(URL_, HEADERS);
  expect(seen).toEqual(['Bearer t-1']);
  expect(takeEarly(URL_, HEADERS)).toBeUndefined();
});

test("the page's early question who is signed in is the one loadSession asks: one request, its answer taken", async () => {
  const { askSessionEarly } = await import('@/lib/session-early');
  const { loadSession } = await import('@/lib/session-flow');
  const { setConfig } = await import('@/lib/config');
  const { getSession } = await import('@/lib/session');
  const asked: string[] = [];
  server.use(
    http.get('http://desk-early.test/api/session', ({ request }) => {
      asked.push(request.headers.get('accept') ?? '');
      return HttpResponse.json({
        user: { id: 'u1', name: 'Ada Redaktion', email: 'ada@example.org', role: 'Editor' },
        via: 'session',
        csrf: 'c-1',
      });
    }),
  );
  setConfig({ apiMode: 'live', apiBaseUrl: 'http://desk-early.test/api/' });
  askSessionEarly('http://desk-early.test/api/');
  // Sent before the session's code asks.
  await vi.waitFor(() => expect(asked).toHaveLength(1));
  expect(await loadSession()).toBe('ok');
  expect(asked).toEqual(['application/json']);
  expect(getSession()?.user.name).toBe('Ada Redaktion');
});
