import { afterEach, expect, test, vi } from 'vitest';
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
  const call = apiRequest('/users', { retries: false, record: false });
  await vi.waitFor(() => expect(fetchSpy).toHaveBeenCalledTimes(1));
  // The operator signs in while the first call is still under way; its 401 (sent without a token) comes after.
  setOperatorToken('neues-token-0123456789');
  answerFirst(new Response('{"message":"Token fehlt."}', { status: 401, headers: { 'Content-Type': 'application/json' } }));
  await expect(call).resolves.toEqual([]);
  expect(new Headers(fetchSpy.mock.calls[0][1]?.headers).get('Authorization')).toBeNull();
  expect(new Headers(fetchSpy.mock.calls[1][1]?.headers).get('Authorization')).toBe('Bearer neues-token-0123456789');
  expect(getOperatorToken()).toBe('neues-token-0123456789');
  expect(needs).toEqual([]);
  unsubscribe();
});
