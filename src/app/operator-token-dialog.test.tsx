import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { apiRequest } from '@/lib/api/client';
import { getConfig, setConfig } from '@/lib/config';
import { getOperatorToken, isSignedIn, onOperatorTokenNeeded, setOperatorToken, signedOut } from '@/lib/operator-token';
import { getSession } from '@/lib/session';
import { server } from '@/mocks/node';
import { OperatorTokenDialog } from './operator-token-dialog';

const original = getConfig();
const SESSION = {
  user: { id: 'user-editor', name: 'Mara Schulz', email: 'mara@desk.example', role: 'Editor', access: 'Editor' },
  via: 'session',
  csrf: 'csrf-abc',
};
afterEach(() => {
  setConfig(original);
  setOperatorToken('ende-des-tests-0123456789');
  signedOut();
  sessionStorage.clear();
  history.replaceState(null, '', '/');
});

function renderDialog() {
  const onAccepted = vi.fn();
  render(<OperatorTokenDialog open reason="missing" onAccepted={onAccepted} />);
  return { onAccepted, user: userEvent.setup() };
}

test("signs in with e-mail and password (the cookie, same origin): says the server's refusal, then resumes the waiting calls", async () => {
  setConfig({ apiMode: 'live', apiBaseUrl: `${location.origin}/api` });
  const bodies: unknown[] = [];
  let tries = 0;
  server.use(
    http.post('*/api/session', async ({ request }) => {
      bodies.push(await request.json());
      tries += 1;
      return tries === 1
        ? HttpResponse.json({ message: 'E-Mail-Adresse oder Passwort ist falsch.' }, { status: 401 })
        : HttpResponse.json(SESSION, { status: 201 });
    }),
    http.get('*/api/users', ({ request }) => HttpResponse.json([{ csrf: request.headers.get('X-Newsdesk-Csrf') }])),
  );
  const needs: string[] = [];
  const unsubscribe = onOperatorTokenNeeded((need) => needs.push(need.reason));
  const waiting = apiRequest('/users', { retries: false });
  await waitFor(() => expect(needs).toEqual(['missing']));

  const { onAccepted, user } = renderDialog();
  expect(screen.getByRole('dialog', { name: 'Zugang zum Newsdesk' })).toBeVisible();
  await user.type(screen.getByLabelText('E-Mail-Adresse'), 'mara@desk.example');
  await user.type(screen.getByLabelText('Passwort'), 'falsches-passwort');
  await user.click(screen.getByRole('button', { name: 'Anmelden' }));
  expect(await screen.findByRole('alert')).toHaveTextContent('E-Mail-Adresse oder Passwort ist falsch.');
  expect(onAccepted).not.toHaveBeenCalled();
  expect(isSignedIn()).toBe(false);

  await user.clear(screen.getByLabelText('Passwort'));
  await user.type(screen.getByLabelText('Passwort'), 'das-richtige-passwort');
  await user.click(screen.getByRole('button', { name: 'Anmelden' }));
  await waitFor(() => expect(onAccepted).toHaveBeenCalledOnce());
  expect(bodies).toEqual([
    { email: 'mara@desk.example', password: 'falsches-passwort' },
    { email: 'mara@desk.example', password: 'das-richtige-passwort' },
  ]);
  expect(getSession()).toMatchObject({ user: { name: 'Mara Schulz', role: 'Editor' }, csrf: 'csrf-abc' });
  expect(getOperatorToken()).toBeUndefined();
  // The waiting read went out once signed in (a read carries no csrf).
  await expect(waiting).resolves.toEqual([{ csrf: null }]);
  unsubscribe();
});

test('a console on another origin asks for a bearer session and keeps its token', async () => {
  setConfig({ apiMode: 'live', apiBaseUrl: 'https://desk.example/api' });
  const bodies: unknown[] = [];
  server.use(
    http.post('https://desk.example/api/session', async ({ request }) => {
      bodies.push(await request.json());
      return HttpResponse.json({ ...SESSION, csrf: undefined, token: 'bearer-0123456789abcdef' }, { status: 201 });
    }),
  );
  const { onAccepted, user } = renderDialog();
  await user.type(screen.getByLabelText('E-Mail-Adresse'), 'mara@desk.example');
  await user.type(screen.getByLabelText('Passwort'), 'ein-langes-passwort');
  await user.click(screen.getByRole('button', { name: 'Anmelden' }));
  await waitFor(() => expect(onAccepted).toHaveBeenCalledOnce());
  expect(bodies).toEqual([{ email: 'mara@desk.example', password: 'ein-langes-passwort', bearer: true }]);
  expect(getOperatorToken()).toBe('bearer-0123456789abcdef');
});

test("too many attempts: the server's German message", async () => {
  setConfig({ apiMode: 'live', apiBaseUrl: `${location.origin}/api` });
  server.use(
    http.post('*/api/session', () =>
      HttpResponse.json(
        { message: 'Zu viele Anmeldeversuche. Bitte später erneut versuchen.' },
        { status: 429, headers: { 'Retry-After': '60' } },
      ),
    ),
  );
  const { user } = renderDialog();
  await user.type(screen.getByLabelText('E-Mail-Adresse'), 'mara@desk.example');
  await user.type(screen.getByLabelText('Passwort'), 'irgendeins');
  await user.click(screen.getByRole('button', { name: 'Anmelden' }));
  expect(await screen.findByRole('alert')).toHaveTextContent(
    'Zu viele Anmeldeversuche. Bitte später erneut versuchen.',
  );
});

test('„Mit API-Token anmelden“ shows the token field, which checks the token as before', async () => {
  setConfig({ apiMode: 'live', apiBaseUrl: `${location.origin}/api` });
  server.use(
    http.post('*/api/events/ticket', ({ request }) =>
      request.headers.get('Authorization') === 'Bearer richtiges-token-0123456789'
        ? HttpResponse.json({ ticket: 't-1', expiresInMs: 60_000 }, { status: 201 })
        : HttpResponse.json({ message: 'Token ungültig.' }, { status: 401 }),
    ),
  );
  const { onAccepted, user } = renderDialog();
  expect(screen.queryByLabelText('Zugangs-Token')).toBeNull();
  await user.click(screen.getByRole('button', { name: 'Mit API-Token anmelden' }));
  await user.type(screen.getByLabelText('Zugangs-Token'), 'falsches-token-0123456789');
  await user.click(screen.getByRole('button', { name: 'Anmelden' }));
  expect(await screen.findByRole('alert')).toHaveTextContent('Token ungültig – bitte erneut eingeben.');
  await user.clear(screen.getByLabelText('Zugangs-Token'));
  await user.type(screen.getByLabelText('Zugangs-Token'), 'richtiges-token-0123456789');
  await user.click(screen.getByRole('button', { name: 'Anmelden' }));
  await waitFor(() => expect(onAccepted).toHaveBeenCalledOnce());
  expect(getOperatorToken()).toBe('richtiges-token-0123456789');
});

test('opened with #passwort=…: sets the password (12 characters, twice the same), removes the link, then asks to sign in', async () => {
  setConfig({ apiMode: 'live', apiBaseUrl: `${location.origin}/api` });
  history.replaceState(null, '', '/dashboard#passwort=einmal-link-42');
  const bodies: unknown[] = [];
  server.use(
    http.post('*/api/session/password', async ({ request }) => {
      bodies.push(await request.json());
      return bodies.length === 1
        ? HttpResponse.json({ message: 'Dieser Link ist abgelaufen oder wurde schon benutzt.' }, { status: 410 })
        : new HttpResponse(null, { status: 204 });
    }),
  );
  const { onAccepted, user } = renderDialog();
  expect(screen.getByText('Legen Sie Ihr Passwort fest (mindestens 12 Zeichen).')).toBeVisible();
  expect(screen.queryByLabelText('E-Mail-Adresse')).toBeNull();
  await user.type(screen.getByLabelText('Neues Passwort'), 'zu-kurz');
  await user.type(screen.getByLabelText('Passwort wiederholen'), 'zu-kurz');
  await user.click(screen.getByRole('button', { name: 'Passwort speichern' }));
  expect(await screen.findByRole('alert')).toHaveTextContent('Das Passwort braucht mindestens 12 Zeichen.');
  await user.clear(screen.getByLabelText('Neues Passwort'));
  await user.type(screen.getByLabelText('Neues Passwort'), 'ein-langes-passwort');
  await user.clear(screen.getByLabelText('Passwort wiederholen'));
  await user.type(screen.getByLabelText('Passwort wiederholen'), 'ein-anderes-passwort');
  await user.click(screen.getByRole('button', { name: 'Passwort speichern' }));
  expect(await screen.findByRole('alert')).toHaveTextContent('Die Passwörter stimmen nicht überein.');
  expect(bodies).toEqual([]);

  await user.clear(screen.getByLabelText('Passwort wiederholen'));
  await user.type(screen.getByLabelText('Passwort wiederholen'), 'ein-langes-passwort');
  await user.click(screen.getByRole('button', { name: 'Passwort speichern' }));
  expect(await screen.findByRole('alert')).toHaveTextContent('Dieser Link ist abgelaufen oder wurde schon benutzt.');
  await user.click(screen.getByRole('button', { name: 'Passwort speichern' }));
  expect(await screen.findByRole('status')).toHaveTextContent('Passwort gespeichert. Bitte melden Sie sich an.');
  expect(bodies).toEqual([
    { token: 'einmal-link-42', password: 'ein-langes-passwort' },
    { token: 'einmal-link-42', password: 'ein-langes-passwort' },
  ]);
  expect(location.hash).toBe('');
  expect(location.pathname).toBe('/dashboard');
  expect(screen.getByLabelText('E-Mail-Adresse')).toBeVisible();
  expect(onAccepted).not.toHaveBeenCalled();
});
