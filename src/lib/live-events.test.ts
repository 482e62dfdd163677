import { afterEach, expect, test, vi } from 'vitest';
import { connectLiveEvents, onObsServerEvent, type ChangeEvent, type ObsServerEvent } from './live-events';
import { getOperatorToken, onOperatorTokenNeeded, setOperatorToken } from './operator-token';

class FakeSource {
  static all: FakeSource[] = [];
  listeners = new Map<string, (event: MessageEvent<string>) => void>();
  onerror: (() => void) | null = null;
  closed = false;
  constructor(readonly url: string) {
    FakeSource.all.push(this);
  }
  addEventListener(type: string, listener: (event: MessageEvent<string>) => void) {
    this.listeners.set(type, listener);
  }
  close() {
    this.closed = true;
  }
  emit(type: string, data = '{}') {
    this.listeners.get(type)?.({ data } as MessageEvent<string>);
  }
}

afterEach(() => {
  FakeSource.all = [];
  // A token given ends any question left open by a test; then the tab has none again.
  setOperatorToken('ende-des-tests-0123456789');
  sessionStorage.clear();
  vi.useRealTimers();
  vi.restoreAllMocks();
});

const ticketFetch = (tickets: string[]) =>
  vi.fn(async (_url: string | URL | Request, init?: RequestInit) => {
    void init;
    return new Response(JSON.stringify({ ticket: tickets.shift() ?? 'later' }), { status: 201 });
  });

test('opens the stream with a ticket fetched with the token (never the token in the URL) and passes changes on', async () => {
  setOperatorToken('geheimes-token-123456');
  const fetchImpl = ticketFetch(['t-1']);
  const changes: ChangeEvent[] = [];
  vi.spyOn(globalThis, 'fetch').mockImplementation(fetchImpl);
  const close = connectLiveEvents({
    apiBaseUrl: 'https://desk.example/api/',
    onChange: (e) => changes.push(e),
    onResync: vi.fn(),
    EventSourceImpl: FakeSource as unknown as typeof EventSource,
  });
  await vi.waitFor(() => expect(FakeSource.all).toHaveLength(1));
  expect(fetchImpl.mock.calls[0][0]).toBe('https://desk.example/api/events/ticket');
  expect(new Headers(fetchImpl.mock.calls[0][1]?.headers).get('Authorization')).toBe('Bearer geheimes-token-123456');
  expect(FakeSource.all[0].url).toBe('https://desk.example/api/events?ticket=t-1');
  expect(FakeSource.all[0].url).not.toContain('geheimes-token');
  FakeSource.all[0].emit('ready');
  FakeSource.all[0].emit('change', JSON.stringify({ topic: 'posts', action: 'created', id: 'post-9' }));
  await vi.waitFor(() => expect(changes).toEqual([{ topic: 'posts', action: 'created', id: 'post-9' }]));
  close();
  expect(FakeSource.all[0].closed).toBe(true);
});

test('after a drop it reconnects with a fresh ticket and asks for a resync once the stream is back', async () => {
  setOperatorToken('token-0123456789abcdef');
  vi.useFakeTimers();
  const fetchImpl = ticketFetch(['t-1', 't-2']);
  const onResync = vi.fn();
  vi.spyOn(globalThis, 'fetch').mockImplementation(fetchImpl);
  const close = connectLiveEvents({
    apiBaseUrl: 'https://desk.example/api',
    onChange: vi.fn(),
    onResync,
    EventSourceImpl: FakeSource as unknown as typeof EventSource,
    retryMs: { first: 1000, max: 4000 },
  });
  await vi.waitFor(() => expect(FakeSource.all).toHaveLength(1));
  FakeSource.all[0].emit('ready');
  expect(onResync).not.toHaveBeenCalled();
  FakeSource.all[0].onerror?.();
  expect(FakeSource.all[0].closed).toBe(true);
  await vi.advanceTimersByTimeAsync(1000);
  await vi.waitFor(() => expect(FakeSource.all).toHaveLength(2));
  expect(FakeSource.all[1].url).toContain('ticket=t-2');
  FakeSource.all[1].emit('ready');
  expect(onResync).toHaveBeenCalledTimes(1);
  close();
});

test("the server's resync (its own feed of changes was interrupted) asks for a refetch on the open stream", async () => {
  setOperatorToken('token-0123456789abcdef');
  vi.spyOn(globalThis, 'fetch').mockImplementation(ticketFetch(['t-1']));
  const onResync = vi.fn();
  const close = connectLiveEvents({
    apiBaseUrl: 'https://desk.example/api',
    onChange: vi.fn(),
    onResync,
    EventSourceImpl: FakeSource as unknown as typeof EventSource,
  });
  await vi.waitFor(() => expect(FakeSource.all).toHaveLength(1));
  FakeSource.all[0].emit('ready');
  expect(onResync).not.toHaveBeenCalled();
  FakeSource.all[0].emit('resync');
  expect(onResync).toHaveBeenCalledTimes(1);
  expect(FakeSource.all).toHaveLength(1);
  close();
});

test('without a token no ticket is asked for: the operator is asked once, and the stream opens with the token given', async () => {
  const needs: string[] = [];
  const unsubscribe = onOperatorTokenNeeded((need) => needs.push(need.reason));
  const fetchImpl = ticketFetch(['t-1']);
  vi.spyOn(globalThis, 'fetch').mockImplementation(fetchImpl);
  const close = connectLiveEvents({
    apiBaseUrl: 'https://desk.example/api',
    onChange: vi.fn(),
    onResync: vi.fn(),
    EventSourceImpl: FakeSource as unknown as typeof EventSource,
  });
  await vi.waitFor(() => expect(needs).toEqual(['missing']));
  await new Promise((resolve) => setTimeout(resolve, 50));
  expect(fetchImpl).not.toHaveBeenCalled();
  setOperatorToken('erstes-token-0123456789');
  await vi.waitFor(() => expect(FakeSource.all).toHaveLength(1));
  expect(new Headers(fetchImpl.mock.calls[0][1]?.headers).get('Authorization')).toBe('Bearer erstes-token-0123456789');
  expect(needs).toEqual(['missing']);
  close();
  unsubscribe();
});

test('a 401 for the ticket forgets the token and asks for it again', async () => {
  vi.useFakeTimers();
  setOperatorToken('altes-token-123456789');
  const needs: string[] = [];
  const unsubscribe = onOperatorTokenNeeded((need) => needs.push(need.reason));
  const fetchImpl = vi.fn(async () => new Response('{"message":"Token ungültig."}', { status: 401 }));
  vi.spyOn(globalThis, 'fetch').mockImplementation(fetchImpl);
  const close = connectLiveEvents({
    apiBaseUrl: 'https://desk.example/api',
    onChange: vi.fn(),
    onResync: vi.fn(),
    EventSourceImpl: FakeSource as unknown as typeof EventSource,
  });
  await vi.waitFor(() => expect(needs).toEqual(['rejected']));
  expect(getOperatorToken()).toBeUndefined();
  expect(FakeSource.all).toHaveLength(0);
  close();
  unsubscribe();
});

test('a ticket request the backend never answers is given up after 15 s and tried again', async () => {
  vi.useFakeTimers();
  setOperatorToken('token-0123456789abcdef');
  const calls: RequestInit[] = [];
  const hung = vi.fn(
    (_url: string | URL | Request, init?: RequestInit) =>
      new Promise<Response>((_resolve, reject) => {
        calls.push(init ?? {});
        init?.signal?.addEventListener('abort', () => reject(init.signal?.reason));
      }),
  );
  vi.spyOn(globalThis, 'fetch').mockImplementation(hung);
  const stop = connectLiveEvents({
    apiBaseUrl: 'http://desk.test/api',
    onChange: () => undefined,
    onResync: () => undefined,
    EventSourceImpl: FakeSource as unknown as typeof EventSource,
    retryMs: { first: 1000, max: 1000 },
  });
  await vi.advanceTimersByTimeAsync(0);
  expect(calls).toHaveLength(1);
  await vi.advanceTimersByTimeAsync(15_000);
  expect(calls[0].signal?.aborted).toBe(true);
  await vi.advanceTimersByTimeAsync(1000);
  expect(calls).toHaveLength(2);
  expect(FakeSource.all).toHaveLength(0);
  stop();
});

test('a ticket refused for the token the operator replaced meanwhile is asked for again at once, keeping the new token', async () => {
  setOperatorToken('altes-token-123456789');
  let answerFirst: (response: Response) => void = () => undefined;
  const fetchImpl = vi.fn((_url: string | URL | Request, init?: RequestInit) => {
    void init;
    if (fetchImpl.mock.calls.length === 1)
      return new Promise<Response>((resolve) => {
        answerFirst = resolve;
      });
    return Promise.resolve(new Response(JSON.stringify({ ticket: 't-neu' }), { status: 201 }));
  });
  const needs: string[] = [];
  const unsubscribe = onOperatorTokenNeeded((need) => needs.push(need.reason));
  // A long first retry delay: only an immediate second ask can open the stream within the test.
  vi.spyOn(globalThis, 'fetch').mockImplementation(fetchImpl);
  const close = connectLiveEvents({
    apiBaseUrl: 'https://desk.example/api',
    onChange: vi.fn(),
    onResync: vi.fn(),
    EventSourceImpl: FakeSource as unknown as typeof EventSource,
    retryMs: { first: 60_000, max: 60_000 },
  });
  await vi.waitFor(() => expect(fetchImpl).toHaveBeenCalledTimes(1));
  setOperatorToken('neues-token-0123456789');
  answerFirst(new Response('{"message":"Token ungültig."}', { status: 401 }));
  await vi.waitFor(() => expect(FakeSource.all).toHaveLength(1));
  expect(new Headers(fetchImpl.mock.calls[0][1]?.headers).get('Authorization')).toBe('Bearer altes-token-123456789');
  expect(FakeSource.all[0].url).toBe('https://desk.example/api/events?ticket=t-neu');
  expect(new Headers(fetchImpl.mock.calls[1][1]?.headers).get('Authorization')).toBe('Bearer neues-token-0123456789');
  expect(getOperatorToken()).toBe('neues-token-0123456789');
  expect(needs).toEqual([]);
  close();
  unsubscribe();
});

test('each event is checked against the contract: a malformed one is dropped, the rest arrive in their order', async () => {
  setOperatorToken('token-0123456789abcdef');
  vi.spyOn(globalThis, 'fetch').mockImplementation(ticketFetch(['t-1']));
  const changes: ChangeEvent[] = [];
  const obs: ObsServerEvent[] = [];
  const stopObs = onObsServerEvent((event) => obs.push(event));
  const close = connectLiveEvents({
    apiBaseUrl: 'https://desk.example/api',
    onChange: (e) => changes.push(e),
    onResync: vi.fn(),
    EventSourceImpl: FakeSource as unknown as typeof EventSource,
  });
  await vi.waitFor(() => expect(FakeSource.all).toHaveLength(1));
  const source = FakeSource.all[0];
  source.emit('change', JSON.stringify({ topic: 'posts', action: 'created', id: 'post-1' }));
  source.emit('change', JSON.stringify({ topic: 'weather', action: 'created' }));
  source.emit('change', '{kein json');
  source.emit('change', JSON.stringify({ topic: 'media', action: 'deleted', id: 42 }));
  source.emit('change', JSON.stringify({ topic: 'news', action: 'updated', id: 'news-2' }));
  source.emit('obs', JSON.stringify({ type: 'scene', instance: 'Studio', sceneName: 'Nachrichten' }));
  source.emit('obs', JSON.stringify({ type: 'stream', instance: 'Studio', active: 'ja', phase: 'started' }));
  source.emit('obs', JSON.stringify({ type: 'connection', instance: 'Studio', state: 'auth-failed', code: 4009 }));
  await vi.waitFor(() => expect(obs).toHaveLength(2));
  expect(changes).toEqual([
    { topic: 'posts', action: 'created', id: 'post-1' },
    { topic: 'news', action: 'updated', id: 'news-2' },
  ]);
  expect(obs).toEqual([
    { type: 'scene', instance: 'Studio', sceneName: 'Nachrichten' },
    { type: 'connection', instance: 'Studio', state: 'auth-failed', code: 4009 },
  ]);
  close();
  stopObs();
});
