import { RotateCcw } from 'lucide-react';
import { toast } from '@/components/ui/toast';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import type { SocialPublication } from '@/contract';
import { PLATFORM_LABELS } from '@/lib/labels';
import { useLazyCan } from '@/lib/use-lazy-can';
import { usePublications } from '../api/get-publications';
import { useRetryPublication } from '../api/retry-publication';
import { messages, PUBLICATION_STATE_LABELS } from '../messages';

const TONE = { published: 'ok', failed: 'error', pending: 'info', scheduled: 'neutral', publishing: 'info' } as const;

/** The posts by post: each platform's result, the platform's reason when it failed, and Retry for that platform only. */
export function PublicationsPanel() {
  const publications = usePublications();
  const retry = useRetryPublication();
  // Loaded beside the screen, as the composer's check: the Social screen's first load is at its budget.
  const mayRetry = useLazyCan('social.retry');
  const groups = new Map<string, SocialPublication[]>();
  for (const p of publications.data ?? []) groups.set(p.postId, [...(groups.get(p.postId) ?? []), p]);

  const resend = (p: SocialPublication) =>
    retry.mutate(p.id, {
      onSuccess: () =>
        toast.info(messages.retryQueued, { description: messages.retryQueuedText(PLATFORM_LABELS[p.platform]) }),
    });

  return (
    <Card>
      <CardHeader>
        <CardTitle>Veröffentlichungen</CardTitle>
        <CardDescription>Was jede Plattform mit den letzten Posts gemacht hat.</CardDescription>
      </CardHeader>
      <CardContent className="grid gap-3">
        {publications.isError && (
          <p role="alert" className="text-sm text-destructive">
            {messages.loadError}
          </p>
        )}
        {publications.isSuccess && groups.size === 0 && (
          <p className="text-sm text-muted-foreground">{messages.publicationsEmpty}</p>
        )}
        {[...groups.entries()].map(([postId, rows]) => (
          <section
            key={postId}
            aria-label={`Post ${rows[0].title || rows[0].content.slice(0, 40)}`}
            className="grid gap-2 rounded-lg border p-3"
          >
            <p className="truncate text-sm font-medium">{rows[0].title || rows[0].content}</p>
            <ul className="grid gap-2">
              {rows.map((p) => (
                <li
                  key={p.id}
                  data-testid={`publication-${p.platform}`}
                  className="flex flex-wrap items-center gap-2 text-sm"
                >
                  <span className="min-w-24 font-medium">{PLATFORM_LABELS[p.platform]}</span>
                  <Badge tone={TONE[p.status]}>{PUBLICATION_STATE_LABELS[p.status]}</Badge>
                  {p.error && <span className="min-w-0 flex-1 break-words text-destructive">{p.error}</span>}
                  {p.status === 'failed' && (
                    <Button
                      size="sm"
                      variant="outline"
                      className="ml-auto"
                      onClick={() => resend(p)}
                      disabled={retry.isPending || !mayRetry.allowed}
                      title={mayRetry.reason}
                      aria-label={`${messages.retry}: ${PLATFORM_LABELS[p.platform]}`}
                    >
                      <RotateCcw aria-hidden />
                      {messages.retry}
                    </Button>
                  )}
                </li>
              ))}
            </ul>
          </section>
        ))}
      </CardContent>
    </Card>
  );
}
