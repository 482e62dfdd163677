import { getDemoRole, setDemoRole } from '@/lib/session';
import { DEMO_USERS } from '@/lib/demo-users';
import { errorResponse, handle } from '../contract-handler';
import type { AnyHandler } from '../types';

// The demo signs in without a password: the session is the sample person of the demo role picked in the user menu.
const demoSession = () => ({
  user: { ...DEMO_USERS[getDemoRole()], access: 'Demo', status: 'active' as const },
  via: 'session' as const,
  csrf: 'demo-csrf',
  expiresAt: new Date(Date.now() + 12 * 3_600_000).toISOString(),
});

export const sessionHandlers: AnyHandler[] = [
  handle('session.get', demoSession),
  handle('session.signIn', ({ body }) => {
    const person = Object.values(DEMO_USERS).find((u) => u.email.toLowerCase() === body.email.toLowerCase());
    if (person) setDemoRole(person.role);
    return demoSession();
  }),
  handle('session.signOut', () => undefined),
  handle('session.setPassword', ({ body }) =>
    body.token === 'abgelaufen'
      ? errorResponse(410, 'Dieser Link ist abgelaufen oder wurde schon benutzt.')
      : undefined,
  ),
];
