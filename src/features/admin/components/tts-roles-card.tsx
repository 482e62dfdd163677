import { ArrowLeftRight, Loader2, Volume2 } from 'lucide-react';
import { useEffect, useState, useSyncExternalStore } from 'react';
import { toast } from '@/components/ui/toast';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import type { TtsProvider as TtsEngine } from '@/contract';
import type { TtsRoles } from '@/db/settings';
import { useSetting } from '@/db/use-setting';
import {
  generateSpeech,
  getTtsRoles,
  lastTtsProvider,
  onTtsChange,
  savedRolesInForce,
  setTtsRoles,
} from '@/lib/api/tts';
import { errorMessage } from '@/lib/http/api-error';
import { redact } from '@/lib/security/redact';
import { deniedProps, useCan } from '@/lib/use-can';
import { useUpdateDeskSettings } from '../api/update-desk-settings';
import { useTtsRoles } from '../hooks/use-tts-roles';
import { messages } from '../messages';
import { serviceName } from '../lib/services';
import { storageFailureMessage } from '@/db/storage-errors';

/**
 * SPEC §4 "TTS provider roles": primary elevenlabs, backup azure; Switch swaps them and lib/api uses them at once. On a
 * live desk they are the server's settings (the pipeline speaks by them too); in the demo they stay in the browser.
 */
export function TtsRolesCard() {
  const { roles, live, loading } = useTtsRoles();
  const last = useSyncExternalStore(onTtsChange, lastTtsProvider);
  const update = useUpdateDeskSettings(messages.tts.switchFailed);
  const [, saveRoles] = useSetting('ttsRoles');
  const [speaking, setSpeaking] = useState(false);
  // The roles are the desk's settings (an Admin's), a sample is a tts.generate (an Editor's).
  const maySwitch = useCan('settings.update');
  const maySpeak = useCan('tts.generate');
  // The last sample's audio, playable here (a blob URL, released when replaced or on leaving), and who spoke it.
  const [audioUrl, setAudioUrl] = useState<string | null>(null);
  const [spokenBy, setSpokenBy] = useState<TtsEngine | null>(null);
  useEffect(
    () => () => {
      if (audioUrl) URL.revokeObjectURL(audioUrl);
    },
    [audioUrl],
  );

  const swapOnServer = () => {
    const next: TtsRoles = { primary: roles.backup, backup: roles.primary };
    update.mutate(
      { ttsRoles: next },
      {
        onSuccess: (settings) => {
          setTtsRoles(settings.ttsRoles);
          toast.success(messages.tts.switched, {
            description: messages.tts.switchedDescription(
              serviceName(settings.ttsRoles.primary),
              serviceName(settings.ttsRoles.backup),
            ),
          });
        },
      },
    );
  };

  const swap = async () => {
    if (live) return swapOnServer();
    // The saved roles first (right after a reload they may not be in force yet), so the swap starts from them.
    await savedRolesInForce();
    const current = getTtsRoles();
    const next: TtsRoles = { primary: current.backup, backup: current.primary };
    try {
      // Saved before it shows: what the card shows survives a reload.
      await saveRoles(next);
      setTtsRoles(next);
      toast.success(messages.tts.switched, {
        description: messages.tts.switchedDescription(serviceName(next.primary), serviceName(next.backup)),
      });
    } catch (error) {
      // Not saved (a full disk): in force for this session all the same, and the operator is told.
      setTtsRoles(next);
      toast.error(messages.keys.saveFailed, { description: storageFailureMessage(error) });
    }
  };

  const speak = async () => {
    setSpeaking(true);
    try {
      const { provider, audio } = await generateSpeech(messages.tts.sample);
      setAudioUrl(URL.createObjectURL(audio));
      setSpokenBy(provider);
      toast.success(messages.tts.speechOk, { description: messages.tts.speechOkDescription(serviceName(provider)) });
    } catch (error) {
      toast.error(messages.tts.speechFailed, { description: redact(errorMessage(error)) });
    } finally {
      setSpeaking(false);
    }
  };

  return (
    <Card>
      <CardHeader>
        <CardTitle>Text-to-Speech</CardTitle>
        <CardDescription>Primary provider with automatic failover to the backup.</CardDescription>
      </CardHeader>
      <CardContent className="space-y-4">
        <dl className="grid gap-3 sm:grid-cols-2">
          <div className="rounded-md border p-3">
            <dt className="text-xs uppercase text-muted-foreground">Primary</dt>
            <dd className="font-medium" data-testid="tts-primary">
              {serviceName(roles.primary)}
            </dd>
          </div>
          <div className="rounded-md border p-3">
            <dt className="text-xs uppercase text-muted-foreground">Backup</dt>
            <dd className="font-medium" data-testid="tts-backup">
              {serviceName(roles.backup)}
            </dd>
          </div>
        </dl>
        <div className="flex flex-wrap items-center gap-2">
          <Button
            variant="outline"
            disabled={loading || update.isPending}
            {...deniedProps(maySwitch)}
            onClick={() => void swap()}
          >
            <ArrowLeftRight aria-hidden />
            Switch
          </Button>
          <Button variant="secondary" disabled={speaking} {...deniedProps(maySpeak)} onClick={() => void speak()}>
            {speaking ? <Loader2 className="animate-spin" aria-hidden /> : <Volume2 aria-hidden />}
            Test-Sprachausgabe
          </Button>
          <span className="text-sm text-muted-foreground" role="status" data-testid="tts-last">
            {last ? (
              <>
                Letzte Anfrage bedient von{' '}
                <Badge tone={last === roles.primary ? 'ok' : 'warn'}>{serviceName(last)}</Badge>
              </>
            ) : (
              messages.tts.none
            )}
          </span>
        </div>
        {audioUrl && (
          <div className="space-y-1">
            <audio
              controls
              src={audioUrl}
              data-testid="tts-audio"
              aria-label="Test-Sprachausgabe anhören"
              className="w-full"
            />
            {spokenBy && (
              <p className="text-sm text-muted-foreground" data-testid="tts-spoken-by">
                {messages.tts.speechOkDescription(serviceName(spokenBy))}
              </p>
            )}
          </div>
        )}
      </CardContent>
    </Card>
  );
}
