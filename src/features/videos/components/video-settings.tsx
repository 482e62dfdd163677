import { useId, useState } from 'react';
import { toast } from '@/components/ui/toast';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { Label } from '@/components/ui/label';
import { Skeleton } from '@/components/ui/skeleton';
import type { VideoDefaults } from '@/db/settings';
import { useVideoDefaults } from '../api/get-video-defaults';
import { useSaveVideoDefaults } from '../api/save-video-defaults';
import { messages } from '../messages';
import { QUALITY_OPTIONS, VOICE_OPTIONS } from '../lib/options';
import { NativeSelect } from '@/components/ui/native-select';

/** Settings: the default quality and voice of New Video, stored in IndexedDB. */
export function VideoSettings() {
  const stored = useVideoDefaults();
  if (!stored) return <Skeleton className="h-40 w-full" />;
  return <VideoSettingsForm key={`${stored.quality}-${stored.voice}`} stored={stored} />;
}

function VideoSettingsForm({ stored }: { stored: VideoDefaults }) {
  const ids = { quality: useId(), voice: useId() };
  const [value, setValue] = useState<VideoDefaults>(stored);
  const save = useSaveVideoDefaults();
  const changed = value.quality !== stored.quality || value.voice !== stored.voice;

  const onSave = (event: React.FormEvent) => {
    event.preventDefault();
    save.mutate(value, {
      onSuccess: () => toast.success(messages.settingsSaved),
    });
  };

  return (
    <Card className="max-w-xl">
      <CardHeader>
        <CardTitle>Default output</CardTitle>
        <CardDescription>Used by New Video until you choose otherwise.</CardDescription>
      </CardHeader>
      <CardContent>
        <form onSubmit={onSave} className="space-y-4" data-unsaved={changed ? 'true' : undefined}>
          <div className="space-y-2">
            <Label htmlFor={ids.quality}>Default quality</Label>
            <NativeSelect
              id={ids.quality}
              value={value.quality}
              onValueChange={(quality) => setValue((v) => ({ ...v, quality }))}
              options={QUALITY_OPTIONS}
            />
          </div>
          <div className="space-y-2">
            <Label htmlFor={ids.voice}>Default voice</Label>
            <NativeSelect
              id={ids.voice}
              value={value.voice}
              onValueChange={(voice) => setValue((v) => ({ ...v, voice }))}
              options={VOICE_OPTIONS}
            />
          </div>
          <Button type="submit" disabled={!changed || save.isPending}>
            Save settings
          </Button>
        </form>
      </CardContent>
    </Card>
  );
}
