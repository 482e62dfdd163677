import type { User } from '@/contract';
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

/** Adds a user; the access text follows the role. */
export function addUser(input: Pick<User, 'name' | 'email' | 'role'>): User {
  const user: User = {
    id: `user-${nextId++}`,
    name: input.name,
    email: input.email,
    role: input.role,
    access: ACCESS_BY_ROLE[input.role],
  };
  users.push(user);
  return { ...user };
}

/** Whether an address is taken already (case-insensitive). */
export function hasEmail(email: string): boolean {
  return users.some((u) => u.email.toLowerCase() === email.toLowerCase());
}
