import { Server } from 'lucide-react';
import { Button } from '@/components/ui/button';
import { isLoopbackHost } from '@/lib/obs/mode';
import { obsMessages } from '@/lib/obs/messages';

/** Why the direct way will not reach OBS at `host` from here, and the button that switches to the server. */
export function ObsServerProposal({ host, onUseServer }: { host: string; onUseServer: () => void }) {
  const bare = host.trim();
  return (
    <div role="note" className="space-y-2 rounded-md bg-amber-500/10 p-2 text-sm text-amber-800 dark:text-amber-300">
      <p>{isLoopbackHost(bare) ? obsMessages.loopbackHint(bare) : obsMessages.lanHint(bare)}</p>
      <Button type="button" size="sm" variant="outline" onClick={onUseServer}>
        <Server /> {obsMessages.useServer}
      </Button>
    </div>
  );
}
