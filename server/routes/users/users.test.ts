import { afterAll, beforeAll, expect, test } from 'vitest';
import { contractBody, createTestApp, errorBody, type TestApp } from '../../testing';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

test('a fresh desk lists its administrator with Vollzugriff; a new user gets the access of the role', async () => {
  const users = await contractBody('users.list', await t.call('/users'));
  expect(users).toEqual([
    {
      id: 'user-admin',
      name: 'Administrator',
      email: 'admin@newsdesk.local',
      role: 'Admin',
      access: 'Vollzugriff',
      status: 'invited',
      lastSignInAt: null,
    },
  ]);
  const { user: added, link } = await contractBody(
    'users.create',
    await t.call('/users', {
      method: 'POST',
      json: { name: 'Mara Schulz', email: 'Mara@Example.org', role: 'Editor' },
    }),
  );
  expect(added).toMatchObject({
    name: 'Mara Schulz',
    email: 'mara@example.org',
    role: 'Editor',
    access: 'Bearbeiten',
    status: 'invited',
  });
  // The invitation: a one-time link in the address's fragment (never sent to a server), valid 24 hours.
  expect(link.url).toMatch(/^http:\/\/localhost\/dashboard#passwort=[\w-]{40,}$/);
  expect(Date.parse(link.expiresAt) - Date.now()).toBeGreaterThan(23.9 * 3600_000);
  expect((await contractBody('users.list', await t.call('/users'))).map((u) => u.name)).toEqual([
    'Administrator',
    'Mara Schulz',
  ]);
});

test('a taken address is 409, a malformed one 400', async () => {
  const taken = await t.call('/users', {
    method: 'POST',
    json: { name: 'Zweite Mara', email: 'mara@example.org', role: 'Viewer' },
  });
  expect(taken.status).toBe(409);
  expect((await errorBody(taken)).message).toBe('Die E-Mail-Adresse mara@example.org ist bereits vergeben.');
  const bad = await t.call('/users', { method: 'POST', json: { name: 'X', email: 'keine-adresse', role: 'Viewer' } });
  expect(bad.status).toBe(400);
  expect((await errorBody(bad)).issues?.[0].path).toBe('body.email');
});
