import { type ReactNode } from 'react';
import { Badge } from '@/components/ui/badge';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { Skeleton } from '@/components/ui/skeleton';
import { ObsConnection } from '@/components/obs-connection';
import { OBS_STATUS_TONE, ObsConnectionNotices, ObsDemoHint } from '@/components/obs-status';
import { obsStatusLabels, serverChoiceOf, useObs, useObsSettings, type ObsSettings, type ObsState } from '@/lib/obs';
import { OnAirCard } from './on-air-card';

// The status of the app's one OBS connection (lib/obs) next to the form the Live screen shares (components/obs-connection).

function StatusPanel({ obs, settings }: { obs: ObsState; settings: ObsSettings }) {
  const connected = obs.status === 'connected';
  // Through the server: the scene picked for its instance (none picked: the server's own program scene counts).
  const sceneName =
    obs.via === 'server'
      ? (serverChoiceOf(settings, obs.instance).sceneName ?? obs.currentScene ?? '–')
      : settings.sceneName;
  const sceneKnown = connected ? obs.scenes.includes(sceneName) : null;
  const rows: Array<[string, ReactNode]> = [
    [
      'Status',
      <Badge key="s" tone={OBS_STATUS_TONE[obs.status]}>
        {obsStatusLabels[obs.status]}
      </Badge>,
    ],
    ['Address', obs.url ?? '–'],
    ['OBS version', connected && obs.versions ? obs.versions.obsVersion : '–'],
    ['obs-websocket version', connected && obs.versions ? obs.versions.obsWebSocketVersion : '–'],
    ['Current scene', connected ? (obs.currentScene ?? '–') : '–'],
    ['Stream', connected ? (obs.streaming ? 'Live' : 'Offline') : '–'],
    [
      'Configured scene',
      sceneKnown === null ? sceneName : `${sceneName} (${sceneKnown ? 'found in OBS' : 'not in OBS'})`,
    ],
  ];
  return (
    <div className="space-y-3">
      <dl className="grid gap-x-4 gap-y-2 text-sm sm:grid-cols-2">
        {rows.map(([label, value]) => (
          <div key={label} className="flex items-center justify-between gap-2 border-b py-1">
            <dt className="text-muted-foreground">{label}</dt>
            <dd
              className="text-right font-medium"
              data-testid={`admin-obs-${label.toLowerCase().replace(/\s+/g, '-')}`}
            >
              {value}
            </dd>
          </div>
        ))}
      </dl>
      <ObsConnectionNotices obs={obs} />
    </div>
  );
}

/** Admin → OBS WebSocket: the broadcast-software settings, Test, Connect and the shared connection's status. */
export function ObsWebSocketTab() {
  const obs = useObs();
  const settings = useObsSettings();
  return (
    <div className="grid gap-6 lg:grid-cols-2">
      <Card>
        <CardHeader>
          <CardTitle>OBS WebSocket</CardTitle>
          <CardDescription>obs-websocket v5 (OBS Studio 28 or newer)</CardDescription>
        </CardHeader>
        <CardContent className="space-y-4">
          {settings ? <ObsConnection initial={settings} full /> : <Skeleton className="h-64" />}
          <ObsDemoHint />
        </CardContent>
      </Card>
      <Card>
        <CardHeader>
          <CardTitle>Status</CardTitle>
          <CardDescription>The connection the Live Broadcast screen uses</CardDescription>
        </CardHeader>
        <CardContent>
          {settings ? <StatusPanel obs={obs} settings={settings} /> : <Skeleton className="h-40" />}
        </CardContent>
      </Card>
      <OnAirCard />
    </div>
  );
}
