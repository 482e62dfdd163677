import type { User, UserPatch } from '@/contract';
import { ACCESS_BY_ROLE, userFixtures } from '../fixtures/users';
import { registerStore } from './index';

let users: User[] = [];
let nextId = 1;

registerStore((scenario) => {
  // Even the 'empty' scenario keeps the administrator: without it nobody could administer anything.
  users =
    scenario === 'empty'
      ? userFixtures.filter((u) => u.role === 'Admin').map((u) => ({ ...u }))
      : userFixtures.map((u) => ({ ...u }));
  nextId = 1;
});

/** The users of the session, in the order they were added. */
export function listUsers(): User[] {
  return users.map((u) => ({ ...u }));
}

/** Finds a user by id. */
export function getUser(id: string): User | undefined {
  const user = users.find((u) => u.id === id);
  return user ? { ...user } : undefined;
}

/** Adds a user, invited until they set a password; the access text follows the role. */
export function addUser(input: Pick<User, 'name' | 'email' | 'role'>, id = `user-${nextId++}`): User {
  const user: User = {
    id,
    name: input.name,
    email: input.email,
    role: input.role,
    access: ACCESS_BY_ROLE[input.role],
    status: 'invited',
    lastSignInAt: null,
  };
  users.push(user);
  return { ...user };
}

/** Whether an address is taken already (case-insensitive). */
export function hasEmail(email: string): boolean {
  return users.some((u) => u.email.toLowerCase() === email.toLowerCase());
}

const activeAdmin = (u: User) => u.role === 'Admin' && u.status !== 'disabled';

/** Whether the change would leave the desk without an active administrator. */
function leavesNoAdmin(id: string, after: User | undefined): boolean {
  const remaining = users.filter((u) => u.id !== id && activeAdmin(u)).length;
  return remaining === 0 && (after === undefined || !activeAdmin(after));
}

/** Changes role or disabled state: the user, 'last-admin' when none would be left, undefined when unknown. */
export function updateUser(id: string, patch: UserPatch): User | 'last-admin' | undefined {
  const index = users.findIndex((u) => u.id === id);
  const current = users[index];
  if (!current) return undefined;
  const role = patch.role ?? current.role;
  const status: User['status'] =
    patch.disabled === true
      ? 'disabled'
      : patch.disabled === false && current.status === 'disabled'
        ? current.lastSignInAt
          ? 'active'
          : 'invited'
        : current.status;
  const next: User = { ...current, role, access: ACCESS_BY_ROLE[role], status };
  if (activeAdmin(current) && leavesNoAdmin(id, next)) return 'last-admin';
  users[index] = next;
  return { ...next };
}

/** Deletes a user: true, 'last-admin' when none would be left, false when unknown. */
export function removeUser(id: string): boolean | 'last-admin' {
  const current = users.find((u) => u.id === id);
  if (!current) return false;
  if (activeAdmin(current) && leavesNoAdmin(id, undefined)) return 'last-admin';
  users = users.filter((u) => u.id !== id);
  return true;
}
