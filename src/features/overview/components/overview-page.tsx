import { Film, ListTodo, Newspaper, Radio, RefreshCw, TriangleAlert, Eye, type LucideIcon } from 'lucide-react';
import { memo, useDeferredValue } from 'react';
import { Button } from '@/components/ui/button';
import { Card, CardContent } from '@/components/ui/card';
import { PageHeader } from '@/components/ui/page-header';
import { screenHeader } from '../messages';
import { Skeleton } from '@/components/ui/skeleton';
import type { StatCardData } from '@/contract';
import { errorMessage } from '@/lib/http';
import { useOverview } from '../api/get-overview';
import { overviewMessages } from '../messages';
import {
  LatestNewsPanel,
  NotificationsPanel,
  SystemStatusPanel,
  TechnicalMonitor,
  WorkflowProgressPanel,
} from './overview-panels';
import { PlatformViewsChart } from './platform-views-chart';
import { QuickActions } from './quick-actions';
import { StatCard } from './stat-card';

const ICONS: Record<StatCardData['icon'], LucideIcon> = {
  news: Newspaper,
  live: Radio,
  views: Eye,
  videos: Film,
  queue: ListTodo,
};

function OverviewSkeleton() {
  return (
    <div data-testid="overview-loading" aria-busy="true" className="space-y-6">
      <div className="grid gap-4 sm:grid-cols-2 xl:grid-cols-4">
        {[0, 1, 2, 3].map((i) => (
          <Skeleton key={i} className="h-32" />
        ))}
      </div>
      <div className="grid gap-4 lg:grid-cols-2">
        <Skeleton className="h-64" />
        <Skeleton className="h-64" />
      </div>
    </div>
  );
}

function OverviewError({ error, onRetry, retrying }: { error: unknown; onRetry: () => void; retrying: boolean }) {
  return (
    <Card role="alert" className="border-destructive/50">
      <CardContent className="flex flex-col items-start gap-3 pt-5">
        <p className="flex items-center gap-2 font-semibold text-destructive">
          <TriangleAlert className="size-5" aria-hidden />
          {overviewMessages.loadError}
        </p>
        <p className="text-sm text-muted-foreground">{errorMessage(error)}</p>
        <Button variant="outline" onClick={onRetry} disabled={retrying}>
          <RefreshCw aria-hidden className={retrying ? 'animate-spin' : undefined} />
          {overviewMessages.retry}
        </Button>
      </CardContent>
    </Card>
  );
}

type OverviewQuery = ReturnType<typeof useOverview>;

/** The figures, panels and chart, or their skeleton or error: memoized, so only the deferred render below draws them. */
const OverviewBody = memo(function OverviewBody({ query }: { query: OverviewQuery }) {
  const { data, error, isPending, isFetching, refetch } = query;
  if (isPending) return <OverviewSkeleton />;
  if (error && !data) return <OverviewError error={error} onRetry={() => void refetch()} retrying={isFetching} />;
  return (
    <>
      <section aria-label="Kennzahlen" className="grid gap-4 sm:grid-cols-2 xl:grid-cols-4">
        {data.stats.map((s) => (
          <StatCard
            key={s.id}
            title={s.title}
            value={s.value}
            description={s.description}
            icon={ICONS[s.icon]}
            trend={s.trend}
          />
        ))}
      </section>
      <div className="grid gap-4 lg:grid-cols-2">
        <PlatformViewsChart data={data.platformViews} />
        <WorkflowProgressPanel items={data.workflowProgress} queuedJobs={data.queuedJobs} />
      </div>
      <div className="grid gap-4 lg:grid-cols-2 xl:grid-cols-4">
        <NotificationsPanel items={data.notifications} />
        <LatestNewsPanel />
        <TechnicalMonitor items={data.technicalMonitor} />
        <SystemStatusPanel items={data.systemStatus} />
      </div>
    </>
  );
});

/**
 * The query's answer, drawn in a deferred render: a query's update alone is rendered in one task
 * (useSyncExternalStore), and with every panel that task was a long one at 4× CPU; deferred, React renders it in slices.
 */
function OverviewData() {
  return <OverviewBody query={useDeferredValue(useOverview())} />;
}

/** The dashboard overview (SPEC "Dashboard overview"): every figure comes from GET /dashboard/overview. */
export function OverviewPage() {
  return (
    <div className="space-y-6">
      <PageHeader {...screenHeader} />
      <QuickActions />
      <OverviewData />
    </div>
  );
}
