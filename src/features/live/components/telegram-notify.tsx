import { Send } from 'lucide-react';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { useObs } from '@/lib/obs';
import { deniedProps, useCan } from '@/lib/use-can';
import { useNotifyTelegram } from '../api/notify-telegram';
import { liveMessages } from '../messages';

/** Tells the Telegram channel that the stream is live; only while streaming. */
export function TelegramNotify() {
  const obs = useObs();
  const notify = useNotifyTelegram();
  const mayNotify = useCan('telegram.notify');
  const streaming = obs.status === 'connected' && obs.streaming;
  return (
    <Card>
      <CardHeader>
        <CardTitle>Telegram</CardTitle>
        <CardDescription>POST /telegram/notify</CardDescription>
      </CardHeader>
      <CardContent>
        <Button
          type="button"
          variant="secondary"
          disabled={!streaming || notify.isPending}
          {...deniedProps(mayNotify)}
          onClick={() => notify.mutate(liveMessages.telegramMessage(obs.currentScene))}
        >
          <Send /> Telegram Notify
        </Button>
      </CardContent>
    </Card>
  );
}
