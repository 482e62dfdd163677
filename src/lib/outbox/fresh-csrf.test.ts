// A post refused for a stale csrf (the operator signed in again in another tab) goes again with the session's new one.
import { afterEach, expect, test, vi } from 'vitest';
import { getConfig, setConfig } from '@/lib/config';
import { httpError } from '@/lib/http/api-error';
import { getCsrf, setCsrf } from '@/lib/operator-token';
import { withFreshCsrf } from './drain';

const original = getConfig();
afterEach(() => {
  setConfig(original);
  sessionStorage.clear();
  vi.restoreAllMocks();
});

const refused = (code: string) =>
  httpError(
    403,
    JSON.stringify({
      message: 'Sicherheitsprüfung fehlgeschlagen: Bitte die Seite neu laden und erneut versuchen.',
      code,
    }),
    'https://desk.example/api/social/post/telegram',
  );

function sessionAnswers(csrf: string) {
  return vi.spyOn(globalThis, 'fetch').mockImplementation(
    async () =>
      new Response(
        JSON.stringify({
          user: { id: 'u1', name: 'Anna', email: 'anna@desk.example', role: 'Editor' },
          via: 'session',
          csrf,
        }),
        { status: 200, headers: { 'Content-Type': 'application/json' } },
      ),
  );
}

test('a post refused for a stale csrf asks for the session once and goes again with the new csrf', async () => {
  sessionStorage.clear();
  setCsrf('csrf-vom-alten-cookie');
  setConfig({ apiMode: 'live', apiBaseUrl: 'https://desk.example/api' });
  const asked = sessionAnswers('csrf-vom-neuen-cookie');
  const sent: string[] = [];
  const result = await withFreshCsrf(async () => {
    sent.push(getCsrf() ?? '');
    if (getCsrf() !== 'csrf-vom-neuen-cookie') throw refused('csrf');
    return 'gesendet';
  });
  expect(result).toBe('gesendet');
  expect(sent).toEqual(['csrf-vom-alten-cookie', 'csrf-vom-neuen-cookie']);
  expect(asked).toHaveBeenCalledTimes(1);
  expect(String(asked.mock.calls[0][0])).toBe('https://desk.example/api/session');
});

test('another 403, or a session that brings the same csrf, is the post’s refusal as before', async () => {
  sessionStorage.clear();
  setCsrf('csrf-bleibt');
  setConfig({ apiMode: 'live', apiBaseUrl: 'https://desk.example/api' });
  sessionAnswers('csrf-bleibt');
  let tries = 0;
  const send = (code: string) => async () => {
    tries += 1;
    throw refused(code);
  };
  await expect(withFreshCsrf(send('forbidden'))).rejects.toMatchObject({ status: 403 });
  expect(tries).toBe(1);
  await expect(withFreshCsrf(send('csrf'))).rejects.toMatchObject({ status: 403 });
  expect(tries).toBe(2);
});
