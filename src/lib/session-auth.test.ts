import { afterEach, expect, test, vi } from 'vitest';
import { getConfig, setConfig } from '@/lib/config';
import { apiRequest, callApi } from '@/lib/api/client';
import {
  getCsrf,
  getOperatorToken,
  isSignedIn,
  onOperatorTokenNeeded,
  setOperatorToken,
  signedOut,
} from '@/lib/operator-token';
import { getSession } from '@/lib/session';
import { acceptSession, loadSession } from '@/lib/session-flow';

const original = getConfig();
const MARA = { id: 'user-editor', name: 'Mara Schulz', email: 'mara@desk.example', role: 'Editor' as const };
afterEach(() => {
  setConfig(original);
  // A token given ends any question left open by a test; then the tab has nothing again.
  setOperatorToken('ende-des-tests-0123456789');
  signedOut();
  sessionStorage.clear();
  vi.restoreAllMocks();
});

const ok = (body: string, status = 200) =>
  new Response(body, { status, headers: { 'Content-Type': 'application/json' } });

test('a cookie session sends its csrf with a change and not with a read, and no Authorization', async () => {
  const fetchSpy = vi.spyOn(globalThis, 'fetch').mockImplementation(async () => ok('[]'));
  setConfig({ apiMode: 'live', apiBaseUrl: 'https://desk.example/api' });
  acceptSession({ user: MARA, via: 'session', csrf: 'csrf-123' });
  await callApi('posts.list');
  await apiRequest('/posts', { method: 'POST', json: { title: 'x' }, retries: false, record: false });
  fetchSpy.mockImplementation(async () => new Response(null, { status: 204 }));
  await callApi('posts.delete', { params: { id: 'post-1' } });
  const headers = fetchSpy.mock.calls.map((c) => new Headers(c[1]?.headers));
  expect(headers.map((h) => h.get('X-Newsdesk-Csrf'))).toEqual([null, 'csrf-123', 'csrf-123']);
  expect(headers.map((h) => h.get('Authorization'))).toEqual([null, null, null]);
});

test('calls waiting for a sign-in go once a cookie session is known, not only with a token', async () => {
  setConfig({ apiMode: 'live', apiBaseUrl: 'https://desk.example/api' });
  const fetchSpy = vi.spyOn(globalThis, 'fetch').mockImplementation(async () => ok('[]'));
  const needs: string[] = [];
  const unsubscribe = onOperatorTokenNeeded((need) => needs.push(need.reason));
  const call = apiRequest('/users', { retries: false });
  await vi.waitFor(() => expect(needs).toEqual(['missing']));
  expect(fetchSpy).not.toHaveBeenCalled();
  acceptSession({ user: MARA, via: 'session', csrf: 'csrf-9' });
  await expect(call).resolves.toEqual([]);
  expect(isSignedIn()).toBe(true);
  expect(getOperatorToken()).toBeUndefined();
  unsubscribe();
});

test('a 401 for a cookie session forgets it and asks again: the session has ended', async () => {
  setConfig({ apiMode: 'live', apiBaseUrl: 'https://desk.example/api' });
  acceptSession({ user: MARA, via: 'session', csrf: 'csrf-1' });
  vi.spyOn(globalThis, 'fetch').mockImplementation(async () => ok('{"message":"Nicht angemeldet."}', 401));
  const needs: string[] = [];
  const unsubscribe = onOperatorTokenNeeded((need) => needs.push(need.reason));
  await expect(apiRequest('/users', { retries: false, record: false })).rejects.toMatchObject({ status: 401 });
  expect(needs).toEqual(['expired']);
  expect(getSession()).toBeUndefined();
  expect(sessionStorage.getItem('newsdesk-csrf')).toBeNull();
  unsubscribe();
});

test('a bearer session across origins keeps its token as the operator token', async () => {
  acceptSession({ user: MARA, via: 'session', token: 'bearer-sitzung-0123456789' });
  expect(getOperatorToken()).toBe('bearer-sitzung-0123456789');
  expect(getSession()?.user.name).toBe('Mara Schulz');
  expect(JSON.parse(sessionStorage.getItem('newsdesk-session') ?? '{}')).not.toHaveProperty('token');
});

test('a GET /session asked before a sign-in and answered after it leaves the new csrf and session as they are', async () => {
  setConfig({ apiMode: 'live', apiBaseUrl: 'https://desk.example/api' });
  let answer: (response: Response) => void = () => undefined;
  vi.spyOn(globalThis, 'fetch').mockImplementation(() => new Promise<Response>((resolve) => (answer = resolve)));
  const asked = loadSession();
  await vi.waitFor(() => expect(globalThis.fetch).toHaveBeenCalledTimes(1));
  acceptSession({ user: { ...MARA, name: 'Mara Neu' }, via: 'session', csrf: 'csrf-nach-anmeldung' });
  answer(ok(JSON.stringify({ user: MARA, via: 'session', csrf: 'csrf-alter-cookie' })));
  await expect(asked).resolves.toBe('ok');
  expect(getCsrf()).toBe('csrf-nach-anmeldung');
  expect(getSession()?.user.name).toBe('Mara Neu');
});

test('a GET /session answered after a sign-out does not sign the tab in again', async () => {
  setConfig({ apiMode: 'live', apiBaseUrl: 'https://desk.example/api' });
  acceptSession({ user: MARA, via: 'session', csrf: 'csrf-vorher' });
  let answer: (response: Response) => void = () => undefined;
  vi.spyOn(globalThis, 'fetch').mockImplementation(() => new Promise<Response>((resolve) => (answer = resolve)));
  const asked = loadSession();
  await vi.waitFor(() => expect(globalThis.fetch).toHaveBeenCalledTimes(1));
  signedOut();
  answer(ok(JSON.stringify({ user: MARA, via: 'session', csrf: 'csrf-vorher' })));
  await expect(asked).resolves.toBe('none');
  expect(isSignedIn()).toBe(false);
  expect(getSession()).toBeUndefined();
});
