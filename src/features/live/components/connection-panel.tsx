import { Eye, EyeOff, Info, Plug, Unplug } from 'lucide-react';
import { useId, useState, type FormEvent } from 'react';
import { toast } from 'sonner';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { Skeleton } from '@/components/ui/skeleton';
import { getConfig } from '@/lib/config';
import {
  ObsConnectError,
  connectFailureMessage,
  connectObs,
  disconnectObs,
  isEndpointComplete,
  obsMessages,
  obsStatusLabels,
  saveObsSettings,
  useObs,
  useObsSettings,
  type ObsSettings,
  type ObsState,
} from '@/lib/obs';
import { liveMessages } from '../messages';

const STATUS_TONE = { connected: 'ok', connecting: 'info', reconnecting: 'warn', disconnected: 'neutral', 'auth-failed': 'error' } as const;

/** Connection status badge plus the reconnect / wrong-password notices. */
export function ObsStatusLine({ obs }: { obs: ObsState }) {
  return (
    <div className="space-y-2">
      <div className="flex flex-wrap items-center gap-2 text-sm">
        <Badge tone={STATUS_TONE[obs.status]} data-testid="obs-status">
          {obsStatusLabels[obs.status]}
        </Badge>
        {obs.url && obs.status !== 'disconnected' && <span className="text-muted-foreground">{obs.url}</span>}
      </div>
      {obs.status === 'reconnecting' && obs.reconnect && (
        <p role="status" className="rounded-md bg-amber-500/10 p-2 text-sm text-amber-800 dark:text-amber-300">
          {obsMessages.reconnecting(obs.reconnect.attempt, Math.round(obs.reconnect.delayMs / 1000))}
        </p>
      )}
      {obs.status === 'auth-failed' && (
        <p role="alert" className="rounded-md bg-red-500/10 p-2 text-sm text-red-700 dark:text-red-400">
          {obsMessages.authFailed}
        </p>
      )}
    </div>
  );
}

function ConnectionForm({ initial }: { initial: ObsSettings }) {
  const obs = useObs();
  const id = useId();
  const [host, setHost] = useState(initial.host);
  const [port, setPort] = useState(String(initial.port));
  const [password, setPassword] = useState(initial.password);
  const [showPassword, setShowPassword] = useState(false);
  const busy = obs.status === 'connecting';
  const linked = obs.status === 'connected' || obs.status === 'reconnecting';

  async function connect(event: FormEvent) {
    event.preventDefault();
    if (!isEndpointComplete({ host, port })) {
      toast.error(liveMessages.validationTitle, { description: obsMessages.hostPortRequired });
      return;
    }
    await saveObsSettings({ host: host.trim(), port: Number(port), password });
    try {
      await connectObs({ host, port, password });
      toast.success(obsMessages.connectedTitle, { description: obsMessages.connected(`${host.trim()}:${port.trim()}`) });
    } catch (error) {
      const { title, description } = connectFailureMessage(error instanceof ObsConnectError ? error.failure : null);
      toast.error(title, { description });
    }
  }

  return (
    <form onSubmit={(e) => void connect(e)} className="space-y-4" noValidate>
      <div className="grid gap-3 sm:grid-cols-[2fr_1fr]">
        <div className="space-y-1.5">
          <Label htmlFor={`${id}-host`}>Host</Label>
          <Input id={`${id}-host`} value={host} onChange={(e) => setHost(e.target.value)} autoComplete="off" disabled={busy} />
        </div>
        <div className="space-y-1.5">
          <Label htmlFor={`${id}-port`}>Port</Label>
          <Input id={`${id}-port`} value={port} onChange={(e) => setPort(e.target.value)} inputMode="numeric" disabled={busy} />
        </div>
      </div>
      <div className="space-y-1.5">
        <Label htmlFor={`${id}-password`}>Password</Label>
        <div className="flex gap-2">
          <Input
            id={`${id}-password`}
            type={showPassword ? 'text' : 'password'}
            value={password}
            onChange={(e) => setPassword(e.target.value)}
            autoComplete="off"
            disabled={busy}
          />
          <Button type="button" variant="outline" size="icon" onClick={() => setShowPassword((v) => !v)} aria-label={showPassword ? 'Hide password' : 'Show password'} aria-pressed={showPassword}>
            {showPassword ? <EyeOff /> : <Eye />}
          </Button>
        </div>
      </div>
      <div className="flex flex-wrap gap-2">
        <Button type="submit" disabled={busy}>
          <Plug /> {busy ? 'Connecting…' : linked ? 'Reconnect' : 'Connect'}
        </Button>
        {(linked || obs.status === 'auth-failed') && (
          <Button type="button" variant="outline" onClick={() => void disconnectObs().then(() => toast.info(obsMessages.disconnected))}>
            <Unplug /> Disconnect
          </Button>
        )}
      </div>
    </form>
  );
}

/** Host, port and password of OBS (shared with Admin → OBS WebSocket through Dexie and lib/obs). */
export function ConnectionPanel() {
  const obs = useObs();
  const settings = useObsSettings();
  return (
    <Card>
      <CardHeader>
        <CardTitle>OBS Connection</CardTitle>
        <CardDescription>obs-websocket v5</CardDescription>
      </CardHeader>
      <CardContent className="space-y-4">
        <ObsStatusLine obs={obs} />
        {settings ? <ConnectionForm initial={settings} /> : <Skeleton className="h-40" />}
        {getConfig().apiMode === 'mock' && (
          <p className="flex gap-2 rounded-md bg-sky-500/10 p-2 text-xs text-sky-800 dark:text-sky-300">
            <Info className="mt-0.5 size-3.5 shrink-0" aria-hidden />
            <span>{obsMessages.demoHint}</span>
          </p>
        )}
      </CardContent>
    </Card>
  );
}
