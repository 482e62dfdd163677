import { describe, expect, test } from 'vitest';

const BASE = 'http://localhost:3000/api';

const json = (method: string, path: string, body?: unknown) =>
  fetch(`${BASE}${path}`, {
    method,
    headers: body === undefined ? {} : { 'Content-Type': 'application/json' },
    body: body === undefined ? undefined : JSON.stringify(body),
  });

async function invite(name: string, email: string, role: 'Admin' | 'Editor' | 'Viewer') {
  const res = await json('POST', '/users', { name, email, role });
  expect(res.status).toBe(201);
  return (await res.json()) as { user: { id: string; status: string }; link: { url: string; expiresAt: string } };
}

describe('users (demo backend)', () => {
  test('an invitation answers the user, invited, and a link valid for 24 hours', async () => {
    const before = Date.now();
    const { user, link } = await invite('Mara Schulz', 'mara.schulz@newsdesk.local', 'Editor');
    expect(user.status).toBe('invited');
    const valid = Date.parse(link.expiresAt) - before;
    expect(valid).toBeGreaterThan(86_000_000);
    expect(valid).toBeLessThanOrEqual(86_400_000 + 1000);
  });

  test('the last active administrator cannot be demoted, disabled or deleted (409 with a German message)', async () => {
    for (const [method, body] of [
      ['PATCH', { role: 'Editor' }],
      ['PATCH', { disabled: true }],
      ['DELETE', undefined],
    ] as const) {
      const res = await json(method, '/users/user-admin', body);
      expect(res.status).toBe(409);
      expect(await res.json()).toEqual({
        message: 'Der letzte aktive Administrator kann nicht herabgestuft, deaktiviert oder gelöscht werden.',
      });
    }
    const users = (await (await json('GET', '/users')).json()) as Array<{ role: string; status: string }>;
    expect(users).toEqual([expect.objectContaining({ role: 'Admin', status: 'active' })]);
  });

  test('with a second administrator the first may step down; a disabled admin does not count', async () => {
    const { user } = await invite('Jonas Weber', 'jonas.weber@newsdesk.local', 'Admin');
    expect((await json('PATCH', `/users/${user.id}`, { disabled: true })).status).toBe(200);
    expect((await json('PATCH', '/users/user-admin', { role: 'Viewer' })).status).toBe(409);
    expect((await json('PATCH', `/users/${user.id}`, { disabled: false })).status).toBe(200);
    const res = await json('PATCH', '/users/user-admin', { role: 'Viewer' });
    expect(res.status).toBe(200);
    expect(await res.json()).toMatchObject({ role: 'Viewer', access: 'Nur lesen' });
  });

  test('unknown users are 404; a reset link is made for a known one', async () => {
    expect((await json('PATCH', '/users/user-niemand', { role: 'Viewer' })).status).toBe(404);
    expect((await json('DELETE', '/users/user-niemand')).status).toBe(404);
    expect((await json('POST', '/users/user-niemand/password-link')).status).toBe(404);
    const res = await json('POST', '/users/user-admin/password-link');
    expect(res.status).toBe(201);
    expect(await res.json()).toMatchObject({ url: expect.stringContaining('/dashboard#passwort=') });
  });

  test('deleting a user takes their tokens along', async () => {
    const { user } = await invite('Mara Schulz', 'mara.schulz@newsdesk.local', 'Editor');
    expect((await json('DELETE', `/users/${user.id}`)).status).toBe(204);
    const users = (await (await json('GET', '/users')).json()) as Array<{ id: string }>;
    expect(users.map((u) => u.id)).toEqual(['user-admin']);
  });
});

describe('tokens (demo backend)', () => {
  test('create answers the secret once; the list never has it; revoke removes, twice is 404', async () => {
    const res = await json('POST', '/tokens', { name: 'Skript' });
    expect(res.status).toBe(201);
    const { token, secret } = (await res.json()) as { token: { id: string; prefix: string }; secret: string };
    expect(secret.startsWith(token.prefix)).toBe(true);
    const list = await (await json('GET', '/tokens')).text();
    expect(list).toContain(token.id);
    expect(list).not.toContain(secret);
    expect((await json('DELETE', `/tokens/${token.id}`)).status).toBe(204);
    expect((await json('DELETE', `/tokens/${token.id}`)).status).toBe(404);
  });

  test('a blank name is refused (400)', async () => {
    expect((await json('POST', '/tokens', { name: '  ' })).status).toBe(400);
  });
});

describe('audit (demo backend)', () => {
  test('pages newest first with X-Total-Count and filters by actor, action and date', async () => {
    const res = await json('GET', '/audit?limit=5&offset=0');
    expect(res.headers.get('X-Total-Count')).toBe('20');
    const page = (await res.json()) as Array<{ at: string }>;
    expect(page).toHaveLength(5);
    expect([...page].sort((a, b) => b.at.localeCompare(a.at))).toEqual(page);
    const filtered = await json('GET', '/audit?actor=jonas&action=auth.signIn&from=2025-03-11&to=2025-03-11');
    expect(filtered.headers.get('X-Total-Count')).toBe('2');
  });

  test('the mock records what the administrator changes', async () => {
    await invite('Mara Schulz', 'mara.schulz@newsdesk.local', 'Editor');
    const res = await json('GET', '/audit?action=users.create&limit=1');
    expect(await res.json()).toEqual([
      expect.objectContaining({ actor: 'Administrator', summary: 'Mara Schulz eingeladen (Editor)', outcome: 'ok' }),
    ]);
  });

  test('exports CSV with a header row, and JSON', async () => {
    const csv = await json('GET', '/audit/export?format=csv&actor=Mara');
    expect(csv.headers.get('Content-Type')).toMatch(/^text\/csv/);
    const lines = (await csv.text()).trim().split('\r\n');
    expect(lines[0]).toBe('at,actor,actorKind,action,targetId,summary,address,outcome,status');
    expect(lines.slice(1).every((l) => l.includes(',Mara Schulz,'))).toBe(true);
    const data = (await (await json('GET', '/audit/export?format=json&actor=Mara')).json()) as unknown[];
    expect(data).toHaveLength(lines.length - 1);
  });
});
