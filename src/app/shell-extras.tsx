import { OutboxBadge } from './outbox-badge';
import { UserMenu } from './user-menu';

/** The shell's parts that wait for the first paint: the outbox badge and the user menu. */
export function ShellExtras() {
  return (
    <>
      <OutboxBadge />
      <UserMenu />
    </>
  );
}
