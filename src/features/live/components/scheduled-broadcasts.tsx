import { CalendarClock } from 'lucide-react';
import { lazy, Suspense } from 'react';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { Skeleton } from '@/components/ui/skeleton';
import { useSchedule } from '../api/get-schedule';
import { liveMessages } from '../messages';

function RundownUnavailable() {
  return (
    <p role="alert" className="text-sm text-red-700 dark:text-red-400">
      {liveMessages.rundownUnavailable}
    </p>
  );
}

// Today's stories load after the screen's heading (not in its first chunk); a failed load is said here, the screen stays.
const OnAirRundown = lazy(() =>
  import('../lib/load-on-air-rundown')
    .then((m) => m.loadOnAirRundown())
    .then(
      (m) => ({ default: m.OnAirRundown }),
      () => ({ default: RundownUnavailable }),
    ),
);

/** Scheduled broadcasts (id, title, time, date, platform) from GET /live/schedule, and today's published stories as a rundown. */
export function ScheduledBroadcasts() {
  const schedule = useSchedule();
  return (
    <Card>
      <CardHeader>
        <CardTitle>Scheduled Broadcasts</CardTitle>
        <CardDescription>Upcoming streams</CardDescription>
      </CardHeader>
      <CardContent className="space-y-4">
        {schedule.isPending ? (
          <Skeleton className="h-24" />
        ) : schedule.isError ? (
          <p role="alert" className="text-sm text-red-700 dark:text-red-400">
            {liveMessages.scheduleFailed}
          </p>
        ) : schedule.data.length === 0 ? (
          <p className="text-sm text-muted-foreground">{liveMessages.scheduleEmpty}</p>
        ) : (
          <ul className="divide-y">
            {schedule.data.map((item) => (
              <li key={item.id} className="flex items-start gap-3 py-2" data-broadcast-id={item.id}>
                <CalendarClock className="mt-0.5 size-4 shrink-0 text-muted-foreground" aria-hidden />
                <div className="min-w-0 flex-1">
                  <p className="truncate font-medium">{item.title}</p>
                  <p className="text-xs text-muted-foreground">
                    {item.date} · {item.time} · {item.platform}
                  </p>
                </div>
              </li>
            ))}
          </ul>
        )}
        <Suspense fallback={<Skeleton className="h-16" />}>
          <OnAirRundown />
        </Suspense>
      </CardContent>
    </Card>
  );
}
