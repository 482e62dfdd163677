import { errorResponse, handle } from '../contract-handler';
import * as store from '../store/users';
import type { AnyHandler } from '../types';

/** GET /users lists, POST /users adds (400 on a missing name, a bad address or role, 409 on a taken address). */
export const usersHandlers: AnyHandler[] = [
  handle('users.list', () => store.listUsers()),
  handle('users.create', ({ body }) =>
    store.hasEmail(body.email)
      ? errorResponse(409, 'E-Mail-Adresse bereits vergeben')
      : store.addUser({ name: body.name, email: body.email, role: body.role }),
  ),
];
