// The team desk on the server: sign-in per person (cookie with CSRF, or bearer), API tokens, roles from the contract's
// access field, sign-in safety, and the audit trail without secrets.
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { accessOf, fillPath, operations, type OperationDef } from '../../src/contract';
import { auditLog, sessions } from '../data/db/schema';
import { contractBody, createTestApp, errorBody, TEST_TOKEN, type TestApp } from '../testing';
import { pruneAudit } from './audit';

let t: TestApp;
beforeAll(async () => {
  // A short heartbeat: an open event stream asks at each beat whether its holder may still read.
  t = await createTestApp({ heartbeatMs: 200 });
});
afterAll(() => t.close());

const PASSWORD = 'ein sehr langes Passwort 42';
const linkToken = (url: string) => new URL(url).hash.replace('#passwort=', '');

/** An administrator invites someone, who sets a password from the link: answers the new user's id. */
async function invite(name: string, email: string, role: 'Admin' | 'Editor' | 'Viewer'): Promise<string> {
  const { user, link } = await contractBody(
    'users.create',
    await t.call('/users', { method: 'POST', json: { name, email, role } }),
  );
  const set = await t.app.request('/api/session/password', {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ token: linkToken(link.url), password: PASSWORD }),
  });
  expect(set.status).toBe(204);
  return user.id;
}

async function signIn(email: string, password = PASSWORD, extra: Record<string, unknown> = {}, client = 'c1') {
  return t.app.request('/api/session', {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', 'x-test-client': client },
    body: JSON.stringify({ email, password, ...extra }),
  });
}

/** Signs in with the cookie: answers the cookie header value and the CSRF token. */
async function cookieSession(email: string): Promise<{ cookie: string; csrf: string }> {
  const response = await signIn(email);
  expect(response.status).toBe(201);
  const setCookie = response.headers.get('set-cookie') ?? '';
  expect(setCookie).toMatch(/HttpOnly/i);
  expect(setCookie).toMatch(/SameSite=Strict/i);
  const session = await contractBody('session.signIn', response);
  return { cookie: setCookie.split(';')[0], csrf: session.csrf ?? '' };
}

async function tokenFor(email: string, name = 'n8n'): Promise<string> {
  const { token } = await contractBody('session.signIn', await signIn(email, PASSWORD, { bearer: true }));
  const created = await contractBody(
    'tokens.create',
    await t.app.request('/api/tokens', {
      method: 'POST',
      headers: { Authorization: `Bearer ${token}`, 'Content-Type': 'application/json' },
      body: JSON.stringify({ name }),
    }),
  );
  return created.secret;
}

describe('signing in', () => {
  test('a cookie session: HttpOnly, SameSite=Strict; a change without its CSRF token is refused', async () => {
    await invite('Mara Schulz', 'mara@example.org', 'Editor');
    const { cookie, csrf } = await cookieSession('Mara@Example.org');
    expect(csrf.length).toBeGreaterThan(20);
    const me = await contractBody('session.get', await t.app.request('/api/session', { headers: { Cookie: cookie } }));
    expect(me).toMatchObject({ via: 'session', csrf, user: { name: 'Mara Schulz', role: 'Editor', status: 'active' } });
    // The sign-in just now is the user's last one.
    expect(Date.now() - Date.parse(String(me.user.lastSignInAt))).toBeLessThan(60_000);

    const post = (headers: Record<string, string>) =>
      t.app.request('/api/posts', {
        method: 'POST',
        headers: { Cookie: cookie, 'Content-Type': 'application/json', ...headers },
        body: JSON.stringify({
          title: 'Von Mara',
          status: 'draft',
          platform: 'instagram',
          publishDate: '2026-11-27',
          category: 'Tech',
        }),
      });
    const forged = await post({});
    expect(forged.status).toBe(403);
    expect((await errorBody(forged)).message).toBe(
      'Sicherheitsprüfung fehlgeschlagen: Bitte die Seite neu laden und erneut versuchen.',
    );
    expect((await post({ 'X-Newsdesk-Csrf': csrf })).status).toBe(201);

    const out = await t.app.request('/api/session', {
      method: 'DELETE',
      headers: { Cookie: cookie, 'X-Newsdesk-Csrf': csrf },
    });
    expect(out.status).toBe(204);
    const after = await t.app.request('/api/session', { headers: { Cookie: cookie } });
    expect(after.status).toBe(401);
    expect((await errorBody(after)).message).toBe('Die Sitzung ist abgelaufen. Bitte erneut anmelden.');
  });

  test('a sign-in is JSON only, so a form on another site cannot sign a visitor in to its own account', async () => {
    const forged = await t.app.request('/api/session', {
      method: 'POST',
      headers: { 'Content-Type': 'text/plain' },
      body: JSON.stringify({ email: 'mara@example.org', password: PASSWORD }),
    });
    expect(forged.status).toBe(415);
    expect(forged.headers.get('set-cookie')).toBeNull();
  });

  test('a wrong password and an unknown address get the same answer; the password is never stored plainly', async () => {
    const wrong = await signIn('mara@example.org', 'falsches Passwort', {}, 'c2');
    const unknown = await signIn('niemand@example.org', PASSWORD, {}, 'c2');
    expect(wrong.status).toBe(401);
    expect(unknown.status).toBe(401);
    expect((await errorBody(wrong)).message).toBe('E-Mail-Adresse oder Passwort ist falsch.');
    expect((await errorBody(unknown)).message).toBe('E-Mail-Adresse oder Passwort ist falsch.');
    const rows = await t.database.db.execute(`select password_hash from users where email = 'mara@example.org'`);
    const hash = String((rows as unknown as { rows: Array<{ password_hash: string }> }).rows[0].password_hash);
    expect(hash).toMatch(/^scrypt\$/);
    expect(hash).not.toContain(PASSWORD);
  });

  test('five wrong passwords pause the account from that address, even for the right one; its owner elsewhere signs in', async () => {
    await invite('Paul Pause', 'paul@example.org', 'Viewer');
    for (let i = 0; i < 5; i += 1) expect((await signIn('paul@example.org', 'falsch', {}, 'c3')).status).toBe(401);
    const paused = await signIn('paul@example.org', PASSWORD, {}, 'c3');
    expect(paused.status).toBe(429);
    expect((await errorBody(paused)).message).toBe('Zu viele Anmeldeversuche. Bitte später erneut versuchen.');
    expect(Number(paused.headers.get('retry-after'))).toBeGreaterThan(0);
    expect((await signIn('mara@example.org', PASSWORD, {}, 'c3')).status).toBe(201);
    // Whoever guessed from c3 cannot lock Paul out: at his own desk he signs in.
    expect((await signIn('paul@example.org', PASSWORD, {}, 'c3-redaktion')).status).toBe(201);
  });

  test('wrong passwords from the addresses of one IPv6 network count as one address; another network signs in', async () => {
    await invite('Ivo Sechs', 'ivo@example.org', 'Viewer');
    for (let i = 1; i <= 5; i += 1)
      expect((await signIn('ivo@example.org', 'falsch', {}, `2001:db8:aa:1::${i.toString(16)}`)).status).toBe(401);
    // A sixth address of the same /64 is the same guesser; an IPv4-mapped address is its IPv4 address.
    expect((await signIn('ivo@example.org', PASSWORD, {}, '2001:0db8:00aa:0001:dead:beef:0:1')).status).toBe(429);
    for (let i = 0; i < 5; i += 1)
      expect((await signIn('ivo@example.org', 'falsch', {}, '::ffff:198.51.100.7')).status).toBe(401);
    expect((await signIn('ivo@example.org', PASSWORD, {}, '198.51.100.7')).status).toBe(429);
    expect((await signIn('ivo@example.org', PASSWORD, {}, '2001:db8:aa:2::1')).status).toBe(201);
  });

  test('twenty wrong passwords from one address pause that address for every account', async () => {
    for (let i = 0; i < 20; i += 1)
      expect((await signIn(`gast${i}@example.org`, 'falsch', {}, 'angreifer')).status).toBe(401);
    expect((await signIn('mara@example.org', PASSWORD, {}, 'angreifer')).status).toBe(429);
    expect((await signIn('mara@example.org', PASSWORD, {}, 'c4')).status).toBe(201);
  });

  test('tries count on every instance of the desk and across a restart; tries sent at once are all counted', async () => {
    await invite('Ines Instanz', 'ines@example.org', 'Viewer');
    const body = (password: string) => JSON.stringify({ email: 'ines@example.org', password });
    const via = (app: TestApp, password: string, client: string) =>
      app.app.request('/api/session', {
        method: 'POST',
        headers: { 'Content-Type': 'application/json', 'x-test-client': client },
        body: body(password),
      });
    // Two instances on one database: three wrong tries from one address on one, two on the other.
    const other = await createTestApp({ database: t.database });
    try {
      for (let i = 0; i < 3; i += 1) expect((await via(t, 'falsch', 'i1')).status).toBe(401);
      for (let i = 0; i < 2; i += 1) expect((await via(other, 'falsch', 'i1')).status).toBe(401);
      expect((await via(t, PASSWORD, 'i1')).status).toBe(429);
      expect((await via(other, PASSWORD, 'i1')).status).toBe(429);
    } finally {
      await other.close();
    }
    // A restarted instance (a new app on the same database) still pauses the account there.
    const restarted = await createTestApp({ database: t.database });
    try {
      expect((await via(restarted, PASSWORD, 'i1')).status).toBe(429);
    } finally {
      await restarted.close();
    }

    // Thirty wrong passwords for one account from one address sent at once: five are checked, the rest paused.
    await invite('Gina Gleichzeitig', 'gina@example.org', 'Viewer');
    const atOnce = (count: number, address: (i: number) => string) =>
      Promise.all(
        Array.from({ length: count }, (_, i) =>
          t.app.request('/api/session', {
            method: 'POST',
            headers: { 'Content-Type': 'application/json', 'x-test-client': address(i) },
            body: JSON.stringify({ email: 'gina@example.org', password: `falsch ${i}` }),
          }),
        ),
      ).then((answers) => answers.map((r) => r.status));
    const statuses = await atOnce(30, () => 'g');
    expect(statuses.filter((s) => s === 401)).toHaveLength(5);
    expect(statuses.filter((s) => s === 429)).toHaveLength(25);
    // Guessing spread over forty addresses: thirty tries of the account are checked in all, then it is paused everywhere.
    const spread = await atOnce(40, (i) => `verteilt-${i}`);
    expect(spread.filter((s) => s === 401)).toHaveLength(25);
    expect(spread.filter((s) => s === 429)).toHaveLength(15);
    expect((await signIn('gina@example.org', PASSWORD, {}, 'noch-ein-anderer')).status).toBe(429);
  });

  test('a session ends after 12 idle hours, and every session ends with a new password or when the user is disabled', async () => {
    const { cookie } = await cookieSession('mara@example.org');
    await t.database.db.update(sessions).set({ lastSeenAt: new Date(Date.now() - 13 * 3600_000).toISOString() });
    expect((await t.app.request('/api/session', { headers: { Cookie: cookie } })).status).toBe(401);

    const a = await cookieSession('mara@example.org');
    const b = await contractBody('session.signIn', await signIn('mara@example.org', PASSWORD, { bearer: true }));
    const maraId = (
      await contractBody('session.get', await t.app.request('/api/session', { headers: { Cookie: a.cookie } }))
    ).user.id;
    const { url } = await contractBody(
      'users.passwordLink',
      await t.call(`/users/${maraId}/password-link`, { method: 'POST' }),
    );
    const set = await t.app.request('/api/session/password', {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ token: linkToken(url), password: `${PASSWORD}!` }),
    });
    expect(set.status).toBe(204);
    expect((await t.app.request('/api/session', { headers: { Cookie: a.cookie } })).status).toBe(401);
    expect((await t.app.request('/api/session', { headers: { Authorization: `Bearer ${b.token}` } })).status).toBe(401);
    // The link worked once.
    const again = await t.app.request('/api/session/password', {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ token: linkToken(url), password: `${PASSWORD}?` }),
    });
    expect(again.status).toBe(410);
    expect((await errorBody(again)).message).toBe('Dieser Link ist abgelaufen oder wurde schon benutzt.');

    const signedIn = await contractBody(
      'session.signIn',
      await signIn('mara@example.org', `${PASSWORD}!`, { bearer: true }),
    );
    const disabled = await t.call(`/users/${maraId}`, { method: 'PATCH', json: { disabled: true } });
    expect((await contractBody('users.update', disabled)).status).toBe('disabled');
    expect(
      (await t.app.request('/api/session', { headers: { Authorization: `Bearer ${signedIn.token}` } })).status,
    ).toBe(401);
    expect((await signIn('mara@example.org', `${PASSWORD}!`, {}, 'c5')).status).toBe(401);
    await t.call(`/users/${maraId}`, { method: 'PATCH', json: { disabled: false } });
  });

  test('„Überall abmelden“ ends every session of the user', async () => {
    await invite('Eva Überall', 'eva@example.org', 'Viewer');
    const one = await cookieSession('eva@example.org');
    const two = await cookieSession('eva@example.org');
    const out = await t.app.request('/api/session?everywhere=true', {
      method: 'DELETE',
      headers: { Cookie: one.cookie, 'X-Newsdesk-Csrf': one.csrf },
    });
    expect(out.status).toBe(204);
    expect((await t.app.request('/api/session', { headers: { Cookie: two.cookie } })).status).toBe(401);
  });
});

describe('the event stream of a person', () => {
  /** Opens the event stream with a ticket taken by `headers`; answers a reader that resolves once the stream ends. */
  async function openStream(headers: Record<string, string>) {
    const taken = await t.app.request('/api/events/ticket', { method: 'POST', headers });
    expect(taken.status).toBe(201);
    const { ticket } = (await taken.json()) as { ticket: string };
    const stream = await t.app.request(`/api/events?ticket=${encodeURIComponent(ticket)}`);
    expect(stream.status).toBe(200);
    const reader = (stream.body as ReadableStream<Uint8Array>).getReader();
    let text = '';
    const ended = (async () => {
      for (;;) {
        const { done, value } = await reader.read();
        if (done) return text;
        text += new TextDecoder().decode(value);
      }
    })();
    await expect.poll(() => text).toContain('event: ready');
    return { ended, cancel: () => reader.cancel() };
  }

  test('a disabled user’s stream ends at once, and no new ticket is given', async () => {
    const userId = await invite('Stefan Strom', 'stefan@example.org', 'Editor');
    const { cookie, csrf } = await cookieSession('stefan@example.org');
    const headers = { Cookie: cookie, 'X-Newsdesk-Csrf': csrf };
    const token = await tokenFor('stefan@example.org', 'stream');
    const bySession = await openStream(headers);
    const byToken = await openStream({ Authorization: `Bearer ${token}` });
    const desk = await openStream({ Authorization: `Bearer ${TEST_TOKEN}` });

    await t.call(`/users/${userId}`, { method: 'PATCH', json: { disabled: true } });
    for (const ended of [bySession.ended, byToken.ended]) {
      const text = await ended;
      // The change that disabled them is not delivered to them.
      expect(text).not.toContain(`"id":"${userId}"`);
    }
    expect((await t.app.request('/api/events/ticket', { method: 'POST', headers })).status).toBe(401);
    // The desk's own stream goes on.
    let deskEnded = false;
    void desk.ended.then(() => (deskEnded = true));
    await new Promise((resolve) => setTimeout(resolve, 500));
    expect(deskEnded).toBe(false);
    await desk.cancel();
    await t.call(`/users/${userId}`, { method: 'PATCH', json: { disabled: false } });
  });

  test('a revoked API token’s stream ends; the same user’s other token reads on', async () => {
    await invite('Tom Token', 'tom@example.org', 'Editor');
    const revoked = await tokenFor('tom@example.org', 'Alt');
    const kept = await tokenFor('tom@example.org', 'Neu');
    const byRevoked = await openStream({ Authorization: `Bearer ${revoked}` });
    const byKept = await openStream({ Authorization: `Bearer ${kept}` });
    const listed = await contractBody('tokens.list', await t.call('/tokens'));
    const id = listed.find((token) => token.name === 'Alt' && token.prefix === revoked.slice(0, 10))?.id;
    expect((await t.call(`/tokens/${id}`, { method: 'DELETE' })).status).toBe(204);
    await byRevoked.ended;
    expect(
      (await t.app.request('/api/events/ticket', { method: 'POST', headers: { Authorization: `Bearer ${revoked}` } }))
        .status,
    ).toBe(401);
    let keptEnded = false;
    void byKept.ended.then(() => (keptEnded = true));
    await new Promise((resolve) => setTimeout(resolve, 500));
    expect(keptEnded).toBe(false);
    await byKept.cancel();
  });

  test('a signed-out session’s stream ends; a ticket of another holder cannot be forged from it', async () => {
    await invite('Olga Offen', 'olga@example.org', 'Viewer');
    const { cookie, csrf } = await cookieSession('olga@example.org');
    const headers = { Cookie: cookie, 'X-Newsdesk-Csrf': csrf };
    const taken = (await (await t.app.request('/api/events/ticket', { method: 'POST', headers })).json()) as {
      ticket: string;
    };
    const [expires, , signature] = taken.ticket.split('.');
    const forged = `${expires}.${Buffer.from('desk').toString('base64url')}.${signature}`;
    expect((await t.app.request(`/api/events?ticket=${encodeURIComponent(forged)}`)).status).toBe(401);

    const open = await openStream(headers);
    const out = await t.app.request('/api/session', { method: 'DELETE', headers });
    expect(out.status).toBe(204);
    await open.ended;
  });
});

describe('API tokens and the operator token', () => {
  test('a personal token acts with its user’s role, is listed without its secret, and stops when revoked', async () => {
    await invite('Vera Viewer', 'vera@example.org', 'Viewer');
    const secret = await tokenFor('vera@example.org', 'Skript');
    expect(secret).toMatch(/^ndt_/);
    const me = await contractBody(
      'session.get',
      await t.app.request('/api/session', { headers: { Authorization: `Bearer ${secret}` } }),
    );
    expect(me).toMatchObject({ via: 'token', tokenName: 'Skript', user: { name: 'Vera Viewer', role: 'Viewer' } });
    const listed = await contractBody(
      'tokens.list',
      await t.app.request('/api/tokens', { headers: { Authorization: `Bearer ${secret}` } }),
    );
    expect(listed).toHaveLength(1);
    expect(listed[0]).toMatchObject({ name: 'Skript', prefix: secret.slice(0, 10) });
    expect(listed[0].lastUsedAt).not.toBeNull();
    expect(JSON.stringify(listed)).not.toContain(secret);
    // The administrator sees everyone's tokens and may revoke them.
    const all = await contractBody('tokens.list', await t.call('/tokens'));
    expect(all.map((x) => x.name)).toContain('Skript');
    expect((await t.call(`/tokens/${listed[0].id}`, { method: 'DELETE' })).status).toBe(204);
    expect((await t.app.request('/api/session', { headers: { Authorization: `Bearer ${secret}` } })).status).toBe(401);
  });

  test('a personal token cannot make further tokens; its user, signed in, can', async () => {
    await invite('Tim Token', 'tim@example.org', 'Editor');
    const secret = await tokenFor('tim@example.org', 'Automatik');
    const refused = await t.app.request('/api/tokens', {
      method: 'POST',
      headers: { Authorization: `Bearer ${secret}`, 'Content-Type': 'application/json' },
      body: JSON.stringify({ name: 'Zweitschlüssel' }),
    });
    expect(refused.status).toBe(403);
    expect((await errorBody(refused)).message).toBe(
      'Ein API-Token kann keine weiteren API-Tokens anlegen: bitte in der Konsole anmelden und dort anlegen.',
    );
    const listed = await contractBody(
      'tokens.list',
      await t.app.request('/api/tokens', { headers: { Authorization: `Bearer ${secret}` } }),
    );
    expect(listed.map((x) => x.name)).toEqual(['Automatik']);
    expect(await tokenFor('tim@example.org', 'Zweitschlüssel')).toMatch(/^ndt_/);
  });

  test('NEWSDESK_TOKEN keeps working as the administrator’s API token', async () => {
    const me = await contractBody('session.get', await t.call('/session'));
    expect(me).toMatchObject({ via: 'token', tokenName: 'NEWSDESK_TOKEN', user: { id: 'user-admin', role: 'Admin' } });
  });
});

describe('roles', () => {
  const ROLE_RANK = { Viewer: 0, Editor: 1, Admin: 2 } as const;

  test('every operation for every role: the allowed get past the role check, the others 403 in German', async () => {
    const tokens = {
      Viewer: await tokenFor(
        (await invite('Walk Viewer', 'walk-viewer@example.org', 'Viewer'), 'walk-viewer@example.org'),
      ),
      Editor: await tokenFor(
        (await invite('Walk Editor', 'walk-editor@example.org', 'Editor'), 'walk-editor@example.org'),
      ),
      Admin: await tokenFor((await invite('Walk Admin', 'walk-admin@example.org', 'Admin'), 'walk-admin@example.org')),
    };
    let refused = 0;
    for (const [id, def] of Object.entries(operations) as Array<[string, OperationDef]>) {
      const access = accessOf(def);
      if (!(access in ROLE_RANK)) continue;
      // Deleting users, sessions and tokens would end the walk's own sign-ins: their refusal is what is walked.
      const destructive = ['users.delete', 'users.update', 'session.signOut', 'tokens.delete'].includes(id);
      for (const role of ['Viewer', 'Editor', 'Admin'] as const) {
        const allowed = ROLE_RANK[role] >= ROLE_RANK[access as keyof typeof ROLE_RANK];
        if (allowed && destructive) continue;
        const example = def.example ?? {};
        const path = fillPath(def.path, { ...fillerParams(def.path), ...example.params });
        const query = example.query
          ? `?${new URLSearchParams(Object.entries(example.query).map(([k, v]) => [k, String(v)]))}`
          : '';
        const response = await t.app.request(`/api${path}${query}`, {
          method: def.method,
          headers: { Authorization: `Bearer ${tokens[role]}`, 'Content-Type': 'application/json' },
          ...(def.method === 'GET' || def.method === 'DELETE' ? {} : { body: JSON.stringify(example.body ?? {}) }),
        });
        if (allowed && id === 'tokens.create') {
          // Past the role check, and then refused to the walk's personal token: tokens are made by a person.
          expect(response.status, `${id} als ${role}`).toBe(403);
          expect((await errorBody(response)).message).toMatch(/^Ein API-Token kann keine weiteren API-Tokens anlegen/);
        } else if (allowed) {
          expect([401, 403], `${id} als ${role}`).not.toContain(response.status);
        } else {
          refused += 1;
          expect(response.status, `${id} als ${role}`).toBe(403);
          expect((await errorBody(response)).message, id).toBe(
            `Keine Berechtigung: Ihre Rolle „${role}“ darf das nicht – dafür ist die Rolle „${access}“ nötig.`,
          );
        }
      }
    }
    expect(refused).toBeGreaterThan(60);
  }, 120_000);

  test('the access field names the least role: reads are a Viewer’s, keys and users an Admin’s', () => {
    expect(accessOf(operations['posts.list'])).toBe('Viewer');
    expect(accessOf(operations['posts.create'])).toBe('Editor');
    expect(accessOf(operations['news.publish'])).toBe('Editor');
    expect(accessOf(operations['keys.save'])).toBe('Admin');
    expect(accessOf(operations['users.create'])).toBe('Admin');
    expect(accessOf(operations['audit.list'])).toBe('Admin');
  });

  test('an Editor deletes a draft but not a published post', async () => {
    const editor = await tokenFor('walk-editor@example.org', 'löschen');
    const create = async (status: string) =>
      (
        await contractBody(
          'posts.create',
          await t.call('/posts', {
            method: 'POST',
            json: {
              title: `Post ${status}`,
              status,
              platform: 'instagram',
              publishDate: '2026-11-27',
              category: 'Tech',
            },
          }),
        )
      ).id;
    const published = await create('published');
    const draft = await create('draft');
    const del = (id: string) =>
      t.app.request(`/api/posts/${id}`, { method: 'DELETE', headers: { Authorization: `Bearer ${editor}` } });
    const refused = await del(published);
    expect(refused.status).toBe(403);
    expect((await errorBody(refused)).message).toBe(
      'Keine Berechtigung: Ihre Rolle „Editor“ darf das nicht – dafür ist die Rolle „Admin“ nötig.',
    );
    expect((await del(draft)).status).toBe(204);
    expect((await t.call(`/posts/${published}`, { method: 'DELETE' })).status).toBe(204);
  });

  test('the last active administrator cannot be demoted, disabled or deleted', async () => {
    const fresh = await createTestApp();
    try {
      for (const [method, json] of [
        ['PATCH', { role: 'Editor' }],
        ['PATCH', { disabled: true }],
        ['DELETE', undefined],
      ] as const) {
        const response = await fresh.call('/users/user-admin', { method, json });
        expect(response.status).toBe(409);
        expect((await errorBody(response)).message).toBe(
          'Der letzte aktive Administrator kann nicht herabgestuft, deaktiviert oder gelöscht werden.',
        );
      }
    } finally {
      await fresh.close();
    }
  });

  test('an invited administrator does not count as another; two demoting each other leave one; the operator token stays Admin', async () => {
    const fresh = await createTestApp();
    const demote = (id: string) => fresh.call(`/users/${id}`, { method: 'PATCH', json: { role: 'Editor' } });
    const admin = async (name: string, email: string) =>
      contractBody(
        'users.create',
        await fresh.call('/users', { method: 'POST', json: { name, email, role: 'Admin' } }),
      );
    const setPassword = async (url: string) =>
      expect(
        (
          await fresh.app.request('/api/session/password', {
            method: 'POST',
            headers: { 'Content-Type': 'application/json' },
            body: JSON.stringify({ token: linkToken(url), password: PASSWORD }),
          })
        ).status,
      ).toBe(204);
    try {
      const first = await admin('Erste Admin', 'erste@desk.example');
      await setPassword(first.link.url);
      const invited = await admin('Eingeladen', 'eingeladen@desk.example');
      // The invited administrator has no password yet (the link may lapse): the only one who can sign in stays.
      const refused = await demote(first.user.id);
      expect(refused.status).toBe(409);
      expect((await errorBody(refused)).message).toBe(
        'Der letzte aktive Administrator kann nicht herabgestuft, deaktiviert oder gelöscht werden.',
      );
      await setPassword(invited.link.url);
      // Both can sign in now: demoting each other at the same moment, one of them stays an administrator.
      const answers = await Promise.all([demote(first.user.id), demote(invited.user.id)]);
      expect(answers.map((a) => a.status).sort()).toEqual([200, 409]);
      const list = await contractBody('users.list', await fresh.call('/users'));
      expect(list.filter((u) => u.role === 'Admin' && [first.user.id, invited.user.id].includes(u.id))).toHaveLength(1);

      // The operator token stays the desk's administrator in the console when its account is demoted, or gone.
      expect((await demote('user-admin')).status).toBe(200);
      const demoted = await contractBody('session.get', await fresh.call('/session'));
      expect(demoted).toMatchObject({
        via: 'token',
        tokenName: 'NEWSDESK_TOKEN',
        user: { id: 'user-admin', role: 'Admin' },
      });
      expect((await fresh.call('/users/user-admin', { method: 'DELETE' })).status).toBe(204);
      const gone = await contractBody('session.get', await fresh.call('/session'));
      expect(gone).toMatchObject({ via: 'token', user: { role: 'Admin' } });
      expect((await demote(first.user.id)).status).not.toBe(401);
    } finally {
      await fresh.close();
    }
  });
});

function fillerParams(path: string): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [, name] of path.matchAll(/\{(\w+)\}/g)) out[name] = 'x';
  return out;
}

describe('the audit trail', () => {
  test('records who did what, from where, with the outcome, and keeps no secret', async () => {
    const secretKey = 'sk-geheimer-schluessel-0123456789';
    expect(
      (
        await t.call('/keys/openai', {
          method: 'PUT',
          json: { key: secretKey },
          headers: { 'x-test-client': '10.0.0.7' },
        })
      ).status,
    ).toBe(200);
    const viewer = await tokenFor('walk-viewer@example.org', 'audit');
    await t.app.request('/api/keys/openai', {
      method: 'PUT',
      headers: { Authorization: `Bearer ${viewer}`, 'Content-Type': 'application/json' },
      body: JSON.stringify({ key: secretKey }),
    });
    await signIn('walk-viewer@example.org', 'ein falsches Passwort', {}, 'c9');

    const entries = await contractBody('audit.list', await t.call('/audit?limit=1000'));
    const saved = entries.find((e) => e.action === 'keys.save' && e.outcome === 'ok');
    expect(saved).toMatchObject({
      actor: 'Administrator · NEWSDESK_TOKEN',
      actorKind: 'token',
      targetId: 'openai',
      address: '10.0.0.7',
      status: 200,
    });
    expect(entries.find((e) => e.action === 'keys.save' && e.outcome === 'refused')).toMatchObject({
      actor: 'Walk Viewer · audit',
      status: 403,
    });
    expect(entries.find((e) => e.action === 'session.signIn' && e.outcome === 'refused')).toMatchObject({
      actor: 'Walk Viewer',
      address: 'c9',
    });
    expect(entries.some((e) => e.action === 'users.create' && e.summary.includes('email: mara@example.org'))).toBe(
      true,
    );

    const csv = await (await t.call('/audit/export?format=csv')).text();
    const json = await (await t.call('/audit/export?format=json')).text();
    expect(csv.split('\r\n')[0]).toBe('at,actor,actorKind,action,targetId,summary,address,outcome,status');
    expect(csv).toContain('keys.save');
    for (const dump of [csv, json, JSON.stringify(entries)]) {
      expect(dump).not.toContain(secretKey);
      expect(dump).not.toContain(PASSWORD);
      expect(dump).not.toContain(TEST_TOKEN);
      expect(dump).not.toContain(viewer);
      expect(dump).not.toMatch(/passwort=/);
    }
  });

  test('filters by user, action and date; no operation edits or deletes an entry', async () => {
    const byAction = await contractBody('audit.list', await t.call('/audit?action=users.create'));
    expect(byAction.length).toBeGreaterThan(0);
    expect(byAction.every((e) => e.action === 'users.create')).toBe(true);
    const byActor = await contractBody('audit.list', await t.call('/audit?actor=walk%20viewer'));
    expect(byActor.length).toBeGreaterThan(0);
    expect(byActor.every((e) => e.actor.startsWith('Walk Viewer'))).toBe(true);
    const tomorrow = new Date(Date.now() + 86_400_000).toISOString().slice(0, 10);
    expect(await contractBody('audit.list', await t.call(`/audit?from=${tomorrow}`))).toEqual([]);
    const page = await t.call('/audit?limit=2');
    expect((await contractBody('audit.list', page)).length).toBe(2);
    expect(Number(page.headers.get('x-total-count'))).toBeGreaterThan(2);
    const writes = Object.values(operations as Record<string, OperationDef>).filter(
      (def) => def.path.startsWith('/audit') && def.method !== 'GET',
    );
    expect(writes).toEqual([]);
  });

  test('entries past the retention are pruned', async () => {
    const before = (await t.database.db.select().from(auditLog)).length;
    await t.database.db
      .update(auditLog)
      .set({ at: new Date(Date.now() - 400 * 86_400_000).toISOString() })
      .where(eq(auditLog.action, 'session.setPassword'));
    const pruned = await pruneAudit(t.database, 365);
    expect(pruned).toBeGreaterThan(0);
    expect((await t.database.db.select().from(auditLog)).length).toBe(before - pruned);
  });
});

describe('Vier-Augen-Prinzip', () => {
  test('whoever started a story’s run may not approve it when the desk asks for four eyes', async () => {
    const { eq: same } = await import('drizzle-orm');
    const { news, runs } = await import('../data/db/schema');
    const editor = await tokenFor('walk-editor@example.org', 'vier-augen');
    const editorId = (
      await contractBody(
        'session.get',
        await t.app.request('/api/session', { headers: { Authorization: `Bearer ${editor}` } }),
      )
    ).user.id;
    await t.database.db.insert(runs).values({
      id: 'run-vier-augen',
      workflowId: 'ai-news',
      topic: 'Test',
      status: 'done',
      tokenHash: 'x',
      startedBy: editorId,
    });
    await t.database.db.insert(news).values({
      id: 'news-vier-augen',
      title: 'Eine Meldung in Prüfung',
      source: 'Test',
      category: 'Tech',
      status: 'review',
      createdAt: new Date().toISOString(),
      runId: 'run-vier-augen',
    });
    expect((await t.call('/settings', { method: 'PATCH', json: { fourEyes: true } })).status).toBe(200);
    const publish = (token: string) =>
      t.app.request('/api/news/news-vier-augen/publish', {
        method: 'POST',
        headers: { Authorization: `Bearer ${token}`, 'Idempotency-Key': crypto.randomUUID() },
      });
    const own = await publish(editor);
    expect(own.status).toBe(403);
    expect((await errorBody(own)).message).toBe(
      'Vier-Augen-Prinzip: Diese Meldung muss jemand anderes freigeben als die Person, die ihren Lauf gestartet hat.',
    );
    const other = await tokenFor('walk-admin@example.org', 'freigabe');
    const approved = await contractBody('news.publish', await publish(other));
    expect(approved).toMatchObject({ status: 'published', approvedBy: 'Walk Admin' });
    const [row] = await t.database.db.select().from(news).where(same(news.id, 'news-vier-augen'));
    expect(row.approvedBy).toBe('Walk Admin');
  });
});
