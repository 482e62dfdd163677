import { useLiveQuery } from '@/db/live-query';
import { RefreshCw, Send, Trash2 } from 'lucide-react';
import { useState } from 'react';
import { toast } from '@/components/ui/toast';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { Label } from '@/components/ui/label';
import { Textarea } from '@/components/ui/textarea';
import type { OutboxStatus, QueuedPost } from '@/db/db';
import { storageFailureMessage } from '@/db/storage-errors';
import { discardEntry, editAndResend, listOutbox, resendExpired } from '@/db/outbox';
import { drainOutbox } from '@/lib/outbox/drain';
import { requestOutboxDrain } from '@/lib/outbox/drainer';
import { drainNotices } from '@/lib/outbox/messages';
import type { Platform } from '@/contract';
import { PLATFORM_LABELS } from '@/lib/labels';
import { deniedProps, useCan } from '@/lib/use-can';
import { messages, OUTBOX_STATE_LABELS } from '../messages';
import { formatDateTimeShort } from '@/lib/format';

const TONE: Record<OutboxStatus, 'info' | 'warn' | 'ok' | 'error' | 'neutral'> = {
  queued: 'warn',
  sending: 'info',
  sent: 'ok',
  failed: 'error',
  expired: 'neutral',
};

// A change the database refused (storage full, database closed) is said in German; the entry stays as it was.
const storageFailed = (error: unknown) => void toast.error(storageFailureMessage(error));

function FailedActions({ entry }: { entry: QueuedPost }) {
  const [editing, setEditing] = useState(false);
  const [content, setContent] = useState(String(entry.payload.content ?? ''));
  const id = `outbox-edit-${entry.id}`;
  // A queued post goes out as social.post: sending it again is an Editor's; discarding it (in this browser) is anyone's.
  const maySend = useCan('social.post');
  if (!editing) {
    return (
      <div className="flex flex-wrap gap-2">
        <Button
          size="sm"
          variant="outline"
          className="min-h-10"
          {...deniedProps(maySend)}
          onClick={() => setEditing(true)}
        >
          Bearbeiten und erneut senden
        </Button>
        <Button
          size="sm"
          variant="ghost"
          className="min-h-10"
          onClick={() => void discardEntry(entry.id).then(() => toast.info(messages.discarded), storageFailed)}
        >
          <Trash2 aria-hidden />
          Verwerfen
        </Button>
      </div>
    );
  }
  return (
    <form
      className="grid gap-2"
      onSubmit={(e) => {
        e.preventDefault();
        if (!content.trim()) return toast.error(messages.error, { description: messages.contentRequired });
        void editAndResend(entry.id, { ...entry.payload, content }).then(() => {
          toast.success(messages.resent);
          setEditing(false);
          requestOutboxDrain();
        }, storageFailed);
      }}
    >
      <Label htmlFor={id}>Inhalt</Label>
      <Textarea id={id} rows={3} value={content} onChange={(e) => setContent(e.target.value)} />
      <div className="flex gap-2">
        <Button type="submit" size="sm" className="min-h-10" {...deniedProps(maySend)}>
          <Send aria-hidden />
          Erneut senden
        </Button>
        <Button size="sm" variant="ghost" className="min-h-10" onClick={() => setEditing(false)}>
          Abbrechen
        </Button>
      </div>
    </form>
  );
}

/** An expired post stays listed until the operator sends it after all or discards it. */
function ExpiredActions({ entry }: { entry: QueuedPost }) {
  const maySend = useCan('social.post');
  return (
    <div className="flex flex-wrap gap-2">
      <Button
        size="sm"
        variant="outline"
        className="min-h-10"
        {...deniedProps(maySend)}
        onClick={() =>
          void resendExpired(entry.id).then(() => {
            toast.success(messages.resent);
            requestOutboxDrain();
          }, storageFailed)
        }
      >
        <Send aria-hidden />
        Erneut senden
      </Button>
      <Button
        size="sm"
        variant="ghost"
        className="min-h-10"
        onClick={() => void discardEntry(entry.id).then(() => toast.info(messages.discarded), storageFailed)}
      >
        <Trash2 aria-hidden />
        Verwerfen
      </Button>
    </div>
  );
}

/** The outbox: every queued post with its state (queued, sending, sent, failed with the reason, expired). */
export function OutboxPanel() {
  const entries = useLiveQuery(() => listOutbox(), []);
  const [draining, setDraining] = useState(false);
  const maySend = useCan('social.post');
  const sendNow = async () => {
    setDraining(true);
    try {
      const result = await drainOutbox();
      for (const n of drainNotices(result)) toast[n.kind](n.title, { description: n.description });
    } catch (error) {
      storageFailed(error);
    } finally {
      setDraining(false);
    }
  };
  return (
    <Card>
      <CardHeader className="flex flex-row flex-wrap items-start justify-between gap-2 space-y-0">
        <div>
          <CardTitle>Outbox</CardTitle>
          <CardDescription>
            Offline verfasste oder fehlgeschlagene Posts; sie werden der Reihe nach gesendet, sobald die Verbindung
            besteht.
          </CardDescription>
        </div>
        <Button variant="outline" onClick={() => void sendNow()} disabled={draining} {...deniedProps(maySend)}>
          <RefreshCw aria-hidden className={draining ? 'animate-spin' : undefined} />
          Jetzt senden
        </Button>
      </CardHeader>
      <CardContent className="p-0">
        {!entries ? null : entries.length === 0 ? (
          <p className="px-6 pb-6 text-sm text-muted-foreground">{messages.outboxEmpty}</p>
        ) : (
          <ul className="divide-y border-t" aria-label="Outbox-Einträge">
            {[...entries].reverse().map((entry) => (
              <li key={entry.id} className="grid gap-2 p-4" data-testid="outbox-entry" data-status={entry.status}>
                <div className="flex flex-wrap items-center gap-2">
                  <span className="font-medium">{PLATFORM_LABELS[entry.platform as Platform] ?? entry.platform}</span>
                  <Badge tone={TONE[entry.status]}>{OUTBOX_STATE_LABELS[entry.status]}</Badge>
                  <span className="text-xs text-muted-foreground">{formatDateTimeShort(entry.createdAt)}</span>
                  {entry.payload.scheduledAt ? (
                    <span className="text-xs text-muted-foreground">
                      geplant für {String(entry.payload.scheduledAt).replace('T', ' ')}
                    </span>
                  ) : null}
                </div>
                <p className="line-clamp-2 whitespace-pre-wrap text-sm">{String(entry.payload.content ?? '')}</p>
                {entry.error && entry.status !== 'sent' && (
                  <p className="text-sm text-muted-foreground">Grund: {entry.error}</p>
                )}
                {entry.status === 'failed' && <FailedActions entry={entry} />}
                {entry.status === 'expired' && <ExpiredActions entry={entry} />}
              </li>
            ))}
          </ul>
        )}
      </CardContent>
    </Card>
  );
}
