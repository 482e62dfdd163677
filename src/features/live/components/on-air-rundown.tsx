import { Loader2, Radio } from 'lucide-react';
import { Button } from '@/components/ui/button';
import { Skeleton } from '@/components/ui/skeleton';
import { formatTime } from '@/lib/format';
import { serverChoiceOf, useObs, useObsSettings } from '@/lib/obs';
import { deniedProps, useCan } from '@/lib/use-can';
import { useRundown } from '../api/get-rundown';
import { useSetOnAir } from '../api/set-on-air';
import { onAirMessages } from '../lib/on-air-messages';

/** Today's published stories, each with a one-click „Auf Sendung“ (headline to the text source, video to the media source). */
export function OnAirRundown() {
  const obs = useObs();
  const settings = useObsSettings();
  const rundown = useRundown();
  const onAir = useSetOnAir();
  // Through the server a story goes on air as live.onAir, directly in OBS as a text change: an Editor's either way.
  const may = useCan(obs.via === 'server' ? 'live.onAir' : 'obs.control');
  const connected = obs.status === 'connected';
  const viaServer = obs.via === 'server';
  // Through the server: the source picked in Admin for its instance (none: the server's own, OBS_TEXT_SOURCE).
  const source = viaServer ? (serverChoiceOf(settings, obs.instance).sourceName ?? '') : (settings?.sourceName ?? '');

  return (
    <section aria-labelledby="on-air-rundown" className="space-y-2">
      <h3 id="on-air-rundown" className="text-sm font-semibold">
        Today&apos;s rundown
      </h3>
      {rundown.isPending ? (
        <Skeleton className="h-16" />
      ) : rundown.isError ? (
        <p role="alert" className="text-sm text-red-700 dark:text-red-400">
          {onAirMessages.loadFailed}
        </p>
      ) : rundown.data.length === 0 ? (
        <p className="text-sm text-muted-foreground">{onAirMessages.empty}</p>
      ) : (
        <ul className="divide-y">
          {rundown.data.map((story) => {
            const sending = onAir.isPending && onAir.variables.story.id === story.id;
            return (
              <li
                key={story.id}
                className="flex items-center gap-3 py-2"
                data-testid="rundown-story"
                data-news-id={story.id}
              >
                <Radio className="size-4 shrink-0 text-muted-foreground" aria-hidden />
                <div className="min-w-0 flex-1">
                  <p className="truncate font-medium">{story.title}</p>
                  <p className="text-xs text-muted-foreground">
                    {formatTime(story.publishedAt)} · {story.category} · {story.source}
                  </p>
                </div>
                <Button
                  type="button"
                  size="sm"
                  variant="outline"
                  className="min-h-10"
                  aria-label={`Auf Sendung: ${story.title}`}
                  disabled={!connected || onAir.isPending}
                  {...deniedProps(may)}
                  aria-busy={sending}
                  onClick={() => onAir.mutate({ story, source, viaServer })}
                >
                  {sending && <Loader2 aria-hidden className="animate-spin" />}
                  Auf Sendung
                </Button>
              </li>
            );
          })}
        </ul>
      )}
    </section>
  );
}
