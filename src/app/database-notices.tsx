import { useEffect } from 'react';
import { toast } from '@/components/ui/toast';
import { loadDatabase } from '@/db/lazy';
import type { DatabaseEvent } from '@/db/lifecycle';
import { extrasMessages } from './extras-messages';

const TEXT: Record<DatabaseEvent, string> = {
  'upgraded-elsewhere': extrasMessages.dbUpgraded,
  blocked: extrasMessages.dbBlocked,
  wiped: extrasMessages.dbWiped,
};

const reloadPage = () => location.reload();

/** Says in German when another tab upgraded the database, an upgrade is blocked, or the site data were cleared. */
export function DatabaseNotices({ reload = reloadPage, onWatching }: { reload?: () => void; onWatching?: () => void }) {
  useEffect(() => {
    let stop: (() => void) | undefined;
    let cancelled = false;
    // Lazy, like every Dexie use of the shell: the first render does not wait for it.
    void Promise.all([loadDatabase(), import('@/db/lifecycle')])
      .then(([{ db }, { watchDatabase }]) => {
        if (cancelled) return;
        stop = watchDatabase(db, (event) =>
          toast.warning(TEXT[event], {
            id: `db-${event}`,
            duration: Infinity,
            // A blocked upgrade clears itself once the other tabs close; the others need a reload.
            action: event === 'blocked' ? undefined : { label: extrasMessages.reload, onClick: reload },
          }),
        );
        onWatching?.();
      })
      .catch((error: unknown) =>
        console.warn('Datenbank wird nicht überwacht.', error instanceof Error ? error.message : error),
      );
    return () => {
      cancelled = true;
      stop?.();
    };
  }, [reload, onWatching]);
  return null;
}
