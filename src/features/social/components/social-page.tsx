import { WifiOff } from 'lucide-react';
import { useState } from 'react';
import { useSearchParams } from 'react-router-dom';
import { LazyPanel, retryableLazy } from '@/components/ui/lazy-panel';
import { PageHeader } from '@/components/ui/page-header';
import { screenHeader } from '../messages';
import { useOnline } from '@/lib/use-online';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '@/components/ui/tabs';
import type { PostTemplate } from '@/contract';
import { usePlatforms } from '../api/get-platforms';
import { useTemplates } from '../api/get-templates';
import { emptyDraft, type Draft } from '../lib/draft';
import { messages } from '../messages';
import { Composer } from './composer';
import { PlatformCards, PlatformCardsSkeleton } from './platform-cards';
import { PublicationsPanel } from './publications-panel';
import { TokenWarnings } from './token-warnings';

// The tabs not open at first (dialogs, the outbox's database code, analytics) load when opened.
const ScheduleTab = retryableLazy(() => import('./schedule-tab').then((m) => ({ default: m.ScheduleTab })));
const TemplatesTab = retryableLazy(() => import('./templates-tab').then((m) => ({ default: m.TemplatesTab })));
const AnalyticsTab = retryableLazy(() => import('./analytics-tab').then((m) => ({ default: m.AnalyticsTab })));
const OutboxPanel = retryableLazy(() => import('./outbox-panel').then((m) => ({ default: m.OutboxPanel })));

const TABS = ['compose', 'schedule', 'templates', 'analytics', 'outbox'] as const;
type Tab = (typeof TABS)[number];

export function SocialPage() {
  const platforms = usePlatforms();
  const templates = useTemplates();
  const online = useOnline();
  const [params, setParams] = useSearchParams();
  const requested = params.get('tab');
  const tab: Tab = TABS.includes(requested as Tab) ? (requested as Tab) : 'compose';
  const setTab = (value: string) =>
    setParams(
      (p) => {
        const next = new URLSearchParams(p);
        next.set('tab', value);
        return next;
      },
      { replace: true },
    );
  const [draft, setDraft] = useState<Draft>(emptyDraft);

  const applyTemplate = (t: PostTemplate) => {
    setDraft((d) => ({ ...d, templateId: t.id, content: t.content }));
    setTab('compose');
  };

  return (
    <div className="space-y-6">
      <PageHeader {...screenHeader} />
      {!online && (
        <p
          role="status"
          className="flex items-center gap-2 rounded-md border border-amber-500/40 bg-amber-500/10 p-3 text-sm"
        >
          <WifiOff className="size-4" aria-hidden />
          {messages.offlineHint}
        </p>
      )}
      <TokenWarnings />
      {platforms.isPending ? (
        <PlatformCardsSkeleton />
      ) : platforms.isError ? (
        <p role="alert" className="text-sm text-destructive">
          {messages.loadError}
        </p>
      ) : (
        <PlatformCards platforms={platforms.data} />
      )}
      <Tabs value={tab} onValueChange={setTab}>
        <TabsList>
          <TabsTrigger value="compose">Compose</TabsTrigger>
          <TabsTrigger value="schedule">Schedule</TabsTrigger>
          <TabsTrigger value="templates">Templates</TabsTrigger>
          <TabsTrigger value="analytics">Analytics</TabsTrigger>
          <TabsTrigger value="outbox">Outbox</TabsTrigger>
        </TabsList>
        <TabsContent value="compose">
          <Composer
            draft={draft}
            onChange={setDraft}
            platforms={platforms.data ?? []}
            templates={templates.data ?? []}
            onSent={() =>
              setDraft((d) => ({
                ...emptyDraft(),
                platforms: d.platforms,
                videoLink: d.videoLink,
                streamLink: d.streamLink,
              }))
            }
          />
          <div className="mt-6">
            <PublicationsPanel />
          </div>
        </TabsContent>
        <TabsContent value="schedule">
          <LazyPanel>
            <ScheduleTab />
          </LazyPanel>
        </TabsContent>
        <TabsContent value="templates">
          <LazyPanel>
            <TemplatesTab templates={templates.data ?? []} onUse={applyTemplate} />
          </LazyPanel>
        </TabsContent>
        <TabsContent value="analytics">
          <LazyPanel>
            <AnalyticsTab />
          </LazyPanel>
        </TabsContent>
        <TabsContent value="outbox">
          <LazyPanel>
            <OutboxPanel />
          </LazyPanel>
        </TabsContent>
      </Tabs>
    </div>
  );
}
