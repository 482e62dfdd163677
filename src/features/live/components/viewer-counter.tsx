import { Users } from 'lucide-react';
import { Badge } from '@/components/ui/badge';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { useViewerCounter, viewerSplit } from '../hooks/use-viewer-counter';
import { liveMessages } from '../messages';

/** Simulated viewers (SPEC §4), split YouTube 60 % / Facebook 30 % / Twitch 10 %. */
export function ViewerCounter({ streaming }: { streaming: boolean }) {
  const total = useViewerCounter(streaming);
  const split = viewerSplit(total);
  const platforms: Array<[string, number]> = [
    ['YouTube', split.youtube],
    ['Facebook', split.facebook],
    ['Twitch', split.twitch],
  ];
  return (
    <Card>
      <CardHeader>
        <div className="flex items-center justify-between gap-2">
          <CardTitle>Viewers</CardTitle>
          <Badge tone="outline">Simulated</Badge>
        </div>
        <CardDescription>{liveMessages.viewersSimulated}</CardDescription>
      </CardHeader>
      <CardContent className="space-y-3">
        <p className="flex items-center gap-2 text-3xl font-bold tabular-nums">
          <Users className="size-6 text-muted-foreground" aria-hidden />
          <span data-testid="viewer-total" aria-label="Viewers total">
            {total}
          </span>
        </p>
        <ul className="grid grid-cols-3 gap-2 text-sm">
          {platforms.map(([name, count]) => (
            <li key={name} className="rounded-md border p-2">
              <span className="block text-xs text-muted-foreground">{name}</span>
              <span className="font-semibold tabular-nums" data-testid={`viewers-${name.toLowerCase()}`}>
                {count}
              </span>
            </li>
          ))}
        </ul>
      </CardContent>
    </Card>
  );
}
