import { afterEach, expect, test, vi } from 'vitest';
import { listErrors } from '@/db/error-log';
import { getConfig, setConfig } from '@/lib/config';
import { getOperatorToken, onOperatorTokenNeeded, setOperatorToken } from '@/lib/operator-token';
import { apiRequest } from './client';

const original = getConfig();
afterEach(() => {
  setConfig(original);
  sessionStorage.clear();
  vi.restoreAllMocks();
});

test('a live call carries the operator token; a mock one does not', async () => {
  setOperatorToken('token-fuer-den-test-123');
  const fetchSpy = vi.spyOn(globalThis, 'fetch').mockImplementation(async () => new Response('[]', { status: 200, headers: { 'Content-Type': 'application/json' } }));
  setConfig({ apiMode: 'live', apiBaseUrl: 'https://desk.example/api' });
  await apiRequest('/users', { retries: false, record: false });
  expect(new Headers(fetchSpy.mock.calls[0][1]?.headers).get('Authorization')).toBe('Bearer token-fuer-den-test-123');
  setConfig({ apiMode: 'mock', apiBaseUrl: 'https://desk.example/api' });
  await apiRequest('/users', { retries: false, record: false });
  expect(new Headers(fetchSpy.mock.calls[1][1]?.headers).get('Authorization')).toBeNull();
});

test('a 401 from the live backend forgets the token and asks for it again', async () => {
  setOperatorToken('falsch-falsch-falsch-1');
  vi.spyOn(globalThis, 'fetch').mockImplementation(async () => new Response('{"message":"Token ungültig."}', { status: 401, headers: { 'Content-Type': 'application/json' } }));
  setConfig({ apiMode: 'live', apiBaseUrl: 'https://desk.example/api' });
  const needs: string[] = [];
  const unsubscribe = onOperatorTokenNeeded((need) => needs.push(need.reason));
  await expect(apiRequest('/users', { retries: false, record: false })).rejects.toMatchObject({ status: 401 });
  expect(needs).toEqual(['rejected']);
  expect(getOperatorToken()).toBeUndefined();
  unsubscribe();
});

test('a 401 for a call sent before the operator entered a token re-sends it with the new token and keeps the token', async () => {
  setConfig({ apiMode: 'live', apiBaseUrl: 'https://desk.example/api' });
  let answerFirst: (response: Response) => void = () => undefined;
  const fetchSpy = vi.spyOn(globalThis, 'fetch')
    .mockImplementationOnce(() => new Promise<Response>((resolve) => { answerFirst = resolve; }))
    .mockImplementation(async () => new Response('[]', { status: 200, headers: { 'Content-Type': 'application/json' } }));
  const needs: string[] = [];
  const unsubscribe = onOperatorTokenNeeded((need) => needs.push(need.reason));
  // Recorded as every call is: only a failure the operator should see lands in the error log.
  const call = apiRequest('/users', { retries: false });
  await vi.waitFor(() => expect(fetchSpy).toHaveBeenCalledTimes(1));
  // The operator signs in while the first call is still under way; its 401 (sent without a token) comes after.
  setOperatorToken('neues-token-0123456789');
  answerFirst(new Response('{"message":"Token fehlt."}', { status: 401, headers: { 'Content-Type': 'application/json' } }));
  await expect(call).resolves.toEqual([]);
  expect(new Headers(fetchSpy.mock.calls[0][1]?.headers).get('Authorization')).toBeNull();
  expect(new Headers(fetchSpy.mock.calls[1][1]?.headers).get('Authorization')).toBe('Bearer neues-token-0123456789');
  expect(getOperatorToken()).toBe('neues-token-0123456789');
  expect(needs).toEqual([]);
  // The 401 for the old token was answered by sending again, so it is no failure of the desk's.
  expect(await listErrors()).toEqual([]);
  unsubscribe();
});

test('a 401 for the token the call carried is recorded in the error log', async () => {
  setOperatorToken('falsch-falsch-falsch-2');
  vi.spyOn(globalThis, 'fetch').mockImplementation(async () => new Response('{"message":"Token ungültig."}', { status: 401, headers: { 'Content-Type': 'application/json' } }));
  setConfig({ apiMode: 'live', apiBaseUrl: 'https://desk.example/api' });
  await expect(apiRequest('/users', { retries: false })).rejects.toMatchObject({ status: 401 });
  const entries = await listErrors();
  expect(entries).toHaveLength(1);
  expect(entries[0]).toMatchObject({ service: 'users', error: 'API request failed with status 401: {"message":"Token ungültig."}' });
  expect(JSON.stringify(entries)).not.toContain('falsch-falsch-falsch-2');
});
