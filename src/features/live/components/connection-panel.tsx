import { useEffect, useState } from 'react';
import { Badge } from '@/components/ui/badge';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { LazyPanel, retryableLazy } from '@/components/ui/lazy-panel';
import { Skeleton } from '@/components/ui/skeleton';
import { ObsServerProposal } from '@/components/obs-server-proposal';
import { OBS_STATUS_TONE, ObsConnectionNotices, ObsDemoHint } from '@/components/obs-status';
import { DEFAULT_SETTINGS } from '@/db/settings';
import { afterPaint } from '@/lib/idle';
import {
  defaultObsMode,
  obsMessages,
  obsStatusLabels,
  proposeServerMode,
  useObs,
  useObsSettings,
  type ObsState,
} from '@/lib/obs';

// The form loads beside the screen, not before its heading; its skeleton holds the form's height meanwhile.
const ObsConnection = retryableLazy(() =>
  import('@/components/obs-connection').then((m) => ({ default: m.ObsConnection })),
);

/** Connection status badge plus the reconnect / wrong-password notices. */
export function ObsStatusLine({ obs }: { obs: ObsState }) {
  return (
    <div className="space-y-2">
      <div className="flex flex-wrap items-center gap-2 text-sm">
        <Badge tone={OBS_STATUS_TONE[obs.status]} data-testid="obs-status">
          {obsStatusLabels[obs.status]}
        </Badge>
        {obs.url && obs.status !== 'disconnected' && <span className="text-muted-foreground">{obs.url}</span>}
        {obs.via === 'server' && obs.instance && obs.status !== 'disconnected' && (
          <span className="text-muted-foreground" data-testid="obs-via-server">
            {obs.instance} · {obsMessages.modeServer}
          </span>
        )}
      </div>
      <ObsConnectionNotices obs={obs} />
    </div>
  );
}

const FORM_HEIGHT = 'h-[338px] sm:h-[262px] lg:h-[298px]';

/** Host, port and password of OBS (shared with Admin → OBS WebSocket through Dexie and lib/obs). */
export function ConnectionPanel() {
  const obs = useObs();
  const settings = useObsSettings();
  // Asked for while the settings are read (the form shows a round trip sooner), once the screen's cards have painted;
  // a failure is the panel's own load's to report.
  useEffect(() => afterPaint(() => void ObsConnection.preload().catch(() => undefined)), []);
  // The host typed in the direct form (null: the server form), once the form has told it.
  const [typed, setTyped] = useState<string | null>();
  const [request, setRequest] = useState<{ mode: 'server' }>();
  // Until the stored settings are read, the defaults' form is the likely one.
  const expected = settings ?? DEFAULT_SETTINGS.obs;
  const directHost = typed === undefined ? (defaultObsMode(expected) === 'direct' ? expected.host : null) : typed;
  const useServer = () => {
    setTyped(null);
    setRequest({ mode: 'server' }); // the form switches and stores the choice
  };
  return (
    <Card>
      <CardHeader>
        <CardTitle>OBS Connection</CardTitle>
        <CardDescription>obs-websocket v5</CardDescription>
      </CardHeader>
      <CardContent className="space-y-4">
        <ObsStatusLine obs={obs} />
        {/* Drawn with the panel, not with the form's code: the stored host decides it until the form reports one. */}
        {directHost !== null && proposeServerMode(directHost) && (
          <ObsServerProposal host={directHost} onUseServer={useServer} />
        )}
        {/* The form's own height at each width, so nothing below it moves when the settings are read or the form comes. */}
        {settings ? (
          <LazyPanel className={FORM_HEIGHT}>
            <ObsConnection initial={settings} request={request} onDirectHost={setTyped} />
          </LazyPanel>
        ) : (
          <Skeleton className={FORM_HEIGHT} />
        )}
        <ObsDemoHint />
      </CardContent>
    </Card>
  );
}
