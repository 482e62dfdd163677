import { Loader2 } from 'lucide-react';
import { useId, useState } from 'react';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { Skeleton } from '@/components/ui/skeleton';
import { Switch } from '@/components/ui/switch';
import { toast } from '@/components/ui/toast';
import type { DeskSettings } from '@/contract';
import { deniedProps, useCan } from '@/lib/use-can';
import { useDeskSettings } from '../api/get-desk-settings';
import { useUpdateDeskSettings } from '../api/update-desk-settings';
import { serverMessage } from '../lib/server-message';

const MEDIA_SOURCE_MAX = 256;

// Its German texts load with the card (in the OBS tab's chunk), not with the Admin screen's first chunk.
const texts = {
  saved: 'Einstellung gespeichert',
  on: 'Veröffentlichte Meldungen gehen auf Sendung.',
  off: 'Veröffentlichte Meldungen gehen nicht mehr von selbst auf Sendung.',
  mediaSaved: (name: string) =>
    name ? `Das Video einer Meldung läuft in „${name}“.` : 'Es wird keine Medienquelle mehr gesetzt.',
  saveFailed: 'Einstellung konnte nicht gespeichert werden',
  loadFailed: 'Einstellung konnte nicht geladen werden.',
  tooLong: 'Höchstens 256 Zeichen.',
} as const;

function OnAirForm({ saved }: { saved: DeskSettings['onAir'] }) {
  const base = useId();
  const toggle = useUpdateDeskSettings(texts.saveFailed);
  const media = useUpdateDeskSettings(texts.saveFailed);
  // The desk's settings are an Admin's: others see them, the controls say why they are off.
  const may = useCan('settings.update');
  const deniedId = `${base}-denied`;
  const [mediaSource, setMediaSource] = useState(saved.mediaSource);
  const [error, setError] = useState<string>();
  const dirty = mediaSource.trim() !== saved.mediaSource;
  // While the switch is being saved it shows the new position; a refusal puts it back (the saved value).
  const enabled =
    toggle.isPending && toggle.variables.onAir?.enabled !== undefined ? toggle.variables.onAir.enabled : saved.enabled;

  const onToggle = (on: boolean) =>
    toggle.mutate(
      { onAir: { enabled: on } },
      { onSuccess: () => toast.success(texts.saved, { description: on ? texts.on : texts.off }) },
    );

  const saveMedia = () => {
    const name = mediaSource.trim();
    if (name.length > MEDIA_SOURCE_MAX) return setError(texts.tooLong);
    setError(undefined);
    media.mutate(
      { onAir: { mediaSource: name } },
      {
        onSuccess: (settings) => {
          setMediaSource(settings.onAir.mediaSource);
          toast.success(texts.saved, { description: texts.mediaSaved(settings.onAir.mediaSource) });
        },
      },
    );
  };

  return (
    <div className="space-y-6">
      {may.reason && (
        <p id={deniedId} role="note" className="text-sm text-muted-foreground">
          {may.reason}
        </p>
      )}
      <div className="flex min-h-11 items-center justify-between gap-4">
        <div className="space-y-0.5">
          <Label htmlFor={`${base}-enabled`}>Schlagzeile auf Sendung</Label>
          <p id={`${base}-enabled-hint`} className="text-sm text-muted-foreground">
            Wird eine Meldung veröffentlicht, setzt der Server ihre Schlagzeile in die Quick-Text-Quelle von OBS und ihr
            Video in die Medienquelle.
          </p>
        </div>
        <Switch
          id={`${base}-enabled`}
          aria-describedby={`${base}-enabled-hint`}
          checked={enabled}
          disabled={toggle.isPending}
          {...deniedProps(may, `${base}-enabled-hint ${deniedId}`)}
          onCheckedChange={onToggle}
        />
      </div>
      <form
        className="space-y-3"
        noValidate
        data-unsaved={dirty ? 'true' : undefined}
        onSubmit={(e) => {
          e.preventDefault();
          saveMedia();
        }}
      >
        <div className="space-y-1.5">
          <Label htmlFor={`${base}-media`}>Medienquelle für das Video</Label>
          <p id={`${base}-media-hint`} className="text-sm text-muted-foreground">
            Name einer Medienquelle (ffmpeg_source) in OBS; sie spielt das Video von der öffentlichen Adresse der
            Meldung. Leer: kein Video.
          </p>
          <Input
            id={`${base}-media`}
            value={mediaSource}
            placeholder="AI News Video"
            readOnly={!may.allowed}
            aria-invalid={error ? true : undefined}
            aria-describedby={error ? `${base}-media-hint ${base}-media-error` : `${base}-media-hint`}
            onChange={(e) => {
              setMediaSource(e.target.value);
              setError(undefined);
            }}
          />
          {error && (
            <p id={`${base}-media-error`} role="alert" className="text-sm text-red-700 dark:text-red-400">
              {error}
            </p>
          )}
        </div>
        <Button type="submit" disabled={media.isPending} {...deniedProps(may, deniedId)} aria-busy={media.isPending}>
          {media.isPending && <Loader2 aria-hidden className="animate-spin" />}
          Speichern
        </Button>
      </form>
    </div>
  );
}

/** „Schlagzeile auf Sendung“: whether a published story goes on air in the server's OBS, and which media source plays its video. */
export function OnAirCard() {
  const settings = useDeskSettings();
  return (
    <Card className="lg:col-span-2">
      <CardHeader>
        <CardTitle>On air</CardTitle>
        <CardDescription>
          Veröffentlichte Meldungen in OBS – über die Verbindung des Servers (OBS_URL); OBS muss nicht auf dem Server
          laufen.
        </CardDescription>
      </CardHeader>
      <CardContent>
        {settings.isPending && <Skeleton className="h-40 w-full" />}
        {settings.isError && (
          <div role="alert" className="space-y-2 text-sm text-red-700 dark:text-red-400">
            <p>
              {texts.loadFailed} <span className="block text-xs">{serverMessage(settings.error)}</span>
            </p>
            <Button variant="outline" onClick={() => void settings.refetch()}>
              Erneut laden
            </Button>
          </div>
        )}
        {settings.data && <OnAirForm saved={settings.data.onAir} />}
      </CardContent>
    </Card>
  );
}
