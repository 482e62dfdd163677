import { http, HttpResponse } from 'msw';
import type { User } from '@/lib/api/types';
import * as store from '../store/users';
import type { AnyHandler } from '../types';

type NewUser = Pick<User, 'name' | 'email' | 'role'>;
const ROLES: ReadonlyArray<User['role']> = ['Admin', 'Editor', 'Viewer'];

/** GET /users lists, POST /users adds (400 on a missing name, a bad address or role, 409 on a taken address). */
export const usersHandlers: AnyHandler[] = [
  http.get<never, never, User[]>('*/api/users', () => HttpResponse.json(store.listUsers())),
  http.post<never, Partial<NewUser>, User | { message: string }>('*/api/users', async ({ request }) => {
    const body = await request.json();
    const name = typeof body.name === 'string' ? body.name.trim() : '';
    const email = typeof body.email === 'string' ? body.email.trim() : '';
    if (!name || !/^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(email) || !body.role || !ROLES.includes(body.role)) {
      return HttpResponse.json({ message: 'Ungültige Benutzerdaten' }, { status: 400 });
    }
    if (store.hasEmail(email)) return HttpResponse.json({ message: 'E-Mail-Adresse bereits vergeben' }, { status: 409 });
    return HttpResponse.json(store.addUser({ name, email, role: body.role }), { status: 201 });
  }),
];
