// The signed-in person for the user menu: the live session's, or the demo's sample person of the picked role.
import { useSyncExternalStore } from 'react';
import type { Role } from '@/contract';
import { getConfig } from '@/lib/config';
import { DEMO_USERS } from '@/lib/demo-users';
import { getSession, subscribeSession, type KnownSession, type SignedInUser } from '@/lib/session';
import { useRole } from '@/lib/use-can';

export interface SessionView {
  /** Unknown until a live desk's server has said who is signed in. */
  user?: SignedInUser;
  role?: Role;
  /** The demo: the role is picked, not signed in. */
  demo: boolean;
  via?: KnownSession['via'];
  tokenName?: string;
}

export function useSession(): SessionView {
  const role = useRole();
  const session = useSyncExternalStore(subscribeSession, getSession, getSession);
  if (getConfig().apiMode === 'mock' && role) return { user: DEMO_USERS[role], role, demo: true, via: 'session' };
  return { user: session?.user, role, demo: false, via: session?.via, tokenName: session?.tokenName };
}
