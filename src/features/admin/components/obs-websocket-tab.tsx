import { Eye, EyeOff, FlaskConical, Info, Plug, Unplug } from 'lucide-react';
import { useId, useState, type ChangeEvent, type FormEvent, type ReactNode } from 'react';
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
  testObsConnection,
  useObs,
  useObsSettings,
  type ObsSettings,
  type ObsState,
} from '@/lib/obs';

// Built by the Live Broadcast owner over lib/obs (the app's one OBS connection); mounted in the Admin tabs.

const STATUS_TONE = { connected: 'ok', connecting: 'info', reconnecting: 'warn', disconnected: 'neutral', 'auth-failed': 'error' } as const;

function StatusPanel({ obs, settings }: { obs: ObsState; settings: ObsSettings }) {
  const connected = obs.status === 'connected';
  const sceneKnown = connected ? obs.scenes.includes(settings.sceneName) : null;
  const rows: Array<[string, ReactNode]> = [
    ['Status', <Badge key="s" tone={STATUS_TONE[obs.status]}>{obsStatusLabels[obs.status]}</Badge>],
    ['Address', obs.url ?? '–'],
    ['OBS version', connected && obs.versions ? obs.versions.obsVersion : '–'],
    ['obs-websocket version', connected && obs.versions ? obs.versions.obsWebSocketVersion : '–'],
    ['Current scene', connected ? (obs.currentScene ?? '–') : '–'],
    ['Stream', connected ? (obs.streaming ? 'Live' : 'Offline') : '–'],
    ['Configured scene', sceneKnown === null ? settings.sceneName : `${settings.sceneName} (${sceneKnown ? 'found in OBS' : 'not in OBS'})`],
  ];
  return (
    <div className="space-y-3">
      <dl className="grid gap-x-4 gap-y-2 text-sm sm:grid-cols-2">
        {rows.map(([label, value]) => (
          <div key={label} className="flex items-center justify-between gap-2 border-b py-1">
            <dt className="text-muted-foreground">{label}</dt>
            <dd className="text-right font-medium" data-testid={`admin-obs-${label.toLowerCase().replace(/\s+/g, '-')}`}>
              {value}
            </dd>
          </div>
        ))}
      </dl>
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

function ObsForm({ initial }: { initial: ObsSettings }) {
  const obs = useObs();
  const id = useId();
  const [form, setForm] = useState({ ...initial, port: String(initial.port) });
  const [showPassword, setShowPassword] = useState(false);
  const [testing, setTesting] = useState(false);
  const busy = obs.status === 'connecting';
  const linked = obs.status === 'connected' || obs.status === 'reconnecting';
  const update = (key: keyof typeof form) => (event: ChangeEvent<HTMLInputElement>) => setForm((f) => ({ ...f, [key]: event.target.value }));

  function complete(): boolean {
    if (isEndpointComplete(form)) return true;
    toast.error('Fehler', { description: obsMessages.hostPortRequired });
    return false;
  }

  async function test() {
    if (!complete()) return;
    setTesting(true);
    try {
      const versions = await testObsConnection(form);
      toast.success(obsMessages.testOkTitle, { description: obsMessages.testOk(versions.obsVersion, versions.obsWebSocketVersion) });
    } catch (error) {
      const { description } = connectFailureMessage(error instanceof ObsConnectError ? error.failure : null);
      toast.error(obsMessages.testFailedTitle, { description });
    } finally {
      setTesting(false);
    }
  }

  async function connect(event: FormEvent) {
    event.preventDefault();
    if (!complete()) return;
    await saveObsSettings({ host: form.host.trim(), port: Number(form.port), password: form.password, sceneName: form.sceneName.trim(), sourceName: form.sourceName.trim() });
    try {
      await connectObs(form);
      toast.success(obsMessages.connectedTitle, { description: obsMessages.connected(`${form.host.trim()}:${form.port.trim()}`) });
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
          <Input id={`${id}-host`} value={form.host} onChange={update('host')} autoComplete="off" />
        </div>
        <div className="space-y-1.5">
          <Label htmlFor={`${id}-port`}>Port</Label>
          <Input id={`${id}-port`} value={form.port} onChange={update('port')} inputMode="numeric" />
        </div>
      </div>
      <div className="space-y-1.5">
        <Label htmlFor={`${id}-password`}>Password</Label>
        <div className="flex gap-2">
          <Input id={`${id}-password`} type={showPassword ? 'text' : 'password'} value={form.password} onChange={update('password')} autoComplete="off" />
          <Button type="button" variant="outline" size="icon" onClick={() => setShowPassword((v) => !v)} aria-label={showPassword ? 'Hide password' : 'Show password'} aria-pressed={showPassword}>
            {showPassword ? <EyeOff /> : <Eye />}
          </Button>
        </div>
      </div>
      <div className="grid gap-3 sm:grid-cols-2">
        <div className="space-y-1.5">
          <Label htmlFor={`${id}-scene`}>Scene name</Label>
          <Input id={`${id}-scene`} value={form.sceneName} onChange={update('sceneName')} />
        </div>
        <div className="space-y-1.5">
          <Label htmlFor={`${id}-source`}>Source name</Label>
          <Input id={`${id}-source`} value={form.sourceName} onChange={update('sourceName')} />
        </div>
      </div>
      <div className="flex flex-wrap gap-2">
        <Button type="button" variant="outline" onClick={() => void test()} disabled={testing}>
          <FlaskConical /> {testing ? 'Testing…' : 'Test'}
        </Button>
        <Button type="submit" disabled={busy}>
          <Plug /> {busy ? 'Connecting…' : 'Connect'}
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
          {settings ? <ObsForm initial={settings} /> : <Skeleton className="h-64" />}
          {getConfig().apiMode === 'mock' && (
            <p className="flex gap-2 rounded-md bg-sky-500/10 p-2 text-xs text-sky-800 dark:text-sky-300">
              <Info className="mt-0.5 size-3.5 shrink-0" aria-hidden />
              <span>{obsMessages.demoHint}</span>
            </p>
          )}
        </CardContent>
      </Card>
      <Card>
        <CardHeader>
          <CardTitle>Status</CardTitle>
          <CardDescription>The connection the Live Broadcast screen uses</CardDescription>
        </CardHeader>
        <CardContent>{settings ? <StatusPanel obs={obs} settings={settings} /> : <Skeleton className="h-40" />}</CardContent>
      </Card>
    </div>
  );
}
