import { callApi } from '@/lib/api/client';
import { getDemoRole, setDemoRole } from '@/lib/session';

afterEach(() => {
  setDemoRole('Admin');
  localStorage.clear();
});

test("the demo's session is the sample person of the picked role; signing in needs no real password", async () => {
  await expect(callApi('session.get')).resolves.toMatchObject({
    user: { name: 'Administrator', email: 'admin@newsdesk.local', role: 'Admin' },
    via: 'session',
  });
  setDemoRole('Viewer');
  await expect(callApi('session.get')).resolves.toMatchObject({ user: { name: 'Jonas Weber', role: 'Viewer' } });
  const signedIn = await callApi('session.signIn', { body: { email: 'mara.schulz@newsdesk.local', password: 'x' } });
  expect(signedIn.user).toMatchObject({ name: 'Mara Schulz', role: 'Editor' });
  expect(getDemoRole()).toBe('Editor');
  // A Viewer may still sign out; a too short password for a link is the contract's 400.
  setDemoRole('Viewer');
  await expect(callApi('session.signOut', { query: { everywhere: 'true' } })).resolves.toBeUndefined();
  await expect(
    callApi('session.setPassword', { body: { token: 'link', password: 'kurz' }, retries: false, record: false }),
  ).rejects.toMatchObject({ status: 400 });
});
