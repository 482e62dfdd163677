import { Bell, CheckCircle2, Info, Newspaper } from 'lucide-react';
import { Link } from 'react-router-dom';
import { Badge } from '@/components/ui/badge';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { Progress } from '@/components/ui/progress';
import type { OverviewData } from '@/contract';
import { useLatestNews } from '../api/get-latest-news';
import { overviewMessages } from '../messages';

export function NotificationsPanel({ items }: { items: OverviewData['notifications'] }) {
  return (
    <Card>
      <CardHeader>
        <CardTitle level={2} className="flex items-center gap-2">
          <Bell className="size-4" aria-hidden />
          Notifications
        </CardTitle>
      </CardHeader>
      <CardContent>
        {items.length === 0 ? (
          <p className="text-sm text-muted-foreground">{overviewMessages.noNotifications}</p>
        ) : (
          <ul className="space-y-3">
            {items.map((n) => (
              <li key={n.id} className="flex gap-3">
                {n.type === 'success' ? (
                  <CheckCircle2
                    className="mt-0.5 size-4 shrink-0 text-emerald-600 dark:text-emerald-400"
                    aria-label="Erfolg"
                  />
                ) : (
                  <Info className="mt-0.5 size-4 shrink-0 text-sky-600 dark:text-sky-400" aria-label="Info" />
                )}
                <div>
                  <p className="text-sm">{n.message}</p>
                  <p className="text-xs text-muted-foreground">{n.time}</p>
                </div>
              </li>
            ))}
          </ul>
        )}
      </CardContent>
    </Card>
  );
}

/** How many of GET /news/latest's stories the overview lists. */
const LATEST_SHOWN = 5;

/** The newest stories from GET /news/latest (SPEC §7), newest first, with the way into AI News Central. */
export function LatestNewsPanel() {
  const latest = useLatestNews();
  return (
    <Card>
      <CardHeader>
        <CardTitle level={2} className="flex items-center gap-2">
          <Newspaper className="size-4" aria-hidden />
          Latest News
        </CardTitle>
      </CardHeader>
      <CardContent className="space-y-3">
        {latest.isPending ? (
          <p className="text-sm text-muted-foreground">{overviewMessages.latestLoading}</p>
        ) : latest.isError ? (
          <p className="text-sm text-muted-foreground" role="alert">
            {overviewMessages.latestError}
          </p>
        ) : latest.data.length === 0 ? (
          <p className="text-sm text-muted-foreground">{overviewMessages.noLatest}</p>
        ) : (
          <ul className="space-y-3" aria-label="Latest News">
            {latest.data.slice(0, LATEST_SHOWN).map((item) => (
              <li key={item.id}>
                <p className="text-sm">{item.title}</p>
                <p className="text-xs text-muted-foreground">
                  {item.source} · {item.category}
                </p>
              </li>
            ))}
          </ul>
        )}
        <Link to="/dashboard/ai-news" className="text-sm text-primary underline-offset-4 hover:underline">
          AI News Central
        </Link>
      </CardContent>
    </Card>
  );
}

export function TechnicalMonitor({ items }: { items: OverviewData['technicalMonitor'] }) {
  return (
    <Card>
      <CardHeader>
        <CardTitle level={2}>Technical Monitor</CardTitle>
      </CardHeader>
      <CardContent>
        {items.length === 0 ? (
          <p className="text-sm text-muted-foreground">{overviewMessages.noData}</p>
        ) : (
          <ul className="space-y-4">
            {items.map((m) => (
              <li key={m.id} className="space-y-1.5">
                <div className="flex justify-between text-sm">
                  <span>{m.label}</span>
                  <span className="font-medium tabular-nums">
                    {m.value}
                    {m.unit === '%' ? '%' : ` ${m.unit}`}
                  </span>
                </div>
                {m.unit === '%' && <Progress value={m.value} aria-label={m.label} />}
              </li>
            ))}
          </ul>
        )}
      </CardContent>
    </Card>
  );
}

export function WorkflowProgressPanel({
  items,
  queuedJobs,
}: {
  items: OverviewData['workflowProgress'];
  queuedJobs: number;
}) {
  return (
    <Card>
      <CardHeader>
        <CardTitle level={2}>AI Workflow</CardTitle>
        <CardDescription>{overviewMessages.queuedJobs(queuedJobs)}</CardDescription>
      </CardHeader>
      <CardContent>
        {items.length === 0 ? (
          <p className="text-sm text-muted-foreground">{overviewMessages.noData}</p>
        ) : (
          <ul className="space-y-4">
            {items.map((step) => (
              <li key={step.id} className="space-y-1.5">
                <div className="flex justify-between text-sm">
                  <span>{step.name}</span>
                  <span className="font-medium tabular-nums">{step.progress}%</span>
                </div>
                <Progress value={step.progress} aria-label={step.name} />
              </li>
            ))}
          </ul>
        )}
      </CardContent>
    </Card>
  );
}

const STATUS_TONE = { online: 'ok', degraded: 'warn', offline: 'error' } as const;

export function SystemStatusPanel({ items }: { items: OverviewData['systemStatus'] }) {
  return (
    <Card>
      <CardHeader>
        <CardTitle level={2}>System Status</CardTitle>
      </CardHeader>
      <CardContent>
        {items.length === 0 ? (
          <p className="text-sm text-muted-foreground">{overviewMessages.noData}</p>
        ) : (
          <ul className="divide-y">
            {items.map((s) => (
              <li key={s.id} className="flex items-center justify-between gap-3 py-2.5">
                <div>
                  <p className="text-sm font-medium">{s.name}</p>
                  <p className="text-xs text-muted-foreground">{s.detail}</p>
                </div>
                <Badge tone={STATUS_TONE[s.status]}>{overviewMessages.status[s.status]}</Badge>
              </li>
            ))}
          </ul>
        )}
      </CardContent>
    </Card>
  );
}
