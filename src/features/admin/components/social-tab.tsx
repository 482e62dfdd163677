import { Link2, Loader2, Unlink, Workflow } from 'lucide-react';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { toast } from '@/components/ui/toast';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { getSetting } from '@/db/settings';
import { getConfig } from '@/lib/config';
import { socialPlatformsQueryOptions } from '@/lib/api/query-keys';
import type { OAuthPlatform, Platform, SocialPlatform } from '@/contract';
import { errorMessage } from '@/lib/http/api-error';
import { usePlatforms } from '../api/get-platforms';
import { useSetPlatformConnected } from '../api/set-platform-connected';
import { useStartOAuth } from '../api/start-oauth';
import { formatNumber } from '@/lib/format';
import { deniedProps, useCan } from '@/lib/use-can';
import { showFailureToast } from '@/components/ui/failure-toast';
import { requestTikTokConnect } from '../api/request-tiktok-connect';
import {
  authorizeUrl,
  beginOAuth,
  consumeOAuthResult,
  OAUTH_CHANNEL,
  openBlankOAuthPopup,
  openOAuthPopup,
} from '../lib/oauth';
import { messages } from '../messages';

const FALLBACK: SocialPlatform[] = [
  { id: 'facebook', name: 'Facebook Page', connected: false, status: '–', followers: 0, posts: 0 },
  { id: 'youtube', name: 'YouTube Channel', connected: false, status: '–', followers: 0, posts: 0 },
  { id: 'telegram', name: 'Telegram Bot', connected: false, status: '–', followers: 0, posts: 0 },
  { id: 'instagram', name: 'Instagram', connected: false, status: '–', followers: 0, posts: 0 },
  { id: 'tiktok', name: 'TikTok', connected: false, status: '–', followers: 0, posts: 0 },
];

const live = () => getConfig().apiMode === 'live';

/** Instagram and TikTok connect by OAuth; in live mode the server also does YouTube's and Facebook's (they need it to publish). */
function isOAuth(id: Platform): id is OAuthPlatform {
  return id === 'instagram' || id === 'tiktok' || (live() && (id === 'youtube' || id === 'facebook'));
}

function nameOf(id: Platform, list: SocialPlatform[]): string {
  return list.find((p) => p.id === id)?.name ?? id;
}

/** SPEC "Social Media" (admin): connection cards, OAuth for Instagram and TikTok, the automation-based TikTok connect. */
export function SocialTab() {
  const platforms = usePlatforms();
  const setConnected = useSetPlatformConnected();
  const { mutate: connect } = setConnected;
  const [automating, setAutomating] = useState(false);
  const list = platforms.data ?? FALLBACK;
  const queryClient = useQueryClient();
  const startOAuth = useStartOAuth();
  // Connecting accounts is an Admin's (social.connect, social.disconnect, social.oauthStart).
  const may = {
    connect: useCan('social.connect'),
    disconnect: useCan('social.disconnect'),
    oauth: useCan('social.oauthStart'),
  };
  // Live mode: the platform the server is connecting, and its status text when the popup opened.
  const [pending, setPending] = useState<{ id: OAuthPlatform; status: string } | null>(null);

  useEffect(() => {
    // The server's callback changes the platform; the event stream refreshes the cached list, and this sees the outcome.
    if (!pending) return;
    let done = false;
    return queryClient.getQueryCache().subscribe(() => {
      if (done) return;
      const p = queryClient
        .getQueryData<SocialPlatform[]>(socialPlatformsQueryOptions().queryKey)
        ?.find((x) => x.id === pending.id);
      if (!p) return;
      if (p.connected) {
        done = true;
        toast.success(messages.oauth.connected(p.name));
        setPending(null);
      } else if (p.status !== pending.status && p.status.startsWith('Verbindung fehlgeschlagen')) {
        done = true;
        toast.error(messages.oauth.failed(p.name), { description: p.status });
        setPending(null);
      }
    });
  }, [pending, queryClient]);

  useEffect(() => {
    if (typeof BroadcastChannel === 'undefined') return;
    // Only pages of our own origin can post on this channel; the state must be one we issued.
    const channel = new BroadcastChannel(OAUTH_CHANNEL);
    channel.onmessage = (event: MessageEvent<unknown>) => {
      if (live()) {
        // The server already stored the result; fetch it now in case the event stream is slower than the popup.
        void queryClient.invalidateQueries({ queryKey: socialPlatformsQueryOptions().queryKey });
        return;
      }
      const result = consumeOAuthResult(event.data);
      if (!result) return;
      const name = result.provider === 'instagram' ? 'Instagram' : 'TikTok';
      if (result.status !== 'success') {
        toast.error(messages.oauth.failed(name));
        return;
      }
      connect(
        { id: result.provider, connected: true },
        {
          onSuccess: () => toast.success(messages.oauth.connected(name)),
          onError: () => toast.error(messages.oauth.failed(name)),
        },
      );
    };
    return () => channel.close();
  }, [connect, queryClient]);

  const connectOAuth = (provider: OAuthPlatform) => {
    if (live()) return connectOnServer(provider);
    if (provider !== 'instagram' && provider !== 'tiktok') return;
    const state = beginOAuth(provider);
    if (!openOAuthPopup(authorizeUrl(provider, state), provider)) {
      toast.error(messages.oauth.popupBlockedTitle, { description: messages.oauth.popupBlocked });
    }
  };

  const connectOnServer = (provider: OAuthPlatform) => {
    const popup = openBlankOAuthPopup(provider);
    if (!popup) {
      toast.error(messages.oauth.popupBlockedTitle, { description: messages.oauth.popupBlocked });
      return;
    }
    const name = nameOf(provider, list);
    setPending({ id: provider, status: list.find((p) => p.id === provider)?.status ?? '' });
    startOAuth.mutate(provider, {
      onSuccess: ({ url }) => {
        popup.location.href = url;
      },
      onError: (error) => {
        popup.close();
        setPending(null);
        toast.error(messages.oauth.failed(name), { description: errorMessage(error) });
      },
    });
  };

  const toggle = (p: SocialPlatform) => {
    setConnected.mutate(
      { id: p.id, connected: !p.connected },
      {
        onSuccess: () =>
          toast.success(p.connected ? messages.oauth.disconnected(p.name) : messages.oauth.connected(p.name)),
        onError: () => toast.error(messages.oauth.failed(p.name)),
      },
    );
  };

  const connectTikTokAutomation = async () => {
    const system = await getSetting('system');
    const workflow = await getSetting('workflowConfig');
    const url = system.workflowWebhookUrl || workflow.webhookUrl;
    if (!url) {
      showFailureToast('tiktok-connect');
      return;
    }
    setAutomating(true);
    try {
      await requestTikTokConnect(url);
      toast.success(messages.oauth.automationSent);
    } catch (error) {
      showFailureToast('tiktok-connect', error);
    } finally {
      setAutomating(false);
    }
  };

  return (
    <div className="space-y-4">
      {platforms.isError && (
        <p role="alert" className="text-sm text-red-700 dark:text-red-400">
          {messages.oauth.loadFailed}
        </p>
      )}
      <ul className="grid gap-4 sm:grid-cols-2 xl:grid-cols-3">
        {list.map((p) => (
          <li key={p.id}>
            <Card className="h-full" data-testid={`platform-${p.id}`}>
              <CardHeader>
                <div className="flex items-center justify-between gap-2">
                  <CardTitle>{nameOf(p.id, list)}</CardTitle>
                  <Badge tone={p.connected ? 'ok' : 'neutral'}>{p.connected ? 'Connected' : 'Disconnected'}</Badge>
                </div>
                <CardDescription>{p.status}</CardDescription>
              </CardHeader>
              <CardContent className="space-y-3">
                <p className="text-sm text-muted-foreground">{`${formatNumber(p.followers)} Follower · ${formatNumber(p.posts)} Posts`}</p>
                <div className="flex flex-wrap gap-2">
                  {p.connected ? (
                    <Button
                      variant="outline"
                      aria-label={`Disconnect ${p.name}`}
                      onClick={() => toggle(p)}
                      disabled={setConnected.isPending}
                      {...deniedProps(may.disconnect)}
                    >
                      <Unlink aria-hidden />
                      Disconnect
                    </Button>
                  ) : isOAuth(p.id) ? (
                    <Button
                      aria-label={`Connect ${p.name} with OAuth`}
                      onClick={() => connectOAuth(p.id as OAuthPlatform)}
                      {...deniedProps(may.oauth)}
                    >
                      <Link2 aria-hidden />
                      Connect with OAuth
                    </Button>
                  ) : (
                    <Button
                      aria-label={`Connect ${p.name}`}
                      onClick={() => toggle(p)}
                      disabled={setConnected.isPending || platforms.isError}
                      {...deniedProps(may.connect)}
                    >
                      <Link2 aria-hidden />
                      Connect
                    </Button>
                  )}
                  {p.id === 'tiktok' && (
                    <Button variant="secondary" disabled={automating} onClick={() => void connectTikTokAutomation()}>
                      {automating ? <Loader2 className="animate-spin" aria-hidden /> : <Workflow aria-hidden />}
                      Connect via automation
                    </Button>
                  )}
                </div>
              </CardContent>
            </Card>
          </li>
        ))}
      </ul>
    </div>
  );
}
