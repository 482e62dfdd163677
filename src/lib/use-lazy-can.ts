// useCan for a screen whose first load is at its budget (Social): the check loads beside the screen, not in its first
// load; until then all is allowed and the server's refusal is the word.
import { useEffect, useState } from 'react';
import type { OperationId } from '@/contract';
import type { Can } from '@/lib/use-can';

/** Whether the signed-in role may call an operation, with lib/use-can loaded after the screen's first paint. */
export function useLazyCan(id: OperationId): Can {
  const [can, setCan] = useState<Can>({ allowed: true });
  useEffect(() => {
    let stop: (() => void) | undefined;
    let mounted = true;
    void import('@/lib/use-can').then((m) => {
      if (mounted) stop = m.watchCan(id, setCan);
    });
    return () => {
      mounted = false;
      stop?.();
    };
  }, [id]);
  return can;
}
