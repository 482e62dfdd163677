import { useLiveQuery } from '@/db/live-query';
import { Inbox } from 'lucide-react';
import { Link } from 'react-router-dom';
import { waitingCount } from '@/db/outbox';

/** Shell badge: how many posts wait in the outbox (queued, sending, or failed and waiting for the operator). */
export function OutboxBadge() {
  const count = useLiveQuery(() => waitingCount(), [], 0);
  if (!count) return null;
  const label = count === 1 ? '1 Post im Postausgang' : `${count} Posts im Postausgang`;
  return (
    <Link
      to="/dashboard/social?tab=outbox"
      aria-label={label}
      title={label}
      data-testid="outbox-badge"
      className="inline-flex min-h-10 items-center gap-1.5 rounded-md border border-amber-500/40 bg-amber-500/15 px-2.5 text-xs font-semibold text-amber-800 hover:bg-amber-500/25 dark:text-amber-300"
    >
      <Inbox className="size-4" aria-hidden />
      <span>{count}</span>
    </Link>
  );
}
