import { useQuery } from '@tanstack/react-query';
import { Send } from 'lucide-react';
import { useId, useState, type KeyboardEvent } from 'react';
import { toast } from '@/components/ui/toast';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { obsInstancesQuery, obsMessages, serverChoiceOf, useObs, useObsSettings } from '@/lib/obs';
import { deniedProps, useCan } from '@/lib/use-can';
import { useSendQuickText } from '../api/send-quick-text';
import { liveMessages, quickTextPresets } from '../messages';

/** Sets the text of the configured OBS text source (SetInputSettings), so it shows on air. */
export function QuickText() {
  const obs = useObs();
  const settings = useObsSettings();
  const send = useSendQuickText();
  const maySend = useCan('obs.control');
  const id = useId();
  const [text, setText] = useState('');
  const connected = obs.status === 'connected';
  const viaServer = obs.via === 'server';
  const instances = useQuery({ ...obsInstancesQuery(), enabled: viaServer });
  // Through the server: the source picked in Admin for that instance, else the server's own (OBS_TEXT_SOURCE).
  const serverSource =
    serverChoiceOf(settings, obs.instance).sourceName ||
    instances.data?.find((i) => i.name === obs.instance)?.textSource ||
    '';
  const source = viaServer ? serverSource : (settings?.sourceName ?? '');

  function submit() {
    // Enter in the field sends too: the disabled button alone would not stop it.
    if (!maySend.allowed) return;
    if (!text.trim()) {
      toast.error(liveMessages.validationTitle, { description: liveMessages.textRequired });
      return;
    }
    if (!connected) {
      toast.error(obsMessages.notConnectedTitle, { description: obsMessages.notConnected });
      return;
    }
    send.mutate({ source, text: text.trim() });
  }

  function onKeyDown(event: KeyboardEvent<HTMLInputElement>) {
    if (event.key === 'Enter' && !event.nativeEvent.isComposing) {
      event.preventDefault();
      submit();
    }
  }

  return (
    <Card data-unsaved={text.trim() ? 'true' : undefined}>
      <CardHeader>
        <CardTitle>Quick Text</CardTitle>
        <CardDescription>{source ? `Source: ${source}` : 'Source'}</CardDescription>
      </CardHeader>
      <CardContent className="space-y-3">
        <div className="flex flex-wrap gap-2">
          {quickTextPresets.map((preset, index) => (
            <Button
              key={preset}
              type="button"
              variant="outline"
              size="sm"
              className="min-h-10"
              onClick={() => setText(preset)}
              title={preset}
            >
              Preset {index + 1}
            </Button>
          ))}
        </div>
        <div className="space-y-1.5">
          <Label htmlFor={`${id}-text`}>Text</Label>
          <div className="flex gap-2">
            <Input id={`${id}-text`} value={text} onChange={(e) => setText(e.target.value)} onKeyDown={onKeyDown} />
            <Button
              type="button"
              onClick={submit}
              disabled={!text.trim() || !connected || send.isPending}
              {...deniedProps(maySend)}
            >
              <Send /> Send
            </Button>
          </div>
        </div>
      </CardContent>
    </Card>
  );
}
