import { afterEach, expect, test, vi } from 'vitest';
import { listErrors } from '@/db/error-log';
import { getConfig, setConfig } from '@/lib/config';
import { getOperatorToken, onOperatorTokenNeeded, setOperatorToken } from '@/lib/operator-token';
import { apiRequest, callApi } from './client';

const original = getConfig();
afterEach(() => {
  setConfig(original);
  // A token given ends any question left open by a test; then the tab has none again.
  setOperatorToken('ende-des-tests-0123456789');
  sessionStorage.clear();
  vi.restoreAllMocks();
});

test('a live call carries the operator token; a mock one does not', async () => {
  setOperatorToken('token-fuer-den-test-123');
  const fetchSpy = vi
    .spyOn(globalThis, 'fetch')
    .mockImplementation(
      async () => new Response('[]', { status: 200, headers: { 'Content-Type': 'application/json' } }),
    );
  setConfig({ apiMode: 'live', apiBaseUrl: 'https://desk.example/api' });
  await apiRequest('/users', { retries: false, record: false });
  expect(new Headers(fetchSpy.mock.calls[0][1]?.headers).get('Authorization')).toBe('Bearer token-fuer-den-test-123');
  setConfig({ apiMode: 'mock', apiBaseUrl: 'https://desk.example/api' });
  await apiRequest('/users', { retries: false, record: false });
  expect(new Headers(fetchSpy.mock.calls[1][1]?.headers).get('Authorization')).toBeNull();
});

test('a 401 from the live backend forgets the token and asks for it again', async () => {
  setOperatorToken('falsch-falsch-falsch-1');
  vi.spyOn(globalThis, 'fetch').mockImplementation(
    async () =>
      new Response('{"message":"Token ungültig."}', { status: 401, headers: { 'Content-Type': 'application/json' } }),
  );
  setConfig({ apiMode: 'live', apiBaseUrl: 'https://desk.example/api' });
  const needs: string[] = [];
  const unsubscribe = onOperatorTokenNeeded((need) => needs.push(need.reason));
  await expect(apiRequest('/users', { retries: false, record: false })).rejects.toMatchObject({ status: 401 });
  expect(needs).toEqual(['rejected']);
  expect(getOperatorToken()).toBeUndefined();
  unsubscribe();
});

test('without a token a live call is not sent: the operator is asked once, and the calls go with the token given', async () => {
  setConfig({ apiMode: 'live', apiBaseUrl: 'https://desk.example/api' });
  const fetchSpy = vi
    .spyOn(globalThis, 'fetch')
    .mockImplementation(
      async () => new Response('[]', { status: 200, headers: { 'Content-Type': 'application/json' } }),
    );
  const needs: string[] = [];
  const unsubscribe = onOperatorTokenNeeded((need) => needs.push(need.reason));
  const calls = [apiRequest('/users', { retries: false }), apiRequest('/posts', { retries: false })];
  await vi.waitFor(() => expect(needs).toEqual(['missing']));
  await new Promise((resolve) => setTimeout(resolve, 50));
  expect(fetchSpy).not.toHaveBeenCalled();
  setOperatorToken('erstes-token-0123456789');
  await expect(Promise.all(calls)).resolves.toEqual([[], []]);
  expect(fetchSpy.mock.calls.map((c) => new Headers(c[1]?.headers).get('Authorization'))).toEqual([
    'Bearer erstes-token-0123456789',
    'Bearer erstes-token-0123456789',
  ]);
  expect(needs).toEqual(['missing']);
  unsubscribe();
});

test('a waiting call gives up with its signal; an operation that needs no operator token goes without one', async () => {
  setConfig({ apiMode: 'live', apiBaseUrl: 'https://desk.example/api' });
  const fetchSpy = vi
    .spyOn(globalThis, 'fetch')
    .mockImplementation(
      async () => new Response('{"status":"ok"}', { status: 200, headers: { 'Content-Type': 'application/json' } }),
    );
  const abort = new AbortController();
  const waiting = apiRequest('/users', { retries: false, record: false, signal: abort.signal });
  abort.abort();
  await expect(waiting).rejects.toMatchObject({ name: 'AbortError' });
  expect(fetchSpy).not.toHaveBeenCalled();
  // A stage event of a run carries the run's own token, not the operator's.
  await callApi('workflow.runEvent', {
    params: { runId: 'run-1' },
    body: { stage: 'Scraper', state: 'started', at: '2026-11-27T09:00:00.000Z' },
    headers: { 'X-Newsdesk-Run-Token': 'run-token-0123456789' },
    retries: false,
    record: false,
  }).catch(() => undefined);
  expect(fetchSpy).toHaveBeenCalledTimes(1);
  expect(new Headers(fetchSpy.mock.calls[0][1]?.headers).get('Authorization')).toBeNull();
});

test('a 401 for a call sent with the old token while the operator entered a new one re-sends it with the new token and keeps it', async () => {
  setConfig({ apiMode: 'live', apiBaseUrl: 'https://desk.example/api' });
  setOperatorToken('altes-token-0123456789');
  let answerFirst: (response: Response) => void = () => undefined;
  const fetchSpy = vi
    .spyOn(globalThis, 'fetch')
    .mockImplementationOnce(
      () =>
        new Promise<Response>((resolve) => {
          answerFirst = resolve;
        }),
    )
    .mockImplementation(
      async () => new Response('[]', { status: 200, headers: { 'Content-Type': 'application/json' } }),
    );
  const needs: string[] = [];
  const unsubscribe = onOperatorTokenNeeded((need) => needs.push(need.reason));
  // Recorded as every call is: only a failure the operator should see lands in the error log.
  const call = apiRequest('/users', { retries: false });
  await vi.waitFor(() => expect(fetchSpy).toHaveBeenCalledTimes(1));
  // The operator signs in anew while the first call is still under way; its 401 (for the old token) comes after.
  setOperatorToken('neues-token-0123456789');
  answerFirst(
    new Response('{"message":"Token ungültig."}', { status: 401, headers: { 'Content-Type': 'application/json' } }),
  );
  await expect(call).resolves.toEqual([]);
  expect(new Headers(fetchSpy.mock.calls[0][1]?.headers).get('Authorization')).toBe('Bearer altes-token-0123456789');
  expect(new Headers(fetchSpy.mock.calls[1][1]?.headers).get('Authorization')).toBe('Bearer neues-token-0123456789');
  expect(getOperatorToken()).toBe('neues-token-0123456789');
  expect(needs).toEqual([]);
  // The 401 for the old token was answered by sending again, so it is no failure of the desk's.
  expect(await listErrors()).toEqual([]);
  unsubscribe();
});

test('a 401 for the token the call carried is recorded in the error log', async () => {
  setOperatorToken('falsch-falsch-falsch-2');
  vi.spyOn(globalThis, 'fetch').mockImplementation(
    async () =>
      new Response('{"message":"Token ungültig."}', { status: 401, headers: { 'Content-Type': 'application/json' } }),
  );
  setConfig({ apiMode: 'live', apiBaseUrl: 'https://desk.example/api' });
  await expect(apiRequest('/users', { retries: false })).rejects.toMatchObject({ status: 401 });
  const entries = await listErrors();
  expect(entries).toHaveLength(1);
  expect(entries[0]).toMatchObject({
    service: 'users',
    error: 'API request failed with status 401: {"message":"Token ungültig."}',
  });
  expect(JSON.stringify(entries)).not.toContain('falsch-falsch-falsch-2');
});
