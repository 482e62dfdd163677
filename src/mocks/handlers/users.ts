import type { PasswordLink } from '@/contract';
import { errorResponse, handle } from '../contract-handler';
import { recordAudit } from '../store/audit';
import { removeTokensOf } from '../store/tokens';
import * as store from '../store/users';
import type { AnyHandler } from '../types';

const notFound = () => errorResponse(404, 'Diesen Benutzer gibt es nicht.');
const lastAdmin = () =>
  errorResponse(409, 'Der letzte aktive Administrator kann nicht herabgestuft, deaktiviert oder gelöscht werden.');

// The demo sends no mail and sets no password: the link shows what the real desk hands over.
const demoLink = (request: Request): PasswordLink => ({
  // The page's origin where the console opens the link; in Node (tests, check-backend) there is no page.
  url: `${typeof location === 'undefined' ? new URL(request.url).origin : location.origin}/dashboard#passwort=demo-${globalThis.crypto.randomUUID()}`,
  expiresAt: new Date(Date.now() + 86_400_000).toISOString(),
});

/** Users: list, invite (409 on a taken address), change role or disable, delete, reset link; never the last admin (409). */
export const usersHandlers: AnyHandler[] = [
  handle('users.list', () => store.listUsers()),
  handle('users.create', ({ body, request }) => {
    if (store.hasEmail(body.email)) return errorResponse(409, `Die E-Mail-Adresse ${body.email} ist bereits vergeben.`);
    const user = store.addUser({ name: body.name, email: body.email, role: body.role });
    recordAudit({
      action: 'users.create',
      targetId: user.id,
      summary: `${user.name} eingeladen (${user.role})`,
      status: 201,
    });
    return { user, link: demoLink(request) };
  }),
  handle('users.update', ({ params, body }) => {
    const result = store.updateUser(params.id, body);
    if (result === undefined) return notFound();
    if (result === 'last-admin') return lastAdmin();
    const changes = [
      body.role ? `Rolle ${body.role}` : '',
      body.disabled === true ? 'deaktiviert' : body.disabled === false ? 'aktiviert' : '',
    ].filter(Boolean);
    recordAudit({ action: 'users.update', targetId: result.id, summary: `${result.name}: ${changes.join(', ')}` });
    return result;
  }),
  handle('users.delete', ({ params }) => {
    const user = store.getUser(params.id);
    const result = store.removeUser(params.id);
    if (result === false || !user) return notFound();
    if (result === 'last-admin') return lastAdmin();
    removeTokensOf(user.id);
    recordAudit({ action: 'users.delete', targetId: user.id, summary: `${user.name} gelöscht`, status: 204 });
    return undefined;
  }),
  handle('users.passwordLink', ({ params, request }) => {
    const user = store.getUser(params.id);
    if (!user) return notFound();
    recordAudit({
      action: 'users.passwordLink',
      targetId: user.id,
      summary: `Link zum Zurücksetzen für ${user.name}`,
      status: 201,
    });
    return demoLink(request);
  }),
];
