// Users: the role's access text and the row as the contract's User (never its password hash).
import type { User } from '../../../src/contract';
import type { users } from '../../data/db/schema';

export const ACCESS_BY_ROLE: Record<User['role'], string> = {
  Admin: 'Vollzugriff',
  Editor: 'Bearbeiten',
  Viewer: 'Nur lesen',
};

export const toUser = (row: typeof users.$inferSelect): User => ({
  id: row.id,
  name: row.name,
  email: row.email,
  role: row.role as User['role'],
  access: row.access,
  status: row.disabled ? 'disabled' : row.passwordHash ? 'active' : 'invited',
  lastSignInAt: row.lastSignInAt,
});
