import { useQuery } from '@tanstack/react-query';
import type { ObsInstanceInfo } from '@/contract';
import { Eye, EyeOff, FlaskConical, Plug, Server, Unplug } from 'lucide-react';
import { ObsServerProposal } from '@/components/obs-server-proposal';
import { obsFormMessages } from '@/lib/obs/form-messages';
import { useEffect, useId, useState, type ChangeEvent, type FormEvent } from 'react';
import { whenIdle } from '@/lib/idle';
import { NativeSelect } from '@/components/ui/native-select';
import { toast } from '@/components/ui/toast';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
import { Skeleton } from '@/components/ui/skeleton';
import { Label } from '@/components/ui/label';
import { storageFailureMessage } from '@/db/storage-errors';
import {
  obsInstancesQuery,
  ObsConnectError,
  connectFailureMessage,
  connectObs,
  connectObsViaServer,
  defaultObsMode,
  disconnectObs,
  preloadObsCommands,
  proposeServerMode,
  isEndpointComplete,
  obsMessages,
  saveObsSettings,
  testObsConnection,
  type ObsServerChoice,
  useObs,
  type ObsSettings,
} from '@/lib/obs';

// The OBS connection form of both the Live Broadcast screen and Admin → OBS WebSocket: one form over the app's one
// connection (lib/obs) and the settings both screens share in Dexie, so the two cannot drift apart.

type FormState = { host: string; port: string; password: string; sceneName: string; sourceName: string };
type Mode = 'direct' | 'server';

/** Direct from the browser or through the Newsdesk server; the choice is stored with the OBS settings. */
function ModeChoice({ mode, onChange }: { mode: Mode; onChange: (mode: Mode) => void }) {
  const id = useId();
  return (
    <fieldset className="space-y-1.5">
      <legend className="text-sm font-medium">{obsFormMessages.modeLabel}</legend>
      <div className="flex flex-wrap gap-4 text-sm">
        {(['direct', 'server'] as const).map((value) => (
          <label key={value} htmlFor={`${id}-${value}`} className="flex items-center gap-2">
            <input
              id={`${id}-${value}`}
              type="radio"
              name={`${id}-mode`}
              value={value}
              checked={mode === value}
              onChange={() => onChange(value)}
            />
            {value === 'direct' ? obsFormMessages.modeDirect : obsMessages.modeServer}
          </label>
        ))}
      </div>
    </fieldset>
  );
}

/**
 * Server mode with `full` (Admin): the scene and quick-text source of the chosen instance, picked from the server's lists
 * (GET /obs/instances); '' keeps what the server uses itself. No address or password: those stay on the server.
 */
function ServerSceneSource({
  instance,
  choice,
  onChange,
  busy,
}: {
  instance: ObsInstanceInfo;
  choice: ObsServerChoice;
  onChange: (choice: ObsServerChoice) => void;
  busy: boolean;
}) {
  const id = useId();
  const scenes = [...new Set([...(instance.scenes ?? []), ...(choice.sceneName ? [choice.sceneName] : [])])];
  const sources = [
    ...new Set([...(instance.textSources ?? []), ...(choice.sourceName ? [choice.sourceName] : [])]),
  ].filter((s) => s !== instance.textSource);
  const source = choice.sourceName || instance.textSource || '';
  return (
    <div className="space-y-2">
      <div className="grid gap-3 sm:grid-cols-2">
        <div className="space-y-1.5">
          <Label htmlFor={`${id}-scene`}>Scene name</Label>
          <NativeSelect
            id={`${id}-scene`}
            value={choice.sceneName ?? ''}
            onValueChange={(value) => onChange({ ...choice, sceneName: value || undefined })}
            disabled={busy}
            options={[
              {
                value: '',
                label: instance.currentScene ? obsFormMessages.serverCurrentScene(instance.currentScene) : '–',
              },
              ...scenes.map((name) => ({ value: name, label: name })),
            ]}
          />
        </div>
        <div className="space-y-1.5">
          <Label htmlFor={`${id}-source`}>Source name</Label>
          <NativeSelect
            id={`${id}-source`}
            value={choice.sourceName ?? ''}
            onValueChange={(value) => onChange({ ...choice, sourceName: value || undefined })}
            disabled={busy}
            options={[
              { value: '', label: instance.textSource ? obsFormMessages.serverDefault(instance.textSource) : '–' },
              ...sources.map((name) => ({ value: name, label: name })),
            ]}
          />
        </div>
      </div>
      {source && (
        <p className="text-xs text-muted-foreground" data-testid="obs-server-source">
          {obsFormMessages.serverSourceHint(source)}
        </p>
      )}
      {instance.state !== 'connected' && (
        <p className="text-xs text-muted-foreground">{obsFormMessages.serverListsPending}</p>
      )}
    </div>
  );
}

/** Server mode: the server's OBS instances (a list to pick from when there are several) and Connect / Disconnect. */
function ServerModeForm({ initial, full }: { initial: ObsSettings; full: boolean }) {
  const obs = useObs();
  const id = useId();
  const instances = useQuery(obsInstancesQuery());
  const [picked, setPicked] = useState(initial.instance ?? '');
  const [choices, setChoices] = useState<Record<string, ObsServerChoice>>(initial.serverChoices ?? {});
  const busy = obs.status === 'connecting';
  const list = instances.data ?? [];
  const chosen = list.some((i) => i.name === picked) ? picked : (list[0]?.name ?? '');
  const current = list.find((i) => i.name === chosen);
  // A pick is stored at once (Quick Text on the Live screen uses it), like the mode choice.
  const pick = (name: string, choice: ObsServerChoice) => {
    const next = { ...choices, [name]: choice };
    setChoices(next);
    void saveObsSettings({ serverChoices: next }).catch((error: unknown) => toast.error(storageFailureMessage(error)));
  };

  async function connect(event: FormEvent) {
    event.preventDefault();
    try {
      await saveObsSettings({ mode: 'server', ...(chosen ? { instance: chosen } : {}) });
    } catch (error) {
      toast.error(storageFailureMessage(error));
    }
    try {
      const info = await connectObsViaServer(chosen || undefined);
      toast.success(obsFormMessages.connectedTitle, { description: obsFormMessages.connectedViaServer(info.name) });
    } catch (error) {
      const failure = error instanceof ObsConnectError ? error.failure : null;
      const { title, description } = connectFailureMessage(failure);
      // The server's own German reason (e.g. 'OBS ist nicht konfiguriert.') follows the SPEC text.
      toast.error(title, {
        description: failure?.kind === 'connect' && failure.message ? `${description} ${failure.message}` : description,
      });
    }
  }

  const linked = obs.via === 'server' && (obs.status === 'connected' || obs.status === 'reconnecting');
  return (
    <form onSubmit={(e) => void connect(e)} className="space-y-4" noValidate>
      <p className="flex gap-2 text-xs text-muted-foreground">
        <Server className="mt-0.5 size-3.5 shrink-0" aria-hidden />
        <span>{obsFormMessages.serverHint}</span>
      </p>
      {/* Label and a field's height in every state, so Connect does not move under the pointer when the list comes. */}
      <div className="space-y-1.5">
        <Label htmlFor={`${id}-instance`}>{obsFormMessages.instanceLabel}</Label>
        {list.length > 1 ? (
          <NativeSelect
            id={`${id}-instance`}
            value={chosen}
            onValueChange={setPicked}
            disabled={busy}
            options={list.map((i) => ({ value: i.name, label: `${i.name} (${i.url})` }))}
          />
        ) : instances.isPending ? (
          <Skeleton className="h-10" />
        ) : (
          <output
            id={`${id}-instance`}
            className="flex min-h-10 items-center rounded-md border border-input bg-muted/40 px-3 text-sm"
          >
            <span className="truncate">
              {current ? `${current.name} (${current.url})` : instances.isError ? '–' : obsFormMessages.serverNone}
            </span>
          </output>
        )}
      </div>
      <div className="flex flex-wrap gap-2">
        <Button type="submit" disabled={busy}>
          <Plug /> {busy ? 'Connecting…' : linked ? 'Reconnect' : 'Connect'}
        </Button>
        {obs.via === 'server' && (linked || obs.status === 'auth-failed' || obs.status === 'refused') && (
          <Button
            type="button"
            variant="outline"
            onClick={() => void disconnectObs().then(() => toast.info(obsFormMessages.disconnected))}
          >
            <Unplug /> Disconnect
          </Button>
        )}
      </div>
      {full && current && (
        <ServerSceneSource
          instance={current}
          choice={choices[current.name] ?? {}}
          busy={busy}
          onChange={(choice) => pick(current.name, choice)}
        />
      )}
    </form>
  );
}

/**
 * The connection mode choice over the direct form or the server form; live over https with a LAN address proposes the
 * server. It follows the stored mode when that changes (another screen or tab chose) and each new `request`. With
 * `onDirectHost` the caller shows that proposal itself: it is told the host typed in direct mode, and null in server mode.
 */
export function ObsConnection({
  initial,
  full = false,
  request,
  onDirectHost,
}: {
  initial: ObsSettings;
  full?: boolean;
  /** A mode the caller switched to (a new object each time). */
  request?: { mode: Mode };
  onDirectHost?: (host: string | null) => void;
}) {
  const stored = defaultObsMode(initial);
  const [mode, setMode] = useState<Mode>(request?.mode ?? stored);
  const [seen, setSeen] = useState({ stored, request });
  if (stored !== seen.stored || request !== seen.request) {
    setSeen({ stored, request });
    setMode(request && request !== seen.request ? request.mode : stored);
  }
  // The connection code loads after the form has rendered, so that Connect does not wait for it.
  useEffect(() => whenIdle(preloadObsCommands), []);
  // A direct form starts from the stored host (typing reports each change); the server form has none.
  useEffect(() => {
    onDirectHost?.(mode === 'direct' ? initial.host : null);
  }, [mode, initial.host, onDirectHost]);
  const store = (next: Mode) =>
    void saveObsSettings({ mode: next }).catch((error: unknown) => toast.error(storageFailureMessage(error)));
  const choose = (next: Mode) => {
    setMode(next);
    store(next);
  };
  useEffect(() => {
    if (request) store(request.mode);
  }, [request]);
  return (
    <div className="space-y-4">
      <ModeChoice mode={mode} onChange={choose} />
      {mode === 'direct' ? (
        <ObsConnectionForm
          initial={initial}
          full={full}
          {...(onDirectHost ? { onHost: onDirectHost } : { onUseServer: () => choose('server') })}
        />
      ) : (
        <ServerModeForm initial={initial} full={full} />
      )}
    </div>
  );
}

/**
 * Host, port and password (plus scene and source name and a Test button with `full`); Connect saves the settings and
 * connects, Disconnect ends the connection. Missing host or port: 'Bitte Host und Port eingeben.' titled 'Fehler'.
 */
export function ObsConnectionForm({
  initial,
  full = false,
  onUseServer,
  onHost,
}: {
  initial: ObsSettings;
  full?: boolean;
  onUseServer?: () => void;
  /** Told each host the operator types. */
  onHost?: (host: string) => void;
}) {
  const obs = useObs();
  const id = useId();
  const [form, setForm] = useState<FormState>({ ...initial, port: String(initial.port) });
  const [showPassword, setShowPassword] = useState(false);
  const [testing, setTesting] = useState(false);
  const busy = obs.status === 'connecting';
  // Typed but not yet saved by Connect: an automatic update must not reload over it.
  const unsaved = (Object.keys(form) as Array<keyof FormState>).some((k) => form[k] !== String(initial[k]));
  const linked = obs.status === 'connected' || obs.status === 'reconnecting';
  const update = (key: keyof FormState) => (event: ChangeEvent<HTMLInputElement>) => {
    const value = event.target.value;
    setForm((f) => ({ ...f, [key]: value }));
    if (key === 'host') onHost?.(value);
  };

  function complete(): boolean {
    if (isEndpointComplete(form)) return true;
    toast.error(obsFormMessages.validationTitle, { description: obsFormMessages.hostPortRequired });
    return false;
  }

  async function test() {
    if (!complete()) return;
    setTesting(true);
    try {
      const versions = await testObsConnection(form);
      toast.success(obsFormMessages.testOkTitle, {
        description: obsFormMessages.testOk(versions.obsVersion, versions.obsWebSocketVersion),
      });
    } catch (error) {
      const { description } = connectFailureMessage(error instanceof ObsConnectError ? error.failure : null);
      toast.error(obsFormMessages.testFailedTitle, { description });
    } finally {
      setTesting(false);
    }
  }

  async function connect(event: FormEvent) {
    event.preventDefault();
    if (!complete()) return;
    const endpoint = { host: form.host.trim(), port: Number(form.port), password: form.password };
    try {
      await saveObsSettings(
        full ? { ...endpoint, sceneName: form.sceneName.trim(), sourceName: form.sourceName.trim() } : endpoint,
      );
    } catch (error) {
      // Not stored (storage full): the form keeps what was typed, and connecting still works for this session.
      toast.error(storageFailureMessage(error));
    }
    try {
      await connectObs(form);
      toast.success(obsFormMessages.connectedTitle, {
        description: obsFormMessages.connected(`${form.host.trim()}:${form.port.trim()}`),
      });
    } catch (error) {
      const { title, description } = connectFailureMessage(error instanceof ObsConnectError ? error.failure : null);
      toast.error(title, { description });
    }
  }

  return (
    <form
      onSubmit={(e) => void connect(e)}
      className="space-y-4"
      noValidate
      data-unsaved={unsaved ? 'true' : undefined}
    >
      {onUseServer && proposeServerMode(form.host) && <ObsServerProposal host={form.host} onUseServer={onUseServer} />}
      <div className="grid gap-3 sm:grid-cols-[2fr_1fr]">
        <div className="space-y-1.5">
          <Label htmlFor={`${id}-host`}>Host</Label>
          <Input id={`${id}-host`} value={form.host} onChange={update('host')} autoComplete="off" disabled={busy} />
        </div>
        <div className="space-y-1.5">
          <Label htmlFor={`${id}-port`}>Port</Label>
          <Input id={`${id}-port`} value={form.port} onChange={update('port')} inputMode="numeric" disabled={busy} />
        </div>
      </div>
      <div className="space-y-1.5">
        <Label htmlFor={`${id}-password`}>Password</Label>
        <div className="flex gap-2">
          <Input
            id={`${id}-password`}
            type={showPassword ? 'text' : 'password'}
            value={form.password}
            onChange={update('password')}
            autoComplete="off"
            disabled={busy}
          />
          <Button
            type="button"
            variant="outline"
            size="icon"
            onClick={() => setShowPassword((v) => !v)}
            aria-label={showPassword ? 'Hide password' : 'Show password'}
            aria-pressed={showPassword}
          >
            {showPassword ? <EyeOff /> : <Eye />}
          </Button>
        </div>
      </div>
      {full && (
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
      )}
      <div className="flex flex-wrap gap-2">
        {full && (
          <Button type="button" variant="outline" onClick={() => void test()} disabled={testing}>
            <FlaskConical /> {testing ? 'Testing…' : 'Test'}
          </Button>
        )}
        <Button type="submit" disabled={busy}>
          <Plug /> {busy ? 'Connecting…' : linked ? 'Reconnect' : 'Connect'}
        </Button>
        {(linked || obs.status === 'auth-failed' || obs.status === 'refused') && (
          <Button
            type="button"
            variant="outline"
            onClick={() => void disconnectObs().then(() => toast.info(obsFormMessages.disconnected))}
          >
            <Unplug /> Disconnect
          </Button>
        )}
      </div>
    </form>
  );
}
