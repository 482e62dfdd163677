import { Camera, Music2, Send, Users, Video } from 'lucide-react';
import { toast } from '@/components/ui/toast';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card';
import { Skeleton } from '@/components/ui/skeleton';
import type { Platform, SocialPlatform } from '@/contract';
import { useConnectPlatform } from '../api/connect-platform';
import { messages } from '../messages';
import { formatNumber } from '@/lib/format';

const ICONS: Record<Platform, typeof Users> = {
  facebook: Users,
  youtube: Video,
  telegram: Send,
  instagram: Camera,
  tiktok: Music2,
};

const GRID = 'grid gap-4 sm:grid-cols-2 xl:grid-cols-5';

/** The five cards' places while the platforms load, each a card's height, so the tabs below do not jump. */
export function PlatformCardsSkeleton() {
  return (
    <div className={GRID}>
      {Array.from({ length: 5 }, (_, i) => (
        <Skeleton key={i} className="h-[204px] rounded-lg xl:h-[252px]" />
      ))}
    </div>
  );
}

/** The five platform cards with status, followers, posts and Connect/Disconnect. */
export function PlatformCards({ platforms }: { platforms: SocialPlatform[] }) {
  const setConnected = useConnectPlatform();
  const toggle = (p: SocialPlatform) =>
    setConnected.mutate(
      { id: p.id, connected: !p.connected },
      {
        onSuccess: (next) =>
          next.connected
            ? toast.success(messages.connected, { description: messages.connectedText(next.name) })
            : toast.info(messages.disconnected, { description: messages.disconnectedText(next.name) }),
      },
    );
  return (
    <div className={GRID}>
      {platforms.map((p) => {
        const Icon = ICONS[p.id];
        return (
          <Card key={p.id} data-testid={`platform-${p.id}`}>
            <CardHeader className="flex flex-row items-center gap-2 space-y-0 pb-2">
              <Icon className="size-5 text-primary" aria-hidden />
              <CardTitle className="text-base">{p.name}</CardTitle>
            </CardHeader>
            <CardContent className="grid gap-3 text-sm">
              <div className="flex flex-wrap items-center gap-2">
                <Badge tone={p.connected ? 'ok' : 'neutral'}>{p.connected ? 'Connected' : 'Disconnected'}</Badge>
                <span className="text-xs text-muted-foreground">{p.status}</span>
              </div>
              <dl className="grid grid-cols-2 gap-1">
                <dt className="text-muted-foreground">Followers</dt>
                <dd className="text-right tabular-nums">{formatNumber(p.followers)}</dd>
                <dt className="text-muted-foreground">Posts</dt>
                <dd className="text-right tabular-nums">{formatNumber(p.posts)}</dd>
              </dl>
              <Button
                variant={p.connected ? 'outline' : 'default'}
                disabled={setConnected.isPending && setConnected.variables?.id === p.id}
                onClick={() => toggle(p)}
                aria-label={`${p.connected ? 'Disconnect' : 'Connect'} ${p.name}`}
              >
                {p.connected ? 'Disconnect' : 'Connect'}
              </Button>
            </CardContent>
          </Card>
        );
      })}
    </div>
  );
}
