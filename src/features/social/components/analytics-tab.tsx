import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import type { Platform } from '@/contract';
import { useAnalytics } from '../api/get-analytics';
import { PLATFORM_LABELS } from '@/lib/labels';
import { messages } from '../messages';
import { formatNumber } from '@/lib/format';

const DAYS = ['Mo', 'Di', 'Mi', 'Do', 'Fr', 'Sa', 'So'];

/** A plain SVG bar chart of one platform's daily reach (no chart library: seven bars do not need one). */
function ReachChart({ platform, series }: { platform: Platform; series: number[] }) {
  const max = Math.max(1, ...series);
  const width = 280;
  const height = 120;
  const bar = width / series.length;
  const label = `Reichweite ${PLATFORM_LABELS[platform]} der letzten 7 Tage: ${series.map((v, i) => `${DAYS[i % 7]} ${formatNumber(v)}`).join(', ')}`;
  return (
    <svg viewBox={`0 0 ${width} ${height + 16}`} role="img" aria-label={label} className="h-36 w-full">
      {series.map((v, i) => {
        const h = Math.round((v / max) * height);
        return (
          <g key={i}>
            <rect x={i * bar + 4} y={height - h} width={bar - 8} height={h} rx={3} className="fill-primary/80" />
            <text
              x={i * bar + bar / 2}
              y={height + 13}
              textAnchor="middle"
              className="fill-muted-foreground text-[10px]"
            >
              {DAYS[i % 7]}
            </text>
          </g>
        );
      })}
    </svg>
  );
}

/** Analytics: four stat cards and a chart per platform. */
export function AnalyticsTab() {
  const analytics = useAnalytics();
  if (analytics.isPending) return <p className="text-sm text-muted-foreground">Lädt …</p>;
  if (analytics.isError)
    return (
      <p role="alert" className="text-sm text-destructive">
        {messages.loadError}
      </p>
    );
  const { stats, perPlatform } = analytics.data;
  return (
    <div className="grid gap-6">
      <div className="grid gap-4 sm:grid-cols-2 lg:grid-cols-4">
        {stats.map((s) => (
          <Card key={s.id}>
            <CardHeader className="pb-2">
              <CardDescription>{s.title}</CardDescription>
              <CardTitle className="text-2xl tabular-nums">{s.value}</CardTitle>
            </CardHeader>
            <CardContent className="text-xs text-muted-foreground">{s.description}</CardContent>
          </Card>
        ))}
      </div>
      <div className="grid gap-4 md:grid-cols-2 xl:grid-cols-3">
        {perPlatform.map((p) => (
          <Card key={p.platform}>
            <CardHeader className="pb-2">
              <CardTitle className="text-base">{PLATFORM_LABELS[p.platform]}</CardTitle>
              <CardDescription>
                Reichweite {formatNumber(p.reach)} · Engagement {formatNumber(p.engagement)} %
              </CardDescription>
            </CardHeader>
            <CardContent>
              <ReachChart platform={p.platform} series={p.series ?? [p.reach]} />
            </CardContent>
          </Card>
        ))}
      </div>
    </div>
  );
}
