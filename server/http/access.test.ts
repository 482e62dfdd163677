// Every operation's access comes from its `access` field: walked without a token, every role's operation answers 401
// „Anmeldung erforderlich: Zugangs-Token fehlt.“, the run-token ones refuse without their run's token, and only the
// sign-in, the uptime check, the signed files and the OAuth redirect are reached without one.
import { afterAll, beforeAll, expect, test } from 'vitest';
import { accessOf, operations, type OperationDef } from '../../src/contract';
import { createTestApp, errorBody, type TestApp } from '../testing';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

const filled = (path: string) => path.replace(/\{\w+\}/g, 'x');

test('every operation without a token: 401, the operator\u2019s operations and the run-token ones alike', async () => {
  const entries = Object.entries(operations) as Array<[string, OperationDef]>;
  expect(entries.length).toBeGreaterThan(80);
  for (const [id, def] of entries) {
    const response = await t.app.request(`/api${filled(def.path)}`, {
      method: def.method,
      headers: { 'Content-Type': 'application/json' },
      ...(def.method === 'GET' ? {} : { body: '{}' }),
    });
    if (id === 'session.signIn' || id === 'session.setPassword') {
      // Open by design: they check the password or the link, and refuse an empty body with 400.
      expect(response.status, id).toBe(400);
      continue;
    }
    expect(response.status, id).toBe(401);
    const { message } = await errorBody(response);
    if (accessOf(def) === 'run-token') expect(message, id).toBe('Lauf-Token fehlt oder ist ungültig.');
    else expect(message, id).toBe('Anmeldung erforderlich: Zugangs-Token fehlt.');
  }
  // The provider health probe uses the stored keys: it is a signed-in reader's, not the public's.
  expect(accessOf(operations['health.service'])).toBe('Viewer');
});

test('only the uptime check, the signed files and the OAuth redirect are reached without the operator token', async () => {
  expect((await t.app.request('/api/healthz')).status).toBe(200);
  // Reached, and refused by their own check: a signature, a ticket, the OAuth state.
  expect((await t.app.request('/api/media/x/file?sig=falsch')).status).toBe(403);
  expect((await t.app.request('/api/events?ticket=falsch')).status).toBe(401);
  expect((await errorBody(await t.app.request('/api/events?ticket=falsch'))).message).toBe(
    'Ticket für den Ereignis-Stream ungültig oder abgelaufen.',
  );
  expect((await t.app.request('/api/oauth/youtube/callback?state=unbekannt&code=x')).status).not.toBe(401);
  expect((await t.app.request('/api/openapi.json')).status).toBe(401);
});
