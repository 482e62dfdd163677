// The demo's signed-in person per role: the user menu shows them, the mock's session answers them.
import type { Role } from '@/contract';

/** The demo's sample person of each role (the users fixture has the same). */
export const DEMO_USERS: Record<Role, { id: string; name: string; email: string; role: Role }> = {
  Admin: { id: 'user-admin', name: 'Administrator', email: 'admin@newsdesk.local', role: 'Admin' },
  Editor: { id: 'user-editor', name: 'Mara Schulz', email: 'mara.schulz@newsdesk.local', role: 'Editor' },
  Viewer: { id: 'user-viewer', name: 'Jonas Weber', email: 'jonas.weber@newsdesk.local', role: 'Viewer' },
};
