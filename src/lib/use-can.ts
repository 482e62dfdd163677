// What the signed-in role may do, for the screens' buttons (the server decides all the same). The table of operations
// (lib/access) loads beside the first screen, not in its first load: until then, and for an unknown role, all is allowed.
import { useSyncExternalStore } from 'react';
import type { OperationId, Role } from '@/contract';
import { getConfig } from '@/lib/config';
import { getDemoRole, getSession, subscribeDemoRole, subscribeSession } from '@/lib/session';

type Access = typeof import('@/lib/access');
let access: Access | undefined;
let loading: Promise<void> | undefined;
const loaded = new Set<() => void>();

/** Loads the table of who may do what (the dashboard asks at its start; the first useCan otherwise). */
export function loadAccess(): Promise<void> {
  loading ??= import('@/lib/access').then(
    (module) => {
      access = module;
      for (const listener of [...loaded]) listener();
    },
    () => {
      loading = undefined; // a failed chunk load is tried again by the next screen
    },
  );
  return loading;
}

function subscribeAccess(listener: () => void): () => void {
  loaded.add(listener);
  void loadAccess();
  return () => loaded.delete(listener);
}
const getAccess = () => access;

/** The role signed in: the demo's picked one, or the live session's (unknown until the server has said). */
export function useRole(): Role | undefined {
  const demoRole = useSyncExternalStore(subscribeDemoRole, getDemoRole, getDemoRole);
  const session = useSyncExternalStore(subscribeSession, getSession, getSession);
  return getConfig().apiMode === 'mock' ? demoRole : session?.user.role;
}

export interface Can {
  allowed: boolean;
  /** Why not, in German: „Nur für Admin – Sie sind als Editor angemeldet.“ */
  reason?: string;
}

/**
 * Whether the signed-in role may call an operation; unknown role: allowed (the server still refuses with 403). No
 * operation (a control that calls none, as an error log's Retry of a webhook): allowed.
 */
export function useCan(id: OperationId | undefined): Can {
  const role = useRole();
  const table = useSyncExternalStore(subscribeAccess, getAccess, getAccess);
  const reason = id && role && table ? table.deniedReason(role, table.accessOfId(id)) : undefined;
  return reason ? { allowed: false, reason } : { allowed: true };
}

/** useCan outside React's first load: tells `listener` now and on every change of role or table (Social's composer). */
export function watchCan(id: OperationId, listener: (can: Can) => void): () => void {
  const role = () => (getConfig().apiMode === 'mock' ? getDemoRole() : getSession()?.user.role);
  const tell = () => {
    const current = role();
    const reason = current && access ? access.deniedReason(current, access.accessOfId(id)) : undefined;
    listener(reason ? { allowed: false, reason } : { allowed: true });
  };
  const stops = [subscribeDemoRole(tell), subscribeSession(tell), subscribeAccess(tell)];
  tell();
  return () => stops.forEach((stop) => stop());
}

/** A control's props for a denied operation: disabled, the reason as its title and, given a note's id, its description. */
export function deniedProps(
  can: Can,
  describedBy?: string,
): { disabled?: true; title?: string; 'aria-describedby'?: string } {
  if (can.allowed) return {};
  return { disabled: true, title: can.reason, ...(describedBy ? { 'aria-describedby': describedBy } : {}) };
}
