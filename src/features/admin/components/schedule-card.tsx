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
import { loadContract } from '@/lib/api/client';
import { useDeskSettings } from '../api/get-desk-settings';
import { deniedProps, useCan } from '@/lib/use-can';
import { useUpdateDeskSettings } from '../api/update-desk-settings';
import { serverMessage } from '../lib/server-message';
import { messages } from '../messages';

type Schedule = DeskSettings['schedule'];

/** The interval checked with the contract's schema (its German limits); anything but a whole number gets ours. */
async function checkInterval(value: string): Promise<{ ok: true; minutes: number } | { ok: false; error: string }> {
  const minutes = value.trim() === '' ? Number.NaN : Number(value);
  if (!Number.isInteger(minutes)) return { ok: false, error: messages.schedule.interval };
  const { schemas } = await loadContract();
  const result = schemas.DeskSettingsPatch.safeParse({ schedule: { everyMinutes: minutes } });
  if (result.success) return { ok: true, minutes };
  const limit = result.error.issues.find((i) => i.code === 'too_small' || i.code === 'too_big');
  return { ok: false, error: limit?.message ?? messages.schedule.interval };
}

function ScheduleForm({ saved }: { saved: Schedule }) {
  const base = useId();
  const update = useUpdateDeskSettings(messages.schedule.saveFailed);
  // The schedule is an Admin's: others see it, the controls say why they are off.
  const may = useCan('settings.update');
  const deniedId = `${base}-denied`;
  const [enabled, setEnabled] = useState(saved.enabled);
  const [minutes, setMinutes] = useState(String(saved.everyMinutes));
  const [error, setError] = useState<string | null>(null);
  const dirty = enabled !== saved.enabled || minutes !== String(saved.everyMinutes);

  const save = async () => {
    const checked = await checkInterval(minutes);
    if (!checked.ok) {
      setError(checked.error);
      return;
    }
    setError(null);
    update.mutate(
      { schedule: { enabled, everyMinutes: checked.minutes } },
      { onSuccess: () => toast.success(messages.schedule.saved) },
    );
  };

  return (
    <form
      className="space-y-4"
      noValidate
      data-unsaved={dirty ? 'true' : undefined}
      onSubmit={(e) => {
        e.preventDefault();
        void save();
      }}
    >
      {may.reason && (
        <p id={deniedId} role="note" className="text-sm text-muted-foreground">
          {may.reason}
        </p>
      )}
      <div className="flex items-center gap-3">
        <Switch id={`${base}-enabled`} checked={enabled} {...deniedProps(may, deniedId)} onCheckedChange={setEnabled} />
        <Label htmlFor={`${base}-enabled`}>Runs automatisch starten</Label>
      </div>
      <div className="max-w-xs space-y-1.5">
        <Label htmlFor={`${base}-minutes`}>Intervall (Minuten)</Label>
        <Input
          id={`${base}-minutes`}
          type="number"
          inputMode="numeric"
          min={5}
          max={1440}
          step={1}
          value={minutes}
          readOnly={!may.allowed}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? `${base}-minutes-error` : undefined}
          onChange={(e) => setMinutes(e.target.value)}
        />
        {error && (
          <p id={`${base}-minutes-error`} role="alert" className="text-sm text-red-700 dark:text-red-400">
            {error}
          </p>
        )}
      </div>
      <Button type="submit" disabled={update.isPending} {...deniedProps(may, deniedId)} aria-busy={update.isPending}>
        {update.isPending && <Loader2 aria-hidden className="animate-spin" />}
        Speichern
      </Button>
    </form>
  );
}

/** Zeitplan: whether the server starts runs by itself, and how often (settings.get / settings.update). */
export function ScheduleCard() {
  const settings = useDeskSettings();
  return (
    <Card>
      <CardHeader>
        <CardTitle>Zeitplan</CardTitle>
        <CardDescription>Der Server startet Runs in festem Abstand, solange der Zeitplan an ist.</CardDescription>
      </CardHeader>
      <CardContent>
        {settings.isPending && <Skeleton className="h-24 w-full" />}
        {settings.isError && (
          <p role="alert" className="text-sm text-red-700 dark:text-red-400">
            {messages.schedule.loadFailed} <span className="block text-xs">{serverMessage(settings.error)}</span>
          </p>
        )}
        {settings.data && <ScheduleForm saved={settings.data.schedule} />}
      </CardContent>
    </Card>
  );
}
