import { PageHeader } from '@/components/ui/page-header';
import { screenHeader } from '../messages';
import { useObs } from '@/lib/obs';
import { ConnectionPanel } from './connection-panel';
import { QuickText } from './quick-text';
import { SceneList } from './scene-list';
import { ScheduledBroadcasts } from './scheduled-broadcasts';
import { StreamControl } from './stream-control';
import { TelegramNotify } from './telegram-notify';
import { ViewerCounter } from './viewer-counter';

/** Live Broadcast: a remote for OBS Studio over obs-websocket v5. */
export function LivePage() {
  const obs = useObs();
  return (
    <div className="space-y-6">
      <PageHeader {...screenHeader} />
      <div className="grid gap-6 lg:grid-cols-3">
        <div className="space-y-6 lg:col-span-1">
          <ConnectionPanel />
          <ViewerCounter streaming={obs.streaming} />
        </div>
        <div className="space-y-6 lg:col-span-2">
          <SceneList />
          <StreamControl />
          <div className="grid gap-6 md:grid-cols-2">
            <QuickText />
            <TelegramNotify />
          </div>
          <ScheduledBroadcasts />
        </div>
      </div>
    </div>
  );
}
